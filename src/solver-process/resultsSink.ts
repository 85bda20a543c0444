// Results files the solver process writes (a run's, a mode's): opened here so that a failure is the
// same 'io-error' answer, naming the path, wherever it happens.
import { ApiError } from '../shared/protocol'
import { FileSink } from '../node/runFiles'

export function openResultsSink(path: string): FileSink {
  try {
    return new FileSink(path)
  } catch (error) {
    throw new ApiError('io-error', `Cannot create the results file ${path}: ${(error as Error).message}`)
  }
}
