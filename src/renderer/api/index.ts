// The one API object of the renderer: Electron's preload provides window.mbs; in a plain browser
// the web host's WebSocket does, authorized by the token in the page's URL.
import type { MbsApi } from '../../shared/api'
import { createWebSocketApi } from './webSocketApi'

declare global {
  interface Window {
    mbs?: MbsApi
  }
}

function connectApi(): MbsApi {
  if (window.mbs) return window.mbs
  const token = new URLSearchParams(window.location.search).get('token') ?? ''
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:'
  return createWebSocketApi(`${protocol}//${window.location.host}/api?token=${encodeURIComponent(token)}`)
}

export const api = connectApi()
