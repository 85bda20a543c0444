// Connectors acting on two scalar coordinates (NodeCoordinate markers): a spring-damper with optional
// dry friction, and a linear coordinate constraint. They act on displacement coordinates, as in
// Exudyn; a marker on a node without coordinates (PointGround) is a fixed zero.
import type { MarkerComputation, ObjectComputation } from '../../system/computation'

export abstract class CoordinatePair implements ObjectComputation {
  ltgODE2 = new Int32Array(0)
  aeIndex = 0
  dataIndex = 0
  abstract readonly nAE: number
  readonly nData: number = 0
  /** Position of each marker's coordinate in ltgODE2, or -1 when it is fixed. */
  protected readonly slot = new Int32Array([-1, -1])
  protected readonly index = new Int32Array([-1, -1])

  constructor(protected readonly markers: MarkerComputation[]) {}

  setupLTG(): void {
    const idx: number[] = []
    for (let k = 0; k < 2; k++) {
      const g = this.markers[k].coordinateIndex!
      this.index[k] = g
      this.slot[k] = g >= 0 ? idx.push(g) - 1 : -1
    }
    this.ltgODE2 = Int32Array.from(idx)
  }

  protected value(x: Float64Array, k: number): number {
    const g = this.index[k]
    return g >= 0 ? x[g] : 0
  }
}
