// The force laws of the spring items' user functions (Exudyn's springForceUserFunction and alike): six
// scalar arguments, t first, written into the item's own argument vector (nothing allocated per call).
import type { VariableFunction } from '../../model/expression'

/** law(t, a1, ..., a5) with the arguments in args (length 6). */
export function evaluateLaw(
  law: VariableFunction,
  args: Float64Array,
  t: number,
  a1: number,
  a2: number,
  a3: number,
  a4: number,
  a5: number,
): number {
  args[0] = t
  args[1] = a1
  args[2] = a2
  args[3] = a3
  args[4] = a4
  args[5] = a5
  return law(args)
}
