// Butcher tableaus of the explicit Runge-Kutta solvers, under Exudyn's DynamicSolverType names. The
// solver (explicit.ts) runs one loop over the stages of whichever tableau it is given; a method is
// nothing but its coefficients here.

export interface ButcherTableau {
  /** Strictly lower-triangular stage coefficients: stage i uses a[i][0..i-1]. */
  readonly a: readonly (readonly number[])[]
  readonly b: readonly number[]
  readonly c: readonly number[]
  /** b - b_hat: error weights of the embedded method (error-controlled tableaus only). */
  readonly e?: readonly number[]
  /** Order of the solution (the higher order of an embedded pair). */
  readonly order: number
}

const SQRT5 = Math.sqrt(5)

export const EXPLICIT_TABLEAUS = {
  ExplicitEuler: { a: [[]], b: [1], c: [0], order: 1 },
  /** Runge's midpoint rule. */
  ExplicitMidpoint: { a: [[], [1 / 2]], b: [0, 1], c: [0, 1 / 2], order: 2 },
  /** Heun's third-order method (Hairer-Norsett-Wanner I, table II.1.1). */
  RK33: { a: [[], [1 / 3], [0, 2 / 3]], b: [1 / 4, 0, 3 / 4], c: [0, 1 / 3, 2 / 3], order: 3 },
  /** The classical fourth-order method. */
  RK44: {
    a: [[], [1 / 2], [0, 1 / 2], [0, 0, 1]],
    b: [1 / 6, 1 / 3, 1 / 3, 1 / 6],
    c: [0, 1 / 2, 1 / 2, 1],
    order: 4,
  },
  /**
   * Butcher's seven-stage sixth-order method (J. Austral. Math. Soc. 4, 1964), nodes at the Lobatto points (5
   * -+ sqrt 5) / 10.
   */
  RK67: {
    a: [
      [],
      [(5 - SQRT5) / 10],
      [-SQRT5 / 10, (5 + 2 * SQRT5) / 10],
      [(7 * SQRT5 - 15) / 20, (SQRT5 - 1) / 4, (15 - 7 * SQRT5) / 10],
      [(5 - SQRT5) / 60, 0, 1 / 6, (15 + 7 * SQRT5) / 60],
      [(5 + SQRT5) / 60, 0, (9 - 5 * SQRT5) / 12, 1 / 6, (3 * SQRT5 - 5) / 10],
      [1 / 6, 0, (25 * SQRT5 - 55) / 12, -(25 + 7 * SQRT5) / 12, 5 - 2 * SQRT5, (5 + SQRT5) / 2],
    ],
    b: [1 / 12, 0, 0, 0, 5 / 12, 5 / 12, 1 / 12],
    c: [0, (5 - SQRT5) / 10, (5 + SQRT5) / 10, (5 - SQRT5) / 10, (5 + SQRT5) / 10, (5 - SQRT5) / 10, 1],
    order: 6,
  },
  /** Bogacki-Shampine 3(2), error control; the last stage is f(y_n+1) (first same as last). */
  ODE23: {
    a: [[], [1 / 2], [0, 3 / 4], [2 / 9, 1 / 3, 4 / 9]],
    b: [2 / 9, 1 / 3, 4 / 9, 0],
    c: [0, 1 / 2, 3 / 4, 1],
    e: [-5 / 72, 1 / 12, 1 / 9, -1 / 8],
    order: 3,
  },
  /** Dormand-Prince 5(4), error control (Hairer-Norsett-Wanner I, table II.5.2); first same as last. */
  DOPRI5: {
    a: [
      [],
      [1 / 5],
      [3 / 40, 9 / 40],
      [44 / 45, -56 / 15, 32 / 9],
      [19372 / 6561, -25360 / 2187, 64448 / 6561, -212 / 729],
      [9017 / 3168, -355 / 33, 46732 / 5247, 49 / 176, -5103 / 18656],
      [35 / 384, 0, 500 / 1113, 125 / 192, -2187 / 6784, 11 / 84],
    ],
    b: [35 / 384, 0, 500 / 1113, 125 / 192, -2187 / 6784, 11 / 84, 0],
    c: [0, 1 / 5, 3 / 10, 4 / 5, 8 / 9, 1, 1],
    e: [71 / 57600, 0, -71 / 16695, 71 / 1920, -17253 / 339200, 22 / 525, -1 / 40],
    order: 5,
  },
} as const satisfies Record<string, ButcherTableau>

export type ExplicitSolverType = keyof typeof EXPLICIT_TABLEAUS

export function isExplicitSolverType(solverType: string): solverType is ExplicitSolverType {
  return Object.hasOwn(EXPLICIT_TABLEAUS, solverType)
}

/**
 * First same as last: the last stage is evaluated at exactly the new solution (its row of a is b and
 * c = 1), so f(y_n+1) is that stage's derivative and need not be evaluated again.
 */
export function firstSameAsLast(t: ButcherTableau): boolean {
  const s = t.b.length
  return (
    s > 1 && t.c[s - 1] === 1 && t.b[s - 1] === 0 && t.b.every((bk, k) => k === s - 1 || t.a[s - 1][k] === bk)
  )
}
