// A study worker's built system, kept across the cases of its project: a case whose overrides change
// only parameters a built system takes in place (live, visualization, atRunStart: inPlaceChanges) and
// settings other than the experimental features runs on it, its items updated and its state set back
// to the initial state (every item initialized again, as a new build's are); any other case (a
// structural override) is built anew. Either way the row is bit for bit that of `mbs run --set`.
import type { Override } from '../model/overrides'
import type { ModelPatch } from '../model/patch'
import type { Project } from '../model/project'
import { buildSystem } from '../simulation'
import type { CompiledSystem } from '../system/compiledSystem'
import { inPlaceChanges, type ChangedItem } from '../system/inPlaceChange'
import { OverridePlan, type PlannedCase } from './overridePlan'

/** What a case's system is built from. */
type CaseProject = Pick<Project, 'resolved' | 'settings'>

export class CaseSystem {
  /** The project's system; undefined until the first case, null when the project does not build. */
  private kept: CompiledSystem | null | undefined
  /** The items the last case updated in place, which now hold its values instead of the project's. */
  private changed: ChangedItem[] = []
  /** The override plans by their paths (null: paths the plan does not take). */
  private readonly plans = new Map<string, OverridePlan | null>()
  /** The paths of the last case and their plan: a study's cases mostly share their paths. */
  private lastPaths: readonly string[] = []
  private lastPlan: OverridePlan | null | undefined = undefined
  /** The cases run on the kept system and those built anew. */
  readonly counts = { kept: 0, built: 0 }

  constructor(private readonly project: Project) {}

  /** A system at the initial state of `next`, the project with a case's overrides (`patch`) applied. */
  systemFor(next: CaseProject, patch: ModelPatch): CompiledSystem {
    const itemPatch = patch.filter((operation) => operation.op !== 'setting')
    return this.systemWith(next, inPlaceChanges(itemPatch, this.project.resolved, true))
  }

  /**
   * The case of `overrides` through the plan of their paths (made at the first case with these paths):
   * its project and system; undefined when the plan does not take it (patchOverrides then gives it).
   */
  planned(overrides: readonly Override[]): (PlannedCase & { system: CompiledSystem }) | undefined {
    const plan = this.planOf(overrides)
    const next = plan?.apply(overrides)
    if (!next) return undefined
    return { resolved: next.resolved, settings: next.settings, system: this.systemWith(next, plan!.changes) }
  }

  /** The plan of the overrides' paths: the last case's when they are the same, else by their key. */
  private planOf(overrides: readonly Override[]): OverridePlan | null {
    const last = this.lastPaths
    let same = overrides.length === last.length
    for (let i = 0; same && i < last.length; i++) same = overrides[i].path === last[i]
    if (same && this.lastPlan !== undefined) return this.lastPlan
    const paths = overrides.map((o) => o.path)
    const key = JSON.stringify(paths)
    let plan = this.plans.get(key)
    if (plan === undefined) this.plans.set(key, (plan = OverridePlan.of(this.project, paths)))
    this.lastPaths = paths
    this.lastPlan = plan
    return plan
  }

  /** A system for `next`: the kept one with `changes` (items it takes in place; null: structural). */
  private systemWith(next: CaseProject, changes: ChangedItem[] | null): CompiledSystem {
    const kept = this.keptSystem()
    if (!kept || !changes || !sameSet(kept.experimental, next.settings.experimental)) return this.built(next)
    // The items of the last case go back to the project's values (next shares its resolved items).
    let update = changes
    if (this.changed !== changes) {
      update = [...changes]
      for (const c of this.changed)
        if (!changes.some((d) => d.kind === c.kind && d.index === c.index)) update.push(c)
    }
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

  private built(next: CaseProject): CompiledSystem {
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

/** Whether b's strings, duplicates aside, are a's: its distinct members, all in a, as many as a has. */
function sameSet(a: ReadonlySet<string>, b: readonly string[]): boolean {
  let distinct = 0
  for (let i = 0; i < b.length; i++) {
    if (!a.has(b[i])) return false
    if (b.indexOf(b[i]) === i) distinct++
  }
  return distinct === a.size
}
