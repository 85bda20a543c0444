// The identity a results file records of what produced it (issue 21's `mbs verify`): SHA-256 of the
// model and of the simulation settings in canonical JSON (the project file's own form, so a model
// that saves to the same text hashes the same), and of the engine version.
import { canonicalJson } from '../model/canonicalJson'
import type { JsonObject, JsonValue } from '../model/types'
import { sha256 } from './sha256'

export interface ResultsHashes {
  model: string
  settings: string
  engine: string
}

export function resultsHashes(project: JsonObject, engineVersion: string): ResultsHashes {
  const part = (key: string): JsonValue => project[key] ?? {}
  return {
    model: sha256(canonicalJson(part('model'))),
    settings: sha256(canonicalJson(part('simulationSettings'))),
    engine: sha256(engineVersion),
  }
}
