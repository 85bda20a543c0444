// Entry of the solver process (docs/process-model.md). Runs as an Electron utilityProcess (built to
// out/main/solver-process.js) and as a Node child process (the web host, the tests: the TypeScript
// entry through tsx). This main thread only relays: the solver session runs on a worker thread
// (solverWorker.ts), so a pause or stop is seen at once and interrupts the step in flight (threads.ts).
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { connectToParent, type StreamPort } from './channel'
import { interruptsStep, type Link, type WorkerData, type WorkerMessage } from './threads'

const parent = connectToParent()
/** Events go to the renderer's port when the host handed one over, else to the host. */
let eventPort: StreamPort | null = null
let eventPortNumber = 0
const interrupts = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT))
const worker = startWorker({ interrupts })

function startWorker(data: WorkerData): Worker {
  // Built: out/main/solver-worker.js beside this file. Source: Node 20 does not apply tsx's loader
  // (--import tsx) to a worker's .ts entry, so the worker registers tsx before requiring it.
  if (!__filename.endsWith('.ts'))
    return new Worker(join(__dirname, 'solver-worker.js'), { workerData: data })
  const tsx = createRequire(__filename).resolve('tsx/cjs/api')
  const entry = join(__dirname, 'solverWorker.ts')
  const code = `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(entry)})`
  return new Worker(code, { eval: true, workerData: data })
}

worker.on('message', ({ to, message }: WorkerMessage) => {
  if (to === 'parent' || (to === 'events' && !eventPort)) parent.post(message)
  else if (to === 'events' || to === eventPortNumber) eventPort?.postMessage(message)
})
// Without its worker the process cannot answer: exit, so the host restarts it and tells the user.
worker.on('error', (error) => {
  console.error('The solver thread failed:', error)
  process.exit(1)
})
worker.on('exit', (code) => process.exit(code === 0 ? 1 : code))

function relay(message: unknown, link: Link): void {
  const counted = interruptsStep(message)
  if (counted) Atomics.add(interrupts, 0, 1)
  worker.postMessage({ link, message, interrupts: counted })
}

// The worker keeps the process alive: leave with the host.
parent.onDisconnect(() => process.exit(0))
parent.onMessage((message, ports) => {
  if ((message as { kind?: unknown })?.kind === 'attachPort' && ports[0]) {
    attachEventPort(ports[0])
    return
  }
  relay(message, 'parent')
})

function attachEventPort(port: StreamPort): void {
  eventPort = port
  const link = ++eventPortNumber
  // The consumer acknowledges frames (and may ask anything else) on the same port.
  port.on?.('message', (event) => relay(event.data, link))
  port.start()
}
