// The one owner of the model: the project as item dictionaries, its revision, the undo and redo
// stacks of inverse patches and whether it differs from the file. Edits are validated for the items
// they touch (src/core/model/validateEdit.ts); a refused edit changes nothing.
import {
  applyPatch,
  branchPatchProblems,
  EditHistory,
  formatProblems,
  parseProject,
  PatchError,
  validateEdit,
  writeProject,
  type Edit,
  type EditableProject,
  type JsonObject,
  type ModelPatch,
  type Problem,
} from '../core'
import type { EditHistoryState } from '../shared/api'
import { ApiError } from '../shared/protocol'

interface OwnedProject extends EditableProject {
  name: string
  view?: JsonObject
}

export class ModelOwner {
  private doc: OwnedProject | null = null
  /** The canonical text of `doc`, written when first asked for after a change. */
  private written: string | null = null
  private readonly history = new EditHistory()
  revision = 0

  /**
   * Takes project text the solver accepted as the new model (history and dirty state start over);
   * `saved` false when the text is not what its file holds (a recovered autosave).
   */
  open(text: string, saved = true): void {
    const result = parseProject(text)
    if (!result.ok)
      throw new ApiError('invalid-model', 'The model text is invalid', { problems: result.problems })
    const { name, model, simulationSettingsSpec, view } = result.project
    this.doc = { name, model, simulationSettings: simulationSettingsSpec, ...(view ? { view } : {}) }
    this.written = text
    this.history.reset(saved)
    this.revision++
  }

  get isOpen(): boolean {
    return this.doc !== null
  }

  text(): string {
    const doc = this.require()
    this.written ??= writeProject({ ...doc, simulationSettingsSpec: doc.simulationSettings })
    return this.written
  }

  /**
   * Applies an edit; throws (changing nothing) when it cannot apply or is invalid. It becomes an undo
   * step with `record` once the solver has it too.
   */
  edit(patch: ModelPatch, label: string): Edit {
    return { label, patch, inverse: this.apply(patch) }
  }
  record(edit: Edit): void {
    this.history.push(edit)
  }

  /** The edit that undid the last one, or undefined when there is none. */
  undo(): Edit | undefined {
    return this.move('undo')
  }
  redo(): Edit | undefined {
    return this.move('redo')
  }

  /**
   * Takes back an edit not recorded yet, an undo or a redo (the solver refused it): the model is as before.
   */
  rollback(edit: Edit, direction?: 'undo' | 'redo'): void {
    this.apply(edit.inverse)
    this.revision -= 2
    if (direction) this.history.revert(direction)
  }

  /**
   * Checks a what-if branch's changes against the model as it is (it stays so): applicable, valid,
   * and only what a branch can take (branchPatchProblems); throws an ApiError naming every refusal.
   */
  checkBranch(patch: ModelPatch): void {
    this.patched(patch, 'The branch was refused', branchPatchProblems(patch, this.require().model))
  }

  markSaved(): void {
    this.history.markSaved()
  }
  get dirty(): boolean {
    return this.history.dirty
  }
  historyState(): EditHistoryState {
    const { canUndo, canRedo, undoLabel, redoLabel } = this.history
    return { canUndo, canRedo, undoLabel, redoLabel }
  }

  private move(direction: 'undo' | 'redo'): Edit | undefined {
    const edit = direction === 'undo' ? this.history.undo() : this.history.redo()
    if (!edit) return undefined
    try {
      this.apply(edit.patch)
    } catch (error) {
      this.history.revert(direction)
      throw error
    }
    return edit
  }

  /** Validates and applies a patch (a new revision); returns its inverse. */
  private apply(patch: ModelPatch): ModelPatch {
    const applied = this.patched(patch, 'The change was refused')
    this.doc = applied.doc
    this.written = null
    this.revision++
    return applied.inverse
  }

  /** The document with the patch applied, unless it cannot apply or has problems (`found` too). */
  private patched(
    patch: ModelPatch,
    refused: string,
    found: Problem[] = [],
  ): { doc: OwnedProject; inverse: ModelPatch } {
    const doc = this.require()
    let applied: { doc: OwnedProject; inverse: ModelPatch }
    try {
      applied = applyPatch(doc, patch)
    } catch (error) {
      if (!(error instanceof PatchError)) throw error
      throw new ApiError(error.reason === 'not-found' ? 'not-found' : 'invalid-params', error.message)
    }
    const problems = [...found, ...validateEdit(applied.doc, patch)]
    // The path names the item's parameter or the setting (a setting's message alone does not).
    if (problems.length > 0)
      throw new ApiError('invalid-model', `${refused}: ${formatProblems(problems.slice(0, 1))}`, { problems })
    return applied
  }

  private require(): OwnedProject {
    if (!this.doc) throw new ApiError('invalid-state', 'No model is open')
    return this.doc
  }
}
