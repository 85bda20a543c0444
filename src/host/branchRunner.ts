// What-if branches of the app (the timeline's "Branch from here..."): the checkpoint continued with
// changed values in a process of its own, `mbs run PROJECT --from-checkpoint C --branch-of ORIGINAL
// --set ...`, so the run in the solver process stays as it is and the command line's checks apply
// (docs/engine.md, "What-if branches"). The branches folder holds the project as it was branched and
// one results file per branch: NAME-branches/ next to the project file; a model without a file
// branches into the run cache (runCache.ts: a size limit, removed when the host quits).
import { existsSync, mkdirSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import {
  branchPrefix,
  decodeCheckpoint,
  FormatError,
  ResultsReader,
  type Checkpoint,
  type JsonObject,
  type ModelPatch,
} from '../core'
import { ENGINE_VERSION } from '../core/engineVersion'
import { resultsHashes } from '../core/results/headerHashes'
import { writeFileAtomic } from '../node/atomicWrite'
import { readInputBytes } from '../node/inputFiles'
import { FileSource } from '../node/runFiles'
import type { BranchRequest, BranchRun } from '../shared/api'
import { ApiError } from '../shared/protocol'
import { MBS_SCRIPT, runMbs } from './mbsRun'
import { createRunCache, type RunCache } from './runCache'

export interface BranchRunnerOptions {
  /** The `mbs` script the branch runs with; defaults to this checkout's bin/mbs.cjs. */
  mbs?: string
  /** Where the branches of a model without a file go (default: a run cache in the temporary folder). */
  cache?: RunCache
}

/** The model a branch changes: its project text, file (null: none) and title. */
export interface BranchedModel {
  text: string
  path: string | null
  title: string
}

export interface BranchRunner {
  /** Runs the branch (its patch already checked against the model, ModelOwner.checkBranch). */
  run(model: BranchedModel, request: BranchRequest): Promise<BranchRun>
}

export function createBranchRunner(options: BranchRunnerOptions = {}): BranchRunner {
  const mbs = options.mbs ?? MBS_SCRIPT
  const cache = options.cache ?? createRunCache()
  return {
    async run(model, request) {
      const checkpoint = readCheckpoint(request.checkpoint)
      const target = model.path
        ? nextBranch(model.path)
        : cache.nextPath(`${stem(model.title)}-branch`, request.results ? [request.results] : [])
      const folder = dirname(target)
      const projectCopy = target.replace(/\.mbsres$/, '.mbsproj')
      try {
        mkdirSync(folder, { recursive: true })
        writeFileAtomic(projectCopy, model.text)
      } catch (error) {
        throw new ApiError(
          'io-error',
          `Cannot write the branches folder ${folder}: ${(error as Error).message}`,
        )
      }
      const original = request.results ? originalProblem(request.results, model.text, checkpoint) : undefined
      const args = [projectCopy, '--from-checkpoint', request.checkpoint, ...overrideArgs(request.patch)]
      if (request.results && original === undefined) args.push('--branch-of', request.results)
      if (request.endTime !== undefined) args.push('--end-time', String(request.endTime))
      const resultsPath = await runMbs(mbs, args, target, 'The branch')
      const of = request.results ? basename(request.results).replace(/\.mbsres$/i, '') : model.title
      const note = request.results
        ? original && `the branch starts at t = ${checkpoint.time}: ${request.results}: ${original}`
        : `the branch starts at t = ${checkpoint.time}: the run it leaves wrote no results file`
      return {
        resultsPath,
        // 12 digits: a checkpoint time read back as 0.349, not 0.34900000000000003.
        name: `branch of ${of} at t=${Number(checkpoint.time.toPrecision(12))}`,
        time: checkpoint.time,
        ...(note ? { note } : {}),
      }
    },
  }
}

const stem = (name: string): string => name.replace(/\.mbsproj$/i, '')

/** NAME-branches/branch-N.mbsres next to the project file NAME.mbsproj, N the first one free. */
function nextBranch(projectPath: string): string {
  const folder = join(dirname(projectPath), `${stem(basename(projectPath))}-branches`)
  let index = 1
  while (existsSync(join(folder, `branch-${index}.mbsres`))) index++
  return join(folder, `branch-${index}.mbsres`)
}

function readCheckpoint(path: string): Checkpoint {
  let bytes: Uint8Array
  try {
    bytes = readInputBytes(path)
  } catch (error) {
    throw new ApiError('io-error', `Cannot read the checkpoint ${path}: ${(error as Error).message}`)
  }
  try {
    return decodeCheckpoint(bytes)
  } catch (error) {
    if (error instanceof FormatError) throw new ApiError('invalid-model', `${path}: ${error.message}`)
    throw error
  }
}

/**
 * Why the original run's results cannot start the branch (a run of another model: it was edited
 * since, or another run overwrote the file), or undefined when they can.
 */
function originalProblem(path: string, projectText: string, checkpoint: Checkpoint): string | undefined {
  let source: FileSource
  try {
    source = new FileSource(path)
  } catch (error) {
    return `cannot be read (${(error as Error).message})`
  }
  try {
    const reader = ResultsReader.open(source)
    const hashes = resultsHashes(JSON.parse(projectText) as JsonObject, ENGINE_VERSION)
    if (hashes.model !== reader.header.hashes.model || hashes.settings !== reader.header.hashes.settings)
      return 'it is a run of another model (the model was changed since)'
    const prefix = branchPrefix(reader, checkpoint)
    return typeof prefix === 'string' ? prefix : undefined
  } catch (error) {
    if (error instanceof FormatError) return error.message
    throw error
  } finally {
    source.close()
  }
}

/** The patch's values as `--set ITEM.PARAMETER=VALUE` (a branch sets values; it unsets none). */
function overrideArgs(patch: ModelPatch): string[] {
  return patch.flatMap((operation, i) => {
    if (operation.op !== 'modify' || (operation.unset ?? []).length > 0)
      throw new ApiError(
        'invalid-params',
        `branchFromCheckpoint: patch[${i}] must be a "modify" operation that sets values (none unset)`,
      )
    return Object.entries(operation.set ?? {}).flatMap(([key, value]) => [
      '--set',
      `${operation.name}.${key}=${JSON.stringify(value)}`,
    ])
  })
}
