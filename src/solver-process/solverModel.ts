// The solver process's model: the project at the host's revision, and the system assembled from it
// when one was asked for and no run has taken it yet. A change is the host's revisioned patch
// (docs/protocol.md), which the host, the model's owner, validated for the items it touches on this
// very revision (validateEdit); it is applied to the resolved project without a text round trip
// (patchedProject, which checks the items it resolves again); a change of live parameters only
// (inPlaceChanges) updates the compiled systems in place, any other drops them (rebuilt when next
// needed). The project text is written only when asked for (a results file's model snapshot).
import {
  applyPatch,
  buildSystem,
  formatProblems,
  inPlaceChanges,
  parseProject,
  patchedProject,
  PatchError,
  writeProject,
  type ChangedItem,
  type CompiledSystem,
  type ModelPatch,
  type Project,
} from '../core'
import type { ModelSummary } from '../shared/api'
import { ApiError, type Problem } from '../shared/protocol'

export class SolverModel {
  private current: Project | null = null
  /** The canonical text of `current`, written when first asked for after a change. */
  private written: string | null = null
  /** The host's revision of the model. */
  revision = 0
  /** The system assemble or validate built, until a run takes it or a structural change drops it. */
  private assembled: CompiledSystem | null = null

  get isOpen(): boolean {
    return this.current !== null
  }

  get project(): Project {
    if (!this.current) throw new ApiError('invalid-state', 'No model is open: open a model first')
    return this.current
  }

  /** Replaces the model with project text; invalid text changes nothing. */
  open(text: string, revision: number): void {
    const result = parseProject(text)
    if (!result.ok) throw invalidModel('The model', result.problems)
    this.current = result.project
    this.written = null
    this.assembled = null
    this.revision = revision
  }

  /**
   * Applies the host's patch that makes `revision`; returns the items changed in place (the
   * systems given, and the assembled one, took them), or null when the change is structural and
   * those systems no longer fit. A refused patch changes nothing.
   */
  change(patch: ModelPatch, revision: number, systems: CompiledSystem[]): ChangedItem[] | null {
    const project = this.project
    if (revision !== this.revision + 1)
      throw new ApiError(
        'invalid-state',
        `The change is for revision ${revision}, the solver's model is at revision ${this.revision}: ` +
          `send the model again`,
      )
    const next = appliedPatch(project, patch)
    const result = patchedProject(project, next, patch)
    if (!result.ok) throw invalidModel('The change', result.problems)
    const changed = inPlaceChanges(patch, project.resolved)
    this.current = result.project
    this.written = null
    this.revision = revision
    if (!changed) this.assembled = null
    else
      for (const system of this.assembled ? [...systems, this.assembled] : systems)
        system.updateItems(result.project.resolved, changed)
    return changed
  }

  /** The project file text of the model (canonical, as a save writes it). */
  text(): string {
    this.written ??= writeProject(this.project)
    return this.written
  }

  summary(): ModelSummary {
    const { name, model } = this.project
    const counts = Object.fromEntries(Object.entries(model).map(([list, items]) => [list, items.length]))
    return { name, counts, revision: this.revision }
  }

  /** The assembled system (built now if there is none), kept for the next run. */
  assembledSystem(): CompiledSystem {
    this.assembled ??= this.build()
    return this.assembled
  }

  /** A system for a run: the assembled one (which the run then owns) or a new build. */
  takeSystem(): CompiledSystem {
    const system = this.assembled ?? this.build()
    this.assembled = null
    return system
  }

  private build(): CompiledSystem {
    try {
      return buildSystem(this.project)
    } catch (error) {
      throw new ApiError(
        'solver-error',
        `Assembly failed: ${error instanceof Error ? error.message : String(error)}`,
      )
    }
  }
}

export function invalidModel(what: string, problems: Problem[]): ApiError {
  return new ApiError(
    'invalid-model',
    `${what} has ${problems.length} problem(s):\n${formatProblems(problems)}`,
    { problems },
  )
}

/**
 * The project's model and settings with the patch applied; a patch that cannot apply is an invalid request.
 */
function appliedPatch(project: Project, patch: ModelPatch): ReturnType<typeof applyPatch>['doc'] {
  try {
    return applyPatch({ model: project.model, simulationSettings: project.simulationSettingsSpec }, patch).doc
  } catch (error) {
    if (!(error instanceof PatchError)) throw error
    throw new ApiError(error.reason === 'not-found' ? 'not-found' : 'invalid-params', error.message)
  }
}
