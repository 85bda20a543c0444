// When outputs (sensor rows, results-file frames) are due: at startTime + k * period, k counting the
// output times written so far, so times do not drift from summing periods. Period 0 means every step.
// The schedule is part of a run's state: checkpoints save it, so a restarted run writes exactly the
// rows the continuous run would have written after the checkpoint, and none twice.

export interface OutputScheduleState {
  startTime: number
  count: number
  /** Time of the last output (period 0: an output is due at every new time). */
  lastTime: number
}

export class OutputSchedule {
  private startTime = NaN
  private count = 0
  private lastTime = NaN
  /**
   * With a period: startTime + count * period minus the tolerance, before which no output is due
   * (the same sum take compares with, made once per output); NaN before the first output.
   */
  private nextDueTime = NaN

  constructor(readonly period: number) {}

  /**
   * Whether an output is due at time at.t (always at the first call, and with force); advances the
   * schedule if so. The state, not its time: V8 boxes a double passed to a call it does not inline, and
   * the results writer asks at every step.
   */
  take(at: { readonly t: number }, force = false): boolean {
    const t = at.t
    // Between outputs (most steps) one comparison; NaN (no period, or none yet) goes on.
    if (t < this.nextDueTime && !force) return false
    const p = this.period
    if (Number.isNaN(this.startTime)) this.startTime = t
    // Steps rarely land exactly on the period: an output is due within a tiny fraction of it.
    const tol = 1e-8 * p
    const due = p <= 0 ? !(t <= this.lastTime) : t >= this.startTime + this.count * p - tol
    if (!due && !force) return false
    this.lastTime = t
    if (p > 0) while (this.startTime + this.count * p <= t + tol) this.count++
    this.updateNextDue()
    return true
  }

  /** take is false at times before this (NaN: it may be true at any time). */
  get nextDue(): number {
    return this.nextDueTime
  }

  get schedule(): OutputScheduleState {
    return { startTime: this.startTime, count: this.count, lastTime: this.lastTime }
  }
  set schedule(v: OutputScheduleState) {
    this.startTime = v.startTime
    this.count = v.count
    this.lastTime = v.lastTime
    this.updateNextDue()
  }

  private updateNextDue(): void {
    const p = this.period
    this.nextDueTime = p > 0 ? this.startTime + this.count * p - 1e-8 * p : NaN
  }
}
