// Undo/redo over immutable snapshots: every accepted change pushes the model it produced.
export interface HistoryEntry<T> {
  state: T
  /** What the change did, for the Edit menu and the log ("Set physicsMass of bob"). */
  label: string
}

export class History<T> {
  private entries: HistoryEntry<T>[]
  private position = 0
  /** The position of the saved state; -1 when no entry matches the file. */
  private savedPosition = 0

  constructor(
    initial: T,
    private readonly limit = 200,
  ) {
    this.entries = [{ state: initial, label: 'Open' }]
  }

  get current(): T {
    return this.entries[this.position].state
  }
  get canUndo(): boolean {
    return this.position > 0
  }
  get canRedo(): boolean {
    return this.position < this.entries.length - 1
  }
  get undoLabel(): string | undefined {
    return this.canUndo ? this.entries[this.position].label : undefined
  }
  get redoLabel(): string | undefined {
    return this.canRedo ? this.entries[this.position + 1].label : undefined
  }
  get dirty(): boolean {
    return this.position !== this.savedPosition
  }

  push(state: T, label: string): void {
    // The saved state was undone and is now replaced: no entry matches the file any more.
    if (this.savedPosition > this.position) this.savedPosition = -1
    this.entries.splice(this.position + 1)
    this.entries.push({ state, label })
    this.position++
    if (this.entries.length > this.limit) {
      this.entries.shift()
      this.position--
      if (this.savedPosition >= 0) this.savedPosition--
    }
  }
  undo(): T {
    if (this.canUndo) this.position--
    return this.current
  }
  redo(): T {
    if (this.canRedo) this.position++
    return this.current
  }
  markSaved(): void {
    this.savedPosition = this.position
  }
  reset(state: T): void {
    this.entries = [{ state, label: 'Open' }]
    this.position = 0
    this.savedPosition = 0
  }
}
