// Failure is an answer, not a crash: solver errors carry the time, the step and the items involved.

export type SolverErrorKind =
  'singular' | 'noConvergence' | 'nonFinite' | 'unsupported' | 'cancelled' | 'model'

export class SolverError extends Error {
  constructor(
    readonly kind: SolverErrorKind,
    message: string,
    readonly time?: number,
    readonly step?: number,
    readonly items: string[] = [],
  ) {
    super(message)
    this.name = 'SolverError'
  }
}

export interface CancellationToken {
  readonly cancelled: boolean
}
