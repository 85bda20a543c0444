// Browser mode: the built renderer over http plus the backend over a WebSocket at /api, both on
// 127.0.0.1 only. The WebSocket requires the random token printed at start, the host's own Origin
// and a loopback Host header, so another local user, a page of another site or a DNS-rebinding name
// cannot drive the backend (docs/security.md). The solver process is a Node child process; step
// frames and sensor rows travel as binary messages (src/shared/binaryMessage.ts).
// One document per host: a new tab takes it over (with its unsaved changes, which live here) and the
// tab that had it is told so and disconnected, so two tabs never replace each other's model unseen.
// Unsaved changes are autosaved to the recovery file, which the next start offers to recover.
// Files are opened, written and listed only inside the workspace folder (src/host/workspace.ts).
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import type { EventMessage } from '../../shared/api'
import { createBackend } from '../backend'
import { nodeSolverLauncher, type SolverEntry } from '../nodeSolverLauncher'
import { createRecoveryStore } from '../recovery'
import { createWorkspace } from '../workspace'
import { serveConnection } from './connection'
import { createStaticHandler } from './staticFiles'

const HOST = '127.0.0.1'
const PROJECT_ROOT = resolve(__dirname, '../../..')
/** The largest message a renderer sends is a whole project text (openModel). */
export const MAX_MESSAGE_BYTES = 64 << 20

export interface WebHostOptions {
  /** 0 picks a free port. */
  port: number
  /** The built renderer; defaults to out/renderer. */
  rendererDir?: string
  examplesDir?: string
  /** The solver process entry; defaults to the one matching this code (source or built). */
  solverEntry?: SolverEntry
  /** The only folder whose files the page may open, write and list; default: the current folder. */
  workspace?: string
  /** Where unsaved changes are autosaved (and recovered from at start); none without it. */
  recoveryFile?: string
  /** Where refused connections and socket errors are reported; defaults to stderr. */
  log?: (message: string) => void
}

export interface WebHost {
  url: string
  token: string
  /** The workspace folder (its real path). */
  workspace: string
  close(): Promise<void>
}

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const token = randomBytes(24).toString('base64url')
  const rendererDir = options.rendererDir ?? resolve(PROJECT_ROOT, 'out/renderer')
  if (!existsSync(resolve(rendererDir, 'index.html'))) {
    throw new Error(`No built renderer in ${rendererDir}: run "npm run build" first`)
  }
  const workspace = createWorkspace(options.workspace ?? process.cwd())
  const backend = createBackend({
    host: 'web',
    version: readPackageVersion(),
    examplesDir: options.examplesDir ?? resolve(PROJECT_ROOT, 'resources/examples'),
    launchSolver: nodeSolverLauncher(options.solverEntry),
    workspace,
    ...(options.recoveryFile ? { recovery: createRecoveryStore(options.recoveryFile) } : {}),
  })
  let holder: WebSocket | null = null
  const serveStatic = createStaticHandler(rendererDir)
  const log = options.log ?? ((message: string) => console.warn(`MBS Studio web host: ${message}`))
  let port = 0
  const server = createServer((request, response) => {
    if (!isLoopbackHost(request.headers.host, port)) {
      response.writeHead(421, { 'Content-Type': 'text/plain; charset=utf-8' })
      response.end('Misdirected request: this host answers only to 127.0.0.1 and localhost')
      return
    }
    void serveStatic(request, response)
  })
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES })
  server.on('error', (error) => log(`server error: ${error.message}`))
  server.on('clientError', (error, socket) => {
    log(`malformed HTTP request: ${error.message}`)
    socket.destroy()
  })
  sockets.on('error', (error) => log(`WebSocket server error: ${error.message}`))
  sockets.on('wsClientError', (error, socket) => {
    log(`refused a malformed WebSocket upgrade: ${error.message}`)
    socket.destroy()
  })

  server.on('upgrade', (request, socket, head) => {
    socket.on('error', (error) => log(`socket error: ${error.message}`))
    const url = new URL(request.url ?? '/', 'http://localhost')
    if (url.pathname !== '/api' || !tokenMatches(url.searchParams.get('token'), token))
      return refuse(socket, '401 Unauthorized')
    if (!isLoopbackHost(request.headers.host, port) || !isOwnOrigin(request.headers.origin, port))
      return refuse(socket, '403 Forbidden')
    sockets.handleUpgrade(request, socket, head, (ws) => {
      if (holder) handOver(holder)
      holder = ws
      ws.on('close', () => holder === ws && (holder = null))
      serveConnection(ws, backend, log)
    })
  })

  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen)
    server.listen(options.port, HOST, resolveListen)
  })
  port = (server.address() as AddressInfo).port
  return {
    url: `http://${HOST}:${port}/?token=${token}`,
    token,
    workspace: workspace.root,
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

function refuse(socket: Duplex, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`)
}

const loopbackNames = (port: number) => [`127.0.0.1:${port}`, `localhost:${port}`]

/** A Host header naming this server itself; any other name is a DNS-rebinding attempt. */
export function isLoopbackHost(host: string | undefined, port: number): boolean {
  return host !== undefined && loopbackNames(port).includes(host.toLowerCase())
}

/** The page the host served itself; a page of any other site (or no browser at all) is refused. */
export function isOwnOrigin(origin: string | undefined, port: number): boolean {
  return origin !== undefined && loopbackNames(port).some((name) => origin.toLowerCase() === `http://${name}`)
}

function tokenMatches(given: string | null, expected: string): boolean {
  if (given === null || given.length !== expected.length) return false
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected))
}

function readPackageVersion(): string {
  const pkg = JSON.parse(readFileSync(resolve(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }
  return pkg.version
}
