// `npm run docs:items`: writes docs/items from the item definitions and removes pages of types that
// no longer exist. test/unit/cli/itemDocs.test.ts fails when the committed pages are out of date.
import fs from 'node:fs'
import path from 'node:path'
import { writeFileAtomic } from '../node/atomicWrite'
import { renderItemDocs } from './itemDocs'

export const ITEM_DOCS_DIR = path.resolve(__dirname, '../../docs/items')

/** Every .md file under dir, as posix paths relative to it. */
export function listMarkdownFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => f.split(path.sep).join('/'))
    .sort()
}

function generate(): void {
  const files = renderItemDocs()
  for (const stale of listMarkdownFiles(ITEM_DOCS_DIR).filter((f) => !files.has(f)))
    fs.unlinkSync(path.join(ITEM_DOCS_DIR, stale))
  for (const [rel, text] of files) {
    const file = path.join(ITEM_DOCS_DIR, rel)
    fs.mkdirSync(path.dirname(file), { recursive: true })
    writeFileAtomic(file, text)
  }
  console.log(`docs/items: ${files.size} pages written`)
}

if (require.main === module) generate()
