// The results file (docs/file-formats.md): frames and sensor rows read back bit for bit, random access
// by index and time, reading while the file grows, and a torn or damaged end that is detected and
// ignored while every complete record before it stays readable.
import { describe, expect, it } from 'vitest'
import {
  FormatError,
  MemorySink,
  ResultsReader,
  ResultsWriter,
  describeResults,
  memorySource,
  type ByteSource,
} from '../../../../src/core'
import { makeProject } from '../../../validation/helpers'
import { bits, doublePendulum, startRun } from '../../../validation/restartModels'

const settings = {
  solverType: 'GeneralizedAlpha',
  timeIntegration: { endTime: 0.5, numberOfSteps: 100 },
  solutionSettings: { solutionWritePeriod: 0.05, sensorsWritePeriod: 0.01 },
}

/** Runs the double pendulum writing a results file; returns the bytes and the states written as frames. */
function writeRun(fields: ('q' | 'v')[] = ['q', 'v']) {
  const project = makeProject(doublePendulum(), settings)
  const run = startRun(project)
  const sink = new MemorySink()
  const writer = new ResultsWriter(sink, run.system, {
    project: { name: 'test' },
    solverType: run.solver.solverType,
    framePeriod: 0.05,
    fields,
    recorder: run.recorder,
    sensorPeriod: 0.01,
  })
  const written: { t: number; q: Float64Array; v: Float64Array }[] = []
  const frame = (): void => {
    const s = run.system.state
    if (writer.maybeWriteFrame(s)) written.push({ t: s.t, q: s.q.slice(), v: s.v.slice() })
  }
  run.solver.options.onStep = frame
  run.solver.initializeSolver()
  frame()
  run.solver.solve()
  return { bytes: sink.bytes(), written, run, writer }
}

