// Reference pages of the item types, rendered from their definitions (docs/items/<kind>/<Type>.md and
// an index): the definitions are the single source, and a test keeps the committed pages current.
import {
  allItemTypes,
  ITEM_KINDS,
  KIND_LIST_KEY,
  type AnyItemDefinition,
  type JsonValue,
  type ParamSpec,
  settingsSchemaEntries,
} from '../core'
import { canonicalJson } from '../core/model/canonicalJson'
import { listEntryText } from '../core/model/parameters'

const GENERATED_NOTE =
  '<!-- Generated from the item definitions by `npm run docs:items`; do not edit by hand. -->'

/**
 * Relative path (posix) -> Markdown text, for every registered item type plus README.md and the
 * simulation settings page (simulationSettings.md), all from the definitions.
 */
export function renderItemDocs(defs: readonly AnyItemDefinition[] = allItemTypes()): Map<string, string> {
  const files = new Map<string, string>()
  for (const def of defs) files.set(itemDocPath(def), itemPage(def))
  files.set('README.md', indexPage(defs))
  files.set(SETTINGS_PAGE, settingsPage())
  return files
}

export const SETTINGS_PAGE = 'simulationSettings.md'

/** The simulationSettings tree (Exudyn's names), from the settings schema in src/core/model/settings.ts. */
function settingsPage(): string {
  const entries = settingsSchemaEntries().map(({ path, spec }) => [path, spec] as [string, ParamSpec])
  return (
    [
      GENERATED_NOTE,
      '',
      '# Simulation settings',
      '',
      "The `simulationSettings` dictionary of a project file. Names follow Exudyn's simulationSettings tree;",
      'omitted settings take the defaults below, and an unknown or invalid setting is an error naming ' +
        'its path.',
      'How the solvers use them: [../engine.md](../engine.md#solvers).',
      '',
      ...parameterTable(entries),
    ].join('\n') + '\n'
  )
}

export function itemDocPath(def: AnyItemDefinition): string {
  return `${def.kind}/${def.type}.md`
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ')
}

function checkpointText(def: AnyItemDefinition): string {
  return def.supportsCheckpoint === true ? 'yes' : `no (${def.supportsCheckpoint})`
}

function typeText(p: ParamSpec): string {
  switch (p.type) {
    case 'number':
    case 'integer':
    case 'string':
      return p.type
    case 'boolean':
      return p.unsupported ? `boolean (only ${p.default} is supported yet)` : 'boolean'
    case 'enum':
      return `one of ${p.values.map((v) => `"${v}"`).join(', ')}`
    case 'vector':
      return p.size !== undefined ? `vector of ${p.size} numbers` : 'vector of numbers'
    case 'matrix':
      return `${p.rows}x${p.cols} matrix (rows)`
    case 'color':
      return 'RGBA colour'
    case 'ref':
      return (
        `${p.kind} name or index${p.types ? ` (${p.types.join(', ')})` : ''}` +
        (p.optional ? ', or -1 for none' : '')
      )
    case 'refList':
      return (
        `list of ${p.size ?? ''}${p.size !== undefined ? ' ' : ''}${p.kind} names or ` +
        `indices${p.types ? ` (${p.types.join(', ')})` : ''}`
      )
    case 'stringList':
      return 'list of names'
    case 'expression':
      return (
        (p.size === 'list'
          ? 'list of expressions'
          : (p.size ?? 1) > 1
            ? `${p.size} expressions`
            : 'expression') + (p.variables ? ' (user function)' : ' in t')
      )
    case 'graphicsList':
      return p.perLink ? 'list of graphics lists, one per link' : 'list of graphics dictionaries'
    case 'list':
      return `list of ${listEntryText(p.entry)}`
  }
}

function rangeText(p: ParamSpec): string {
  if (p.type !== 'number' && p.type !== 'integer') return ''
  const parts: string[] = []
  if (p.min !== undefined) parts.push(`${p.type === 'number' && p.exclusiveMin ? '>' : '>='} ${p.min}`)
  if (p.max !== undefined) parts.push(`<= ${p.max}`)
  return parts.join(', ')
}

function defaultText(p: ParamSpec): string {
  return p.default === undefined ? '*required*' : `\`${canonicalJson(p.default as JsonValue)}\``
}

function parameterTable(entries: [string, ParamSpec][]): string[] {
  return [
    '| name | type | default | unit | range | description |',
    '|---|---|---|---|---|---|',
    ...entries.map(
      ([name, p]) =>
        `| ${name} | ${cell(typeText(p))} | ${cell(defaultText(p))} | ${p.unit ?? ''} | ${rangeText(p)} ` +
        `| ${cell(p.doc)} |`,
    ),
  ]
}

function itemPage(def: AnyItemDefinition): string {
  const entries = Object.entries(def.parameters) as [string, ParamSpec][]
  const physics = entries.filter(([, p]) => !p.visualization)
  const visual = entries.filter(([, p]) => p.visualization)
  const offers = Object.entries(def.traits ?? {})
    .filter(([, v]) => v)
    .map(([k]) => k)
  const lines = [
    GENERATED_NOTE,
    '',
    `# ${def.type} (${def.kind})`,
    '',
    def.doc,
    '',
    `- Exudyn name: ${def.exudynName}`,
    `- In a project file: an entry of \`model.${KIND_LIST_KEY[def.kind]}\` with \`"type": "${def.type}"\``,
    `- Checkpoint support: ${checkpointText(def)}`,
  ]
  if (offers.length > 0) lines.push(`- Offers to markers: ${offers.join(', ')}`)
  lines.push('', '## Parameters', '')
  lines.push(...(physics.length > 0 ? parameterTable(physics) : ['None besides `type` and `name`.']))
  if (visual.length > 0)
    lines.push(
      '',
      '## Visualization parameters',
      '',
      'These never affect the numbers.',
      '',
      ...parameterTable(visual),
    )
  return lines.join('\n') + '\n'
}

function firstSentence(doc: string): string {
  // A sentence ends at . ! or ? before a capital letter or the end ("e.g. the" does not end one).
  const m = /^(.*?[.!?])(?=\s+[A-Z]|$)/s.exec(doc)
  return m ? m[1] : doc
}

function indexPage(defs: readonly AnyItemDefinition[]): string {
  const lines = [
    GENERATED_NOTE,
    '',
    '# Item types',
    '',
    'Every item type a project file can use, by kind. Type strings, parameter names and conventions follow',
    "Exudyn's item reference (docs/RST/items in the EXUDYN repository).",
  ]
  for (const kind of ITEM_KINDS) {
    const ofKind = defs.filter((d) => d.kind === kind)
    if (ofKind.length === 0) continue
    lines.push('', `## ${kind[0].toUpperCase()}${kind.slice(1)}s (\`model.${KIND_LIST_KEY[kind]}\`)`, '')
    lines.push('| type | Exudyn name | checkpoint | description |', '|---|---|---|---|')
    for (const d of ofKind)
      lines.push(
        `| [${d.type}](${itemDocPath(d)}) | ${d.exudynName} | ` +
          `${d.supportsCheckpoint === true ? 'yes' : 'no'} | ${cell(firstSentence(d.doc))} |`,
      )
  }
  return lines.join('\n') + '\n'
}
