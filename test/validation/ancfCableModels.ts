// Model builders for the ANCF cable tests, after Exudyn's GenerateStraightLineANCFCable2D: a straight
// line of n ANCFCable2D elements from p0 to p1, coordinate constraints at node 0 to a ground node,
// and optionally gravity on every element through BodyMass markers.
import type { Json } from './helpers'

export interface CableProperties {
  physicsMassPerLength: number
  physicsBendingStiffness: number
  physicsAxialStiffness: number
  [parameter: string]: number
}

export interface StraightCable {
  p0: [number, number]
  p1: [number, number]
  elements: number
  cable: CableProperties
  /** Constrain node 0's coordinates [x, y, r'x, r'y] (1 = fixed), as Exudyn's fixedConstraintsNode0. */
  fixedConstraintsNode0: number[]
  massProportionalLoad?: [number, number]
}

/** Model lists; nodes are "n0".."nN", elements "c0".."c(N-1)". */
export function straightCable(spec: StraightCable): { nodes: Json[]; objects: Json[]; markers: Json[]; loads: Json[] } {
  const { p0, p1, elements: n } = spec
  const dx = p1[0] - p0[0], dy = p1[1] - p0[1]
  const length = Math.hypot(dx, dy)
  const slope = [dx / length, dy / length]
  const nodes: Json[] = [{ type: 'PointGround', name: 'ground' }]
  const objects: Json[] = []
  const markers: Json[] = []
  const loads: Json[] = []
  for (let i = 0; i <= n; i++)
    nodes.push({ type: 'Point2DSlope1', name: `n${i}`, referenceCoordinates: [p0[0] + (dx * i) / n, p0[1] + (dy * i) / n, slope[0], slope[1]] })
  for (let i = 0; i < n; i++) {
    objects.push({ type: 'ANCFCable2D', name: `c${i}`, nodeNumbers: [`n${i}`, `n${i + 1}`], physicsLength: length / n, ...spec.cable })
    if (spec.massProportionalLoad) {
      markers.push({ type: 'BodyMass', name: `mass${i}`, bodyNumber: `c${i}` })
      loads.push({ type: 'MassProportional', name: `gravity${i}`, markerNumber: `mass${i}`, loadVector: [...spec.massProportionalLoad, 0] })
    }
  }
  markers.push({ type: 'NodeCoordinate', name: 'groundCoordinate', nodeNumber: 'ground' })
  spec.fixedConstraintsNode0.forEach((fixed, k) => {
    if (!fixed) return
    markers.push({ type: 'NodeCoordinate', name: `n0c${k}`, nodeNumber: 'n0', coordinate: k })
    objects.push({ type: 'ConnectorCoordinate', name: `fix${k}`, markerNumbers: ['groundCoordinate', `n0c${k}`] })
  })
  return { nodes, objects, markers, loads }
}
