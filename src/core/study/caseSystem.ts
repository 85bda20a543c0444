// A study worker's built system, kept across the cases of its project: a case whose overrides change
// only parameters a built system takes in place (live, visualization, atRunStart: inPlaceChanges) and
// settings other than the experimental features runs on it, its items updated and its state set back
// to the initial state (every item initialized again, as a new build's are); any other case (a
// structural override) is built anew. Either way the row is bit for bit that of `mbs run --set`.
import type { ModelPatch } from '../model/patch'
import type { Project } from '../model/project'
import { buildSystem } from '../simulation'
import type { CompiledSystem } from '../system/compiledSystem'
import { inPlaceChanges, type ChangedItem } from '../system/inPlaceChange'

export class CaseSystem {
  /** The project's system; undefined until the first case, null when the project does not build. */
  private kept: CompiledSystem | null | undefined
  /** The items the last case updated in place, which now hold its values instead of the project's. */
  private changed: ChangedItem[] = []
  /** The cases run on the kept system and those built anew. */
  readonly counts = { kept: 0, built: 0 }

  constructor(private readonly project: Project) {}

  /** A system at the initial state of `next`, the project with a case's overrides (`patch`) applied. */
  systemFor(next: Project, patch: ModelPatch): CompiledSystem {
    const kept = this.keptSystem()
    const itemPatch = patch.filter((operation) => operation.op !== 'setting')
    const changes =
      kept && sameSet(kept.experimental, next.settings.experimental)
        ? inPlaceChanges(itemPatch, this.project.resolved, true)
        : null
    if (!kept || !changes) return this.built(next)
    // The items of the last case go back to the project's values (next shares its resolved items).
    const update = [...changes]
    for (const c of this.changed)
      if (!changes.some((d) => d.kind === c.kind && d.index === c.index)) update.push(c)
    try {
      kept.updateItems(next.resolved, update)
    } catch {
      // A value the computation refuses: the system is half updated; the case and the next build anew.
      this.kept = undefined
      return this.built(next)
    }
    this.changed = changes
    kept.resetToInitialState()
    this.counts.kept++
    return kept
  }

  private built(next: Project): CompiledSystem {
    this.counts.built++
    return buildSystem(next)
  }

  private keptSystem(): CompiledSystem | null {
    if (this.kept === undefined)
      try {
        this.kept = buildSystem(this.project)
      } catch {
        this.kept = null
      }
    return this.kept
  }
}

function sameSet(a: ReadonlySet<string>, b: readonly string[]): boolean {
  return a.size === new Set(b).size && b.every((x) => a.has(x))
}
