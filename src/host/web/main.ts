// `npm run web`: serves the built renderer in any browser. Options: --port N (or MBS_WEB_PORT), 0 = random;
// --recovery-file FILE: where unsaved changes are autosaved (default ~/.mbs-studio/web-recovery.json).
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import { startWebHost } from './webHost'

function readPort(argv: string[]): number {
  const flag = argv.indexOf('--port')
  const text = flag >= 0 ? argv[flag + 1] : process.env.MBS_WEB_PORT
  const port = Number(text ?? 0)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid port "${text}"`)
  return port
}

function readRecoveryFile(argv: string[]): string {
  const flag = argv.indexOf('--recovery-file')
  if (flag < 0) return join(homedir(), '.mbs-studio', 'web-recovery.json')
  const file = argv[flag + 1]
  if (!file || file.startsWith('--')) throw new Error('--recovery-file expects a file path')
  return resolve(file)
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2)
  const host = await startWebHost({ port: readPort(argv), recoveryFile: readRecoveryFile(argv) })
  console.log(`MBS Studio web host: ${host.url}`)
  const stop = () => void host.close().then(() => process.exit(0))
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((error: unknown) => {
  console.error(`MBS Studio web host failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
