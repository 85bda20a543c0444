// The autosave asks for the model only when it writes: many edits within the debounce time cost
// one project text, not one per edit.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { createRecoveryStore } from '../../../src/host/recovery'
import { temporaryDir } from '../../integration/helpers'

it('writes the latest scheduled model once, asking for its text only then', () => {
  const file = join(temporaryDir(), 'recovery.json')
  const store = createRecoveryStore(file, 60_000)
  const asked: number[] = []
  for (let edit = 1; edit <= 5; edit++)
    store.schedule(() => {
      asked.push(edit)
      return { path: null, title: 'Untitled', text: `text of edit ${edit}` }
    })
  expect(asked).toEqual([])
  store.flush()
  expect(asked).toEqual([5])
  expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ text: 'text of edit 5' })
  store.clear()
})
