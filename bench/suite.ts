// The contract between bench/run.ts and the bench/*.bench.ts files: each file exports `suite`, whose
// run() returns table rows. Rows of engine runs carry the solver statistics; peer rows only times.

export interface BenchRow {
  model: string
  /** 'MBS Studio' or the peer engine, with its setting. */
  engine: string
  steps: number
  simulatedSeconds: number
  wallSeconds: number
  cpuSeconds: number
  unknowns?: number
  linearSolver?: string
  newtonPerStep?: number
  jacobiansPerStep?: number
  setupSeconds?: number
  maxSliceMs?: number
  heapGrowthPerStep?: number
  peakRssMB?: number
  /** Accuracy against a reference, as text (e.g. "|x - x_ref| = 3e-7 m"). */
  accuracy?: string
  /** The anchor this row is compared with (e.g. Exudyn's time per step). */
  anchor?: string
}

export interface BenchSuite {
  name: string
  run(): Promise<BenchRow[]>
  /** Lines printed under the table (derived results: scaling exponent, ratios). */
  summary?(rows: BenchRow[]): string[]
}
