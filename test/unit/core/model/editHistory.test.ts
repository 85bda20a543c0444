// Undo/redo over edits (src/core/model/editHistory.ts): the inverse patches come back in order, the
// dirty flag follows saves through undo and redo, and the oldest edits are forgotten past the limit.
import { describe, expect, it } from 'vitest'
import { EditHistory, type Edit } from '../../../../src/core'

const edit = (label: string): Edit => ({
  label,
  patch: [{ op: 'modify', kind: 'objects', name: 'm', set: { physicsMass: Number(label) } }],
  inverse: [{ op: 'modify', kind: 'objects', name: 'm', set: { physicsMass: Number(label) - 1 } }],
})

describe('EditHistory', () => {
  it('undoes with the inverse and redoes with the patch, in order, with the labels', () => {
    const history = new EditHistory()
    history.push(edit('1'))
    history.push(edit('2'))
    expect(history.undoLabel).toBe('2')
    expect(history.undo()).toEqual({ label: '2', patch: edit('2').inverse, inverse: edit('2').patch })
    expect(history.redoLabel).toBe('2')
    expect(history.undo()?.label).toBe('1')
    expect(history.canUndo).toBe(false)
    expect(history.undo()).toBeUndefined()
    expect(history.redo()).toEqual(edit('1'))
    expect(history.redo()).toEqual(edit('2'))
    expect(history.canRedo).toBe(false)
  })

  it('a change after an undo drops the redo branch; revert gives a failed move back', () => {
    const history = new EditHistory()
    history.push(edit('1'))
    history.undo()
    history.push(edit('2'))
    expect(history.canRedo).toBe(false)
    history.undo()
    history.revert('undo')
    expect(history.undoLabel).toBe('2')
    expect(history.canRedo).toBe(false)
  })

  it('is dirty away from the saved state, clean again when undo or redo returns to it', () => {
    const history = new EditHistory()
    expect(history.dirty).toBe(false)
    history.push(edit('1'))
    history.markSaved()
    expect(history.dirty).toBe(false)
    history.undo()
    expect(history.dirty).toBe(true)
    history.redo()
    expect(history.dirty).toBe(false)
    // Undo below the saved state and branch off: no state matches the file any more.
    history.undo()
    history.push(edit('3'))
    expect(history.dirty).toBe(true)
    history.undo()
    expect(history.dirty).toBe(true)
  })

  it('starts dirty after a reset to a model that is not its file (a recovered autosave)', () => {
    const history = new EditHistory()
    history.push(edit('1'))
    history.reset(false)
    expect([history.dirty, history.canUndo]).toEqual([true, false])
    history.push(edit('2'))
    history.undo()
    expect(history.dirty).toBe(true)
    history.markSaved()
    expect(history.dirty).toBe(false)
    history.reset()
    expect(history.dirty).toBe(false)
  })

  it('keeps at most `limit` edits, forgetting the oldest', () => {
    const history = new EditHistory(3)
    for (let i = 1; i <= 5; i++) history.push(edit(String(i)))
    expect([history.undo()?.label, history.undo()?.label, history.undo()?.label]).toEqual(['5', '4', '3'])
    expect(history.canUndo).toBe(false)
  })
})
