// Browser mode: the built renderer over http plus the backend over a WebSocket at /api, both on
// 127.0.0.1 only. The WebSocket requires the random token printed at start, so another local
// user or a web page in the same browser cannot drive the backend. The solver process is a Node
// child process; step frames and sensor rows travel as binary messages (src/shared/binaryMessage.ts).
// One document per host: a new tab takes it over (with its unsaved changes, which live here) and the
// tab that had it is told so and disconnected, so two tabs never replace each other's model unseen.
// Unsaved changes are autosaved to the recovery file, which the next start offers to recover.
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { WebSocketServer, type WebSocket } from 'ws'
import type { EventMessage } from '../../shared/api'
import { encodeBinaryMessage } from '../../shared/binaryMessage'
import { createBackend, type Backend } from '../backend'
import { nodeSolverLauncher, type SolverEntry } from '../nodeSolverLauncher'
import { createRecoveryStore } from '../recovery'
import { createStaticHandler } from './staticFiles'

const HOST = '127.0.0.1'
const PROJECT_ROOT = resolve(__dirname, '../../..')

export interface WebHostOptions {
  /** 0 picks a free port. */
  port: number
  /** The built renderer; defaults to out/renderer. */
  rendererDir?: string
  examplesDir?: string
  /** The solver process entry; defaults to the one matching this code (source or built). */
  solverEntry?: SolverEntry
  /** Where unsaved changes are autosaved (and recovered from at start); none without it. */
  recoveryFile?: string
}

export interface WebHost {
  url: string
  token: string
  close(): Promise<void>
}

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const token = randomBytes(24).toString('base64url')
  const rendererDir = options.rendererDir ?? resolve(PROJECT_ROOT, 'out/renderer')
  if (!existsSync(resolve(rendererDir, 'index.html'))) {
    throw new Error(`No built renderer in ${rendererDir}: run "npm run build" first`)
  }
  const backend = createBackend({
    host: 'web',
    version: readPackageVersion(),
    examplesDir: options.examplesDir ?? resolve(PROJECT_ROOT, 'resources/examples'),
    launchSolver: nodeSolverLauncher(options.solverEntry),
    ...(options.recoveryFile ? { recovery: createRecoveryStore(options.recoveryFile) } : {}),
  })
  let holder: WebSocket | null = null
  const serveStatic = createStaticHandler(rendererDir)
  const server = createServer((request, response) => void serveStatic(request, response))
  const sockets = new WebSocketServer({ noServer: true })

  server.on('upgrade', (request, socket, head) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    if (url.pathname !== '/api' || !tokenMatches(url.searchParams.get('token'), token)) {
      socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n')
      return
    }
    sockets.handleUpgrade(request, socket, head, (ws) => {
      if (holder) handOver(holder)
      holder = ws
      ws.on('close', () => holder === ws && (holder = null))
      serveConnection(ws, backend)
    })
  })

  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen)
    server.listen(options.port, HOST, resolveListen)
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://${HOST}:${port}/?token=${token}`,
    token,
    close: async () => {
      for (const ws of sockets.clients) ws.terminate()
      sockets.close()
      backend.dispose(true)
      await new Promise<void>((resolveClose) => server.close(() => resolveClose()))
    },
  }
}

const ELSEWHERE = 'MBS Studio was opened in another tab or window, which now has this document'

/** Tells the tab that held the document that another one has it now, and disconnects it. */
function handOver(ws: WebSocket): void {
  const event: EventMessage = { event: 'openedElsewhere', data: { message: ELSEWHERE } }
  ws.send(JSON.stringify(event))
  ws.close(4000, 'opened elsewhere')
}

function serveConnection(ws: WebSocket, backend: Backend): void {
  const unsubscribe = backend.onEvent((event) => ws.send(encodeEvent(event)))
  ws.on('close', unsubscribe)
  ws.on('message', async (data) => {
    let request: unknown
    try {
      request = JSON.parse(data.toString())
    } catch {
      request = undefined // answered as a bad request below
    }
    ws.send(JSON.stringify(await backend.respond(request)))
  })
}

/** Events with Float64Arrays go binary; the rest as JSON text. */
function encodeEvent(event: EventMessage): string | ArrayBuffer {
  return event.event === 'frames' || event.event === 'sensors'
    ? encodeBinaryMessage(event)
    : JSON.stringify(event)
}

function tokenMatches(given: string | null, expected: string): boolean {
  if (given === null || given.length !== expected.length) return false
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected))
}

function readPackageVersion(): string {
  const pkg = JSON.parse(readFileSync(resolve(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }
  return pkg.version
}
