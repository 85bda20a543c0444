// One policy for every way the renderer is loaded: Electron main sends it as a header, the web host
// too, and the renderer build writes it into index.html for file:// loads (which carry no headers).
// 'self' in connect-src also allows ws: to the same host and port (the web host's /api, Vite's HMR).
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // Vue and Babylon set inline styles; Vite's dev server injects <style> elements.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ')
