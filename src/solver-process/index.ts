// Entry of the solver process (docs/process-model.md). Runs as an Electron utilityProcess (built to
// out/main/solver-process.js) and as a Node child process (the web host, the tests: the TypeScript
// entry through tsx). This main thread only relays: the solver session runs on a worker thread
// (solverThreads.ts), so a pause or stop is seen at once, and a stop ends the thread rather than wait.
import { connectToParent, type StreamPort } from './channel'
import { SolverThreads } from './solverThreads'

const parent = connectToParent()
/** Events go to the renderer's port when the host handed one over, else to the host. */
let eventPort: StreamPort | null = null
let eventPortNumber = 0

const threads = new SolverThreads(
  (to, message) => {
    if (to === 'parent' || (to === 'events' && !eventPort)) parent.post(message)
    else if (to === 'events' || to === eventPortNumber) eventPort?.postMessage(message)
  },
  // Without its worker the process cannot answer: exit, so the host restarts it and tells the user.
  (error) => {
    console.error('The solver thread failed:', error)
    process.exit(1)
  },
)

// The workers keep the process alive: leave with the host.
parent.onDisconnect(() => {
  threads.dispose()
  process.exit(0)
})
parent.onMessage((message, ports) => {
  if ((message as { kind?: unknown })?.kind === 'attachPort' && ports[0]) {
    attachEventPort(ports[0])
    return
  }
  threads.relay(message, 'parent')
})

function attachEventPort(port: StreamPort): void {
  eventPort = port
  const link = ++eventPortNumber
  // The consumer acknowledges frames (and may ask anything else) on the same port.
  port.on?.('message', (event) => threads.relay(event.data, link))
  port.start()
}