describe('results file', () => {
  const { bytes, written, run, writer } = writeRun()

  it('stores every frame bit for bit, at solutionWritePeriod', () => {
    const r = ResultsReader.open(memorySource(bytes))
    expect(r.tail).toBe('')
    // 0.5 s at 0.05 s: 11 frames including t = 0.
    expect(r.frameCount).toBe(11)
    expect(writer.framesWritten).toBe(11)
    written.forEach((w, i) => {
      expect(r.frameTime(i)).toBe(w.t)
      expect(bits(r.field(i, 'q'))).toEqual(bits(w.q))
      expect(bits(r.field(i, 'v'))).toEqual(bits(w.v))
      expect(bits(r.frame(i))).toEqual(bits(Float64Array.from([...w.q, ...w.v])))
    })
    expect(() => r.field(0, 'a')).toThrow('stores q, v per frame, not a')
    expect(() => r.frame(11)).toThrow('frame 11 does not exist; the results file has 11 complete frames')
  })

  it('stores the sensor histories bit for bit', () => {
    const r = ResultsReader.open(memorySource(bytes))
    expect(r.sensorRowCount).toBe(51)
    for (const se of run.recorder.series) {
      const h = r.sensor(se.name)
      const w = se.size + 1
      expect(h.t.length).toBe(se.rows)
      for (let k = 0; k < se.rows; k++) {
        expect(h.t[k]).toBe(se.data[k * w])
        expect(bits(h.values.subarray(k * se.size, (k + 1) * se.size))).toEqual(
          bits(se.data.subarray(k * w + 1, (k + 1) * w)),
        )
      }
    }
    expect(() => r.sensor('nope')).toThrow('no sensor "nope"; it has pos2, acc1, rodForce')
  })

  it('finds frames by time (binary search: the last frame at or before t)', () => {
    const r = ResultsReader.open(memorySource(bytes))
    const times = Array.from(r.times)
    for (const t of [-1, 0, 0.01, 0.05, 0.07, 0.2499, 0.25, 0.49, 0.5, 7]) {
      let expected = 0
      times.forEach((ft, i) => {
        if (ft <= t) expected = i
      })
      expect(r.frameIndexAt(t), `t = ${t}`).toBe(expected)
    }
    // Exactly at each stored time it returns that frame.
    times.forEach((t, i) => expect(r.frameIndexAt(t)).toBe(i))
  })

  it('holds the header a replay needs', () => {
    const h = ResultsReader.open(memorySource(bytes)).header
    expect(h.format).toBe('mbs-studio-results')
    expect(h.frame.fields).toEqual(['q', 'v'])
    expect(h.frame.lengths).toEqual([run.system.nODE2, run.system.nODE2])
    expect(h.layout.nodes.map((n) => n.name)).toEqual(['n1', 'n2', 'g'])
    expect(h.sensors.items.map((s) => [s.name, s.offset, s.size])).toEqual([
      ['pos2', 0, 3],
      ['acc1', 3, 3],
      ['rodForce', 6, 1],
    ])
    const info = describeResults(memorySource(bytes)).join('\n')
    expect(info).toContain('frames: 11, t = 0 .. 0.5')
    expect(info).toContain(
      'sensors: 51 rows every 0.01 s of pos2 (Position, 3), acc1 (Acceleration, 3), rodForce (Force, 1)',
    )
  })

  it('is readable while being written: refresh() picks up appended records', () => {
    let visible = 0
    const growing: ByteSource = { size: () => visible, read: (o, n) => bytes.subarray(o, o + n) }
    // Reveal the file in uneven pieces, as a writer on another process would, from the header on.
    const headerBytes = 16 + new DataView(bytes.buffer, bytes.byteOffset).getUint32(12, true) + 8
    visible = headerBytes
    const r = ResultsReader.open(growing)
    let lastCount = r.frameCount
    for (visible = headerBytes; visible < bytes.length; visible = Math.min(bytes.length, visible + 333)) {
      r.refresh()
      expect(r.frameCount).toBeGreaterThanOrEqual(lastCount)
      lastCount = r.frameCount
      if (r.frameCount > 0) expect(r.frameIndexAt(1e9)).toBe(r.frameCount - 1)
    }
    r.refresh()
    expect(r.frameCount).toBe(11)
    expect(r.tail).toBe('')
  })

  it('after a crash: a torn last record at any cut is ignored, every complete frame is readable', () => {
    const full = ResultsReader.open(memorySource(bytes))
    const lastFrameAt = bytes.length - 8 * (1 + 2 * run.system.nODE2) - 16
    // Cut the file anywhere inside the last record (a frame: the run ends with a frame at t = 0.5).
    for (let cut = lastFrameAt + 1; cut < bytes.length; cut += 7) {
      const r = ResultsReader.open(memorySource(bytes.subarray(0, cut)))
      expect(r.frameCount).toBe(10)
      expect(r.tail).toMatch(/torn record/)
      expect(bits(r.frame(9))).toEqual(bits(full.frame(9)))
    }
    // A file extended with zeros (the size grew, the data never arrived).
    const zeros = new Uint8Array(bytes.length + 4096)
    zeros.set(bytes)
    const z = ResultsReader.open(memorySource(zeros))
    expect(z.frameCount).toBe(11)
    expect(z.tail).toMatch(/unreadable data/)
  })

  it('a damaged record stops reading there, keeping every record before it', () => {
    const damaged = bytes.slice()
    damaged[bytes.length - 100] ^= 1
    const r = ResultsReader.open(memorySource(damaged))
    expect(r.frameCount).toBe(10)
    expect(r.tail).toMatch(/damaged record at byte \d+ \(checksum mismatch\)/)
  })

  it('refuses files that are not results files, or whose header is cut', () => {
    expect(() => ResultsReader.open(memorySource(new TextEncoder().encode('MBSCHKPT....')))).toThrow(
      FormatError,
    )
    expect(() => ResultsReader.open(memorySource(bytes.subarray(0, 40)))).toThrow(
      'truncated inside its header',
    )
  })
})
