// `npm run test:browser` (after `npm run build`): runs the listed browser tests with node:test and
// prints "N passed, N failed". Fails on any failure and when no test ran at all (a wrong file list
// must not look green).
import { run } from 'node:test'
import { spec } from 'node:test/reporters'
import { finished } from 'node:stream/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const files = [
  'shell.spec.mjs',
  'webSocketAuth.spec.mjs',
  'simulationRun.spec.mjs',
  'builtSolver.spec.mjs',
  'renderer.spec.mjs',
  'flexibleContact.spec.mjs',
  'kinematicTree.spec.mjs',
  'upAxis.spec.mjs',
  'noLostWork.spec.mjs',
  'solverCrash.spec.mjs',
  'fileChanged.spec.mjs',
  'firstHour.spec.mjs',
  'modes.spec.mjs',
  'study.spec.mjs',
  'refusedEdit.spec.mjs',
  'fileBrowser.spec.mjs',
  'media.spec.mjs',
  'plots.spec.mjs',
  'branch.spec.mjs',
  'runs.spec.mjs',
  'meshes.spec.mjs',
  'urdfImport.spec.mjs',
].map((file) => join(here, file))

let passed = 0
let failed = 0
// Per file: the renderer workflow runs about 55 s on a quiet 2-core machine and 100-130 s under a
// load average of 20 (parallel builds and tests).
const stream = run({ files, timeout: 240_000 })
stream.on('test:pass', (event) => {
  if (isTestCase(event)) passed++
})
// Every failure counts, including a file that could not load (reported under the file's own name).
stream.on('test:fail', (event) => {
  if (event.details?.type !== 'suite') failed++
})
const report = stream.compose(spec)
report.pipe(process.stdout, { end: false })
await finished(report)

console.log(`${passed} passed, ${failed} failed`)
process.exitCode = failed > 0 || passed === 0 ? 1 : 0

/** A test case, not a describe() suite, nor the pass Node 20 reports for a file that declares no test. */
function isTestCase(event) {
  return event.details?.type !== 'suite' && event.name !== event.file
}
