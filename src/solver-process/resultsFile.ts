// Results files read by the solver process: opened with the model stored in them (a replay streams
// their frames, readResults answers them whole). A file that cannot be read, is damaged or holds a
// model that does not load is an ApiError naming the path.
import {
  buildSystem,
  parseProject,
  ResultsReader,
  writeProject,
  type CompiledSystem,
  type Project,
} from '../core'
import { READ_RESULTS_LIMIT, type ResultsData, type SensorEventData } from '../shared/api'
import { ApiError } from '../shared/protocol'
import { FileSource } from '../node/runFiles'
import { writeNodePositions } from './frameStream'
import { invalidModel } from './solverModel'

/** An open results file, the model stored in it and a system of that model to rebuild frames with. */
export interface OpenedResults {
  reader: ResultsReader
  source: FileSource
  project: Project
  system: CompiledSystem
}

export function openResultsFile(path: string): OpenedResults {
  let source: FileSource
  try {
    source = new FileSource(path)
  } catch (error) {
    throw new ApiError('io-error', `Cannot read the results file ${path}: ${(error as Error).message}`)
  }
  try {
    let reader: ResultsReader
    try {
      reader = ResultsReader.open(source)
    } catch (error) {
      throw new ApiError('invalid-model', `${path}: ${(error as Error).message}`)
    }
    const snapshot = parseProject(JSON.stringify(reader.header.project))
    if (!snapshot.ok) throw invalidModel(`The model stored in ${path}`, snapshot.problems)
    return { reader, source, project: snapshot.project, system: buildSystem(snapshot.project) }
  } catch (error) {
    source.close()
    throw error
  }
}

/** Loads frame `index` of the file into the system's state (time, q, and the items' update). */
export function loadFrame({ reader, system }: OpenedResults, index: number): void {
  const state = system.state
  state.t = reader.frameTime(index)
  reader.field(index, 'q', state.q)
  system.update(state)
}

/**
 * The whole file: its model, its sensor histories and its frames with node positions. Frames beyond
 * READ_RESULTS_LIMIT numbers are thinned to every k-th (the last one always kept).
 */
export function readResultsData(path: string): ResultsData {
  const opened = openResultsFile(path)
  try {
    const { reader, system } = opened
    const frames = reader.frameCount
    const nodeCount = system.nodes.length
    const coordinateCount = system.nODE2
    const perFrame = 1 + 3 * nodeCount + coordinateCount
    const frameStride = Math.max(1, Math.ceil((frames * perFrame) / READ_RESULTS_LIMIT))
    const indices: number[] = []
    for (let i = 0; i < frames; i += frameStride) indices.push(i)
    if (frames > 0 && indices.at(-1) !== frames - 1) indices.push(frames - 1)
    const times = new Float64Array(indices.length)
    const positions = new Float64Array(indices.length * 3 * nodeCount)
    const coordinates = new Float64Array(indices.length * coordinateCount)
    const point = new Float64Array(3)
    indices.forEach((index, k) => {
      loadFrame(opened, index)
      times[k] = system.state.t
      writeNodePositions(system, system.state, positions, k, point)
      coordinates.set(system.state.q, k * coordinateCount)
    })
    return {
      project: writeProject(opened.project),
      frames,
      frameStride,
      nodeCount,
      coordinateCount,
      times,
      positions,
      coordinates,
      sensors: sensorHistories(reader),
    }
  } finally {
    opened.source.close()
  }
}

/** Every sensor's recorded rows as [t, v0, v1, ...], the form live runs stream them in. */
export function sensorHistories(reader: ResultsReader): SensorEventData['series'] {
  return reader.header.sensors.items.map(({ name }) => {
    const { size, t, values } = reader.sensor(name)
    const rows = new Float64Array(t.length * (size + 1))
    for (let r = 0; r < t.length; r++) {
      rows[r * (size + 1)] = t[r]
      rows.set(values.subarray(r * size, (r + 1) * size), r * (size + 1) + 1)
    }
    return { sensor: name, size, rows }
  })
}
