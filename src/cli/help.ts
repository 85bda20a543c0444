// Help texts, rendered from the command table in args.ts.
import { COMMANDS, findCommand, type CommandSpec, type OptionSpec } from './args'
import { EXIT } from './errors'

const EXIT_CODE_DOCS: [number, string][] = [
  [EXIT.ok, 'success'],
  [
    EXIT.invalidProject,
    'validate, info: the project file has problems (one per line: path: message); verify: the re-run ' +
      'differs from the results file',
  ],
  [
    EXIT.runInvalidProject,
    'run, modes, linearize: the project file has problems or cannot be assembled; nothing was solved. ' +
      'verify: the results file is damaged, or its run cannot be repeated',
  ],
  [
    EXIT.solverFailure,
    'run: the solver failed (no convergence, singular system, NaN or Infinity, an item that cannot be ' +
      'evaluated such as coincident markers); the sensor files and results frames up to the last accepted ' +
      'step are written. modes, linearize: the state cannot be computed, or a free coordinate has no mass',
  ],
  [EXIT.usage, 'bad arguments, such as an unknown load or sensor for linearize (the usage is printed)'],
  [EXIT.noInput, 'an input file cannot be read'],
  [EXIT.unavailable, 'study --queue, worker: the Redis server cannot be reached'],
  [
    EXIT.cannotCreate,
    'an output file cannot be created or written (disk full, no permission, a device error); the message ' +
      'names the path and the system error',
  ],
  [EXIT.internal, 'internal error (please report it)'],
]

/** "mbs run PROJECT [--end-time T] ..." */
export function usageLine(spec: CommandSpec): string {
  const operand = spec.name === 'help' ? `[${spec.operand}]` : spec.operand
  const options = spec.options.map((o) => {
    const option = `${o.short ? `-${o.short}|` : ''}--${o.name}${optionValue(o)}`
    return o.required ? option : `[${option}]`
  })
  return ['mbs', spec.name, ...(operand ? [operand] : []), ...options].join(' ')
}

/** " VALUE", " VALUE..." for an option of several values, "" for a flag. */
function optionValue(o: OptionSpec): string {
  return o.value ? ` ${o.value}${o.many ? '...' : ''}` : ''
}

function wrap(text: string, indent: string, width = 100): string {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/)) {
    if (line && indent.length + line.length + 1 + word.length > width) {
      lines.push(indent + line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  if (line) lines.push(indent + line)
  return lines.join('\n')
}

export function commandHelp(name: string): string {
  const spec = findCommand(name)!
  const out = [`Usage: ${usageLine(spec)}`, '', wrap(spec.description, '')]
  if (spec.options.length > 0) {
    out.push('', 'Options:')
    for (const o of spec.options) {
      out.push(`  ${o.short ? `-${o.short}, ` : ''}--${o.name}${optionValue(o)}`)
      out.push(wrap(o.doc, '      '))
    }
  }
  out.push('', exitCodesHelp())
  return out.join('\n')
}

function exitCodesHelp(): string {
  return [
    'Exit codes:',
    ...EXIT_CODE_DOCS.map(([code, doc]) => `  ${String(code).padStart(2)}  ${doc}`),
  ].join('\n')
}

export function generalHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length))
  return [
    'mbs: the MBS Studio command line (multibody simulation of .mbsproj project files)',
    '',
    'Usage:',
    ...COMMANDS.map((c) => `  ${usageLine(c)}`),
    '  mbs --help | --version',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    '"mbs help COMMAND" or "mbs COMMAND --help" explains a command and its options.',
    '',
    exitCodesHelp(),
  ].join('\n')
}
