// Results-file throughput for a 1000-body model (RigidBodyEP nodes, 7 coordinates each): frames with
// coordinates and velocities (14000 values) written to a file and read back - sequentially, by random
// index and by time - through the same writer, reader and Node file classes the command line uses.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  buildSystem,
  loadProjectJson,
  formatProblems,
  ResultsReader,
  ResultsWriter,
  type JsonObject,
} from '../src/core'
import { FileSink, FileSource } from '../src/node/runFiles'
import type { BenchResult } from './run'

const BODIES = 1000
const FRAMES = 400

function thousandBodies(): JsonObject {
  const nodes = [],
    objects = []
  for (let i = 0; i < BODIES; i++) {
    nodes.push({ type: 'RigidBodyEP', name: `n${i}`, referenceCoordinates: [i, 0, 0, 1, 0, 0, 0] })
    objects.push({
      type: 'RigidBody',
      name: `b${i}`,
      physicsMass: 1,
      physicsInertia: [1, 1, 1, 0, 0, 0],
      nodeNumber: `n${i}`,
    })
  }
  return {
    format: 'mbs-studio-project',
    version: 1,
    name: 'thousand bodies',
    model: { nodes, objects, markers: [], loads: [], sensors: [] },
    simulationSettings: {},
  }
}

export default function resultsBench(): BenchResult[] {
  const doc = thousandBodies()
  const loaded = loadProjectJson(doc)
  if (!loaded.ok) throw new Error(formatProblems(loaded.problems))
  const system = buildSystem(loaded.project)
  const s = system.state
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mbs-bench-')), 'bench.mbsres')
  try {
    const sink = new FileSink(file)
    const writer = new ResultsWriter(sink, system, {
      project: doc,
      solverType: 'GeneralizedAlpha',
      framePeriod: 0,
      fields: ['q', 'v'],
    })
    const headerBytes = sink.bytesWritten
    for (let i = 0; i < s.q.length; i++) {
      s.q[i] = Math.sin(i)
      s.v[i] = Math.cos(i)
    }
    let t0 = performance.now()
    for (let f = 0; f < FRAMES; f++) {
      // Only the time and one value change: the measurement is the writer and the file, not the state.
      s.t = f * 1e-3
      s.q[f] += 1
      writer.maybeWriteFrame(s)
    }
    sink.close()
    const writeSeconds = (performance.now() - t0) / 1000
    const bytes = sink.bytesWritten - headerBytes
    const perFrame = bytes / FRAMES

    const source = new FileSource(file)
    t0 = performance.now()
    const reader = ResultsReader.open(source)
    const openSeconds = (performance.now() - t0) / 1000
    const out = new Float64Array(reader.header.frame.valuesPerRecord - 1)
    t0 = performance.now()
    for (let i = 0; i < reader.frameCount; i++) reader.frame(i, out)
    const readSeconds = (performance.now() - t0) / 1000
    t0 = performance.now()
    for (let k = 0; k < FRAMES; k++) reader.frame(reader.frameIndexAt(((k * 7919) % FRAMES) * 1e-3), out)
    const randomSeconds = (performance.now() - t0) / 1000
    source.close()
    const MB = 1e6
    return [
      {
        name: 'results file: bytes per frame (1000 rigid bodies, q + v, 14000 values)',
        value: perFrame,
        unit: 'B',
      },
      { name: 'results file: header (model snapshot of 2000 items)', value: headerBytes, unit: 'B' },
      {
        name: 'results write',
        value: FRAMES / writeSeconds,
        unit: 'frames/s',
        extra: `${(bytes / writeSeconds / MB).toFixed(0)} MB/s`,
      },
      {
        name: 'results open + index (checksums of every record)',
        value: bytes / openSeconds / MB,
        unit: 'MB/s',
      },
      {
        name: 'results read, sequential frames',
        value: FRAMES / readSeconds,
        unit: 'frames/s',
        extra: `${(bytes / readSeconds / MB).toFixed(0)} MB/s`,
      },
      {
        name: 'results read, random frames by time (binary search)',
        value: FRAMES / randomSeconds,
        unit: 'frames/s',
        extra: `${(bytes / randomSeconds / MB).toFixed(0)} MB/s`,
      },
    ]
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true })
  }
}
