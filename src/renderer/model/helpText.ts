// docs/ui.md as the Help dialog shows it: headings, bullet items and paragraphs with bold and code
// spans; images become their alt text (the screenshots are not bundled).
export type Span = { text: string; style: 'plain' | 'bold' | 'code' }
export type HelpBlock = { kind: 'heading' | 'item' | 'paragraph'; spans: Span[] }

/** Splits `**bold**` and `code` spans out of a line of Markdown text. */
export function inlineSpans(text: string): Span[] {
  const plain = text.replace(/!\[([^\]]*)\]\([^)]*\)/g, '[$1]').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
  return plain
    .split(/(\*\*[^*]+\*\*|`[^`]+`)/)
    .filter((part) => part !== '')
    .map((part): Span =>
      part.startsWith('**') && part.endsWith('**') && part.length > 4
        ? { text: part.slice(2, -2), style: 'bold' }
        : part.startsWith('`') && part.endsWith('`') && part.length > 2
          ? { text: part.slice(1, -1), style: 'code' }
          : { text: part, style: 'plain' },
    )
}

/** Blocks of the document: a heading line, a bullet with its continuation lines, a paragraph. */
export function helpBlocks(markdown: string): HelpBlock[] {
  const blocks: { kind: HelpBlock['kind']; lines: string[] }[] = []
  for (const line of markdown.split('\n')) {
    const trimmed = line.trim()
    const last = blocks.at(-1)
    if (trimmed === '') blocks.push({ kind: 'paragraph', lines: [] })
    else if (/^#+\s/.test(trimmed)) {
      blocks.push({ kind: 'heading', lines: [trimmed.replace(/^#+\s+/, '')] })
      blocks.push({ kind: 'paragraph', lines: [] })
    } else if (/^[-*]\s/.test(trimmed)) blocks.push({ kind: 'item', lines: [trimmed.slice(2)] })
    else if (last && last.kind !== 'heading') last.lines.push(trimmed)
    else blocks.push({ kind: 'paragraph', lines: [trimmed] })
  }
  return blocks
    .filter((b) => b.lines.length > 0)
    .map((b) => ({ kind: b.kind, spans: inlineSpans(b.lines.join(' ')) }))
}
