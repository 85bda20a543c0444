// Undo and redo over edits: the stacks hold each edit's patch and inverse (memory proportional to
// what the edit changed, not to the model), and the dirty state follows saves through undo and redo.
import type { Edit } from './edits'

export class EditHistory {
  private readonly undone: Edit[] = []
  private readonly done: Edit[] = []
  /** How many edits were done when the file was saved; -1 when no position matches the file. */
  private savedDepth = 0

  constructor(private readonly limit = 200) {}

  get canUndo(): boolean {
    return this.done.length > 0
  }
  get canRedo(): boolean {
    return this.undone.length > 0
  }
  get undoLabel(): string | undefined {
    return this.done.at(-1)?.label
  }
  get redoLabel(): string | undefined {
    return this.undone.at(-1)?.label
  }
  get dirty(): boolean {
    return this.done.length !== this.savedDepth
  }

  push(edit: Edit): void {
    // The saved state was undone and is now replaced: no position matches the file any more.
    if (this.savedDepth > this.done.length) this.savedDepth = -1
    this.undone.length = 0
    this.done.push(edit)
    if (this.done.length > this.limit) {
      this.done.shift()
      if (this.savedDepth >= 0) this.savedDepth--
    }
  }
  /** The edit that undoes the last one (its inverse as the patch), or undefined. */
  undo(): Edit | undefined {
    const edit = this.done.pop()
    if (!edit) return undefined
    this.undone.push(edit)
    return { label: edit.label, patch: edit.inverse, inverse: edit.patch }
  }
  /** The last undone edit again, or undefined. */
  redo(): Edit | undefined {
    const edit = this.undone.pop()
    if (edit) this.done.push(edit)
    return edit
  }
  /** Gives an undo or redo back when its patch could not be applied (the model did not move). */
  revert(direction: 'undo' | 'redo'): void {
    if (direction === 'undo') this.done.push(this.undone.pop()!)
    else this.undone.push(this.done.pop()!)
  }
  markSaved(): void {
    this.savedDepth = this.done.length
  }
  /** Starts over; `saved` false when the model is not what its file holds (a recovered autosave). */
  reset(saved = true): void {
    this.done.length = 0
    this.undone.length = 0
    this.savedDepth = saved ? 0 : -1
  }
}
