// Undo/redo history of the model editor, and the dirty flag that follows saves through undo and redo.
import { describe, expect, it } from 'vitest'
import { History } from '../../../src/renderer/model/history'

describe('History', () => {
  it('undoes and redoes in order, with the labels of the changes', () => {
    const history = new History('a')
    history.push('b', 'Set b')
    history.push('c', 'Set c')
    expect(history.undoLabel).toBe('Set c')
    expect(history.undo()).toBe('b')
    expect(history.redoLabel).toBe('Set c')
    expect(history.undo()).toBe('a')
    expect(history.canUndo).toBe(false)
    expect(history.undo()).toBe('a')
    expect(history.redo()).toBe('b')
    expect(history.redo()).toBe('c')
    expect(history.canRedo).toBe(false)
  })

  it('a change after an undo drops the redo branch', () => {
    const history = new History(0)
    history.push(1, 'one')
    history.undo()
    history.push(2, 'two')
    expect(history.canRedo).toBe(false)
    expect(history.undo()).toBe(0)
    expect(history.redo()).toBe(2)
  })

  it('is dirty away from the saved state, clean again when undo or redo returns to it', () => {
    const history = new History('a')
    expect(history.dirty).toBe(false)
    history.push('b', 'b')
    history.markSaved()
    expect(history.dirty).toBe(false)
    history.undo()
    expect(history.dirty).toBe(true)
    history.redo()
    expect(history.dirty).toBe(false)
    // Undo below the saved state and branch off: no state matches the file any more.
    history.undo()
    history.push('c', 'c')
    expect(history.dirty).toBe(true)
    history.undo()
    expect(history.dirty).toBe(true)
  })

  it('keeps at most `limit` entries, forgetting the oldest', () => {
    const history = new History(0, 3)
    for (let i = 1; i <= 5; i++) history.push(i, String(i))
    expect(history.undo()).toBe(4)
    expect(history.undo()).toBe(3)
    expect(history.canUndo).toBe(false)
  })
})
