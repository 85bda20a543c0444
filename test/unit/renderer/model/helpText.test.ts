// The Help dialog's reading of docs/ui.md: headings, bullets with their continuation lines, paragraphs,
// bold and code spans, images as their alt text.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { helpBlocks, inlineSpans } from '../../../../src/renderer/model/helpText'

describe('helpBlocks', () => {
  it('splits headings, items with continuation lines and paragraphs', () => {
    const md = '# Title\n\n- **Toolbar**: New,\n  Open\n- `F1` help\n\nShortcuts: Ctrl+Z\nundo.\n'
    expect(helpBlocks(md)).toEqual([
      { kind: 'heading', spans: [{ text: 'Title', style: 'plain' }] },
      {
        kind: 'item',
        spans: [
          { text: 'Toolbar', style: 'bold' },
          { text: ': New, Open', style: 'plain' },
        ],
      },
      {
        kind: 'item',
        spans: [
          { text: 'F1', style: 'code' },
          { text: ' help', style: 'plain' },
        ],
      },
      { kind: 'paragraph', spans: [{ text: 'Shortcuts: Ctrl+Z undo.', style: 'plain' }] },
    ])
  })

  it('shows images and links as their text', () => {
    expect(inlineSpans('see (![Z up](screenshots/up.png)) and [docs](a.md)')).toEqual([
      { text: 'see ([Z up]) and docs', style: 'plain' },
    ])
  })

  it('reads the whole guide: every line of text appears, nothing is lost', () => {
    const md = readFileSync('docs/ui.md', 'utf-8')
    const shown = helpBlocks(md)
      .map((b) => b.spans.map((s) => s.text).join(''))
      .join(' ')
    expect(shown).toContain('Shortcuts: Ctrl+Z')
    const words = (s: string) => s.replace(/!?\[|\]\([^)]*\)|\*\*|`|^#+|^\s*- /gm, ' ').split(/\s+/)
    const missing = words(md).filter((w) => w !== '' && !shown.includes(w))
    expect(missing).toEqual([])
  })
})
