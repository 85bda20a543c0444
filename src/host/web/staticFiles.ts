// Serves the built renderer (out/renderer). Module scripts need http: file:// blocks them.
import { readFile } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { extname, join, normalize, sep } from 'node:path'
import { CONTENT_SECURITY_POLICY } from '../../shared/contentSecurityPolicy'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
}

export function createStaticHandler(rootDir: string) {
  const root = normalize(rootDir + sep)
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return send(response, 405, 'Method not allowed')
    const file = resolveFile(root, request.url ?? '/')
    if (!file) return send(response, 403, 'Forbidden')
    try {
      const body = await readFile(file)
      response.writeHead(200, {
        'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
        'Content-Security-Policy': CONTENT_SECURITY_POLICY,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-cache',
      })
      response.end(request.method === 'HEAD' ? undefined : body)
    } catch {
      send(response, 404, 'Not found')
    }
  }
}

/** The file a URL names inside root, or null for a malformed URL or one that escapes root. */
function resolveFile(root: string, url: string): string | null {
  let pathname: string
  try {
    pathname = decodeURIComponent(new URL(url, 'http://localhost').pathname)
  } catch {
    return null
  }
  const file = normalize(join(root, pathname === '/' ? 'index.html' : pathname))
  return file.startsWith(root) ? file : null
}

function send(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' })
  response.end(text)
}
