import type { ResolvedItem } from '../../model/definition'
import { compileTimeFunction, type TimeFunction } from '../../model/expression'
import type { MarkerComputation, PackedLoadKind } from '../../system/computation'
import type { SystemState } from '../../system/state'
import { defineLoad, markerOf } from '../common/loadBase'
import { requireMarkers } from '../common/markerChecks'
import { PACKED_COORDINATE_LOADS, type PackableCoordinateLoad } from '../common/packedCoordinates'

class CoordinateLoad implements PackableCoordinateLoad {
  private readonly fn: TimeFunction | undefined
  /** The live load value (setParameters). */
  private load = 0
  readonly packedLoads: PackedLoadKind = PACKED_COORDINATE_LOADS
  constructor(
    private readonly marker: MarkerComputation,
    userFunction: string,
  ) {
    this.fn = userFunction !== '' ? compileTimeFunction(userFunction) : undefined
  }
  setParameters(item: ResolvedItem): void {
    this.load = item.params.number('load')
  }
  setupLTG(): void {}
  get coordinateIndex(): number {
    return this.marker.coordinateIndex!
  }
  get constantLoad(): number | undefined {
    return this.fn ? undefined : this.load
  }
  loadValue(t: number, out: Float64Array): number {
    out[0] = this.fn ? this.fn(t) : this.load
    return 1
  }
  /** V = -f(t) q_i (q_i: the coordinate's displacement). */
  potentialEnergy(s: SystemState): number {
    const i = this.marker.coordinateIndex!
    return i >= 0 ? -(this.fn ? this.fn(s.t) : this.load) * s.q[i] : 0
  }
  addLoad(s: SystemState, f: Float64Array, factor: number): void {
    const i = this.marker.coordinateIndex!
    if (i >= 0) f[i] += factor * (this.fn ? this.fn(s.t) : this.load)
  }
}

export const LoadCoordinate = defineLoad({
  type: 'Coordinate',
  doc: 'A scalar load (force or torque) on one coordinate, through a NodeCoordinate marker.',
  parameters: {
    markerNumber: { type: 'ref', kind: 'marker', doc: 'a coordinate marker' },
    load: { type: 'number', default: 0, live: true, doc: 'the load value (N or N m)' },
    loadUserFunction: {
      type: 'expression',
      default: '',
      doc: 'optional time function f(t) that replaces load; "" for none',
    },
  },
  check: (it, m) => requireMarkers(it, m, 'markerNumber', 'coordinate'),
  build: (it, ctx) => {
    const load = new CoordinateLoad(markerOf(it, ctx), it.params.string('loadUserFunction'))
    load.setParameters(it)
    return load
  },
})
