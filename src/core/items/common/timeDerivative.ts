// Drives: prescribed motions that follow a time function (the safe expression language of
// core/model/expression.ts). A rheonomic constraint g(q, t) = C q - u(t) needs, besides u itself,
//   u'(t)  for its velocity-level (index-2) form  C q' - u'(t) = 0 and for velocity projection,
//   u''(t) for consistent accelerations            C q'' = u''(t) (+ terms of a non-constant C).
// u' comes from the user's derivative expression when given (Exudyn's offsetUserFunction_t), else
// from timeDerivative below; u'' always from timeDerivative of u'.
import type { TimeFunction } from '../../model/expression'

/**
 * d/dt f at t by the fourth-order central difference (f(t-2h) - 8 f(t-h) + 8 f(t+h) - f(t+2h)) / 12h.
 * The step balances truncation (h^4 f^(5) / 30) against round-off (eps |f| / h): h = 1e-3 max(1, |t|)
 * gives a relative error near 1e-11 for smooth functions with unit time scale, far below any Newton
 * tolerance of the solvers; the derivative of a constant is exactly 0.
 */
export function timeDerivative(f: TimeFunction, t: number): number {
  const h = 1e-3 * Math.max(1, Math.abs(t))
  return (f(t - 2 * h) - 8 * f(t - h) + 8 * f(t + h) - f(t + 2 * h)) / (12 * h)
}
