// The fuzz suite's budget: `npm test` runs each property a few dozen times within ~30 s in all;
// `npm run fuzz` (MBS_FUZZ_SCALE set) multiplies the counts. The seed is fixed, so a failure repeats.
export const FUZZ_SEED = 20261202
const scale = Number(process.env.MBS_FUZZ_SCALE ?? 1)

export function fuzzRuns(base: number): number {
  return Math.max(1, Math.round(base * (Number.isFinite(scale) && scale > 0 ? scale : 1)))
}
