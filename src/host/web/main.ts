// `npm run web`: serves the built renderer in any browser. Options: --port N (or MBS_WEB_PORT), 0 = random;
// --recovery-file FILE: where unsaved changes are autosaved (default ~/.mbs-studio/web-recovery.json);
// --workspace DIR (or MBS_WEB_WORKSPACE): the only folder the page may open and write files in
// (default: the folder the host was started in).
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

/** The value of `--NAME VALUE`, undefined without the flag; a flag without a value is refused. */
function readPathOption(argv: string[], name: string, expected: string): string | undefined {
  const flag = argv.indexOf(`--${name}`)
  if (flag < 0) return undefined
  const value = argv[flag + 1]
  if (!value || value.startsWith('--')) throw new Error(`--${name} expects ${expected}`)
  return resolve(value)
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2)
  const recoveryFile =
    readPathOption(argv, 'recovery-file', 'a file path') ??
    join(homedir(), '.mbs-studio', 'web-recovery.json')
  const workspace = readPathOption(argv, 'workspace', 'a folder') ?? process.env.MBS_WEB_WORKSPACE
  const host = await startWebHost({ port: readPort(argv), recoveryFile, workspace })
  console.log(`MBS Studio web host: ${host.url}`)
  console.log(`Workspace (the only folder files are opened and saved in): ${host.workspace}`)
  const stop = () => void host.close().then(() => process.exit(0))
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((error: unknown) => {
  console.error(`MBS Studio web host failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
