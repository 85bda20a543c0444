// Frame batches and sensor rows carry the model revision they belong to: the one the stream began
// with, and after a live edit of the run's model (setRevision) the new one.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { buildSystem, parseProject } from '../../../src/core'
import type { FramesEventData, SensorEventData } from '../../../src/shared/api'
import { FrameStream } from '../../../src/solver-process/frameStream'
import { EXAMPLES_DIR } from '../../integration/helpers'

it('tags every frame batch and sensor batch with the revision in effect when it is sent', () => {
  const loaded = parseProject(readFileSync(join(EXAMPLES_DIR, 'pendulum.mbsproj'), 'utf8'))
  if (!loaded.ok) throw new Error(loaded.problems[0].message)
  const system = buildSystem(loaded.project)
  const frames: FramesEventData[] = []
  const sensors: SensorEventData[] = []
  const stream = new FrameStream({
    frames: (data) => frames.push(data),
    sensors: (data) => sensors.push(data),
    warn: () => undefined,
  })
  stream.begin(system, 7)
  const row = new Float64Array(system.sensors[0].computation.size + 1)
  stream.sensorRow(0, row)
  stream.offer(system.state, true)
  stream.setRevision(8)
  stream.sensorRow(0, row)
  stream.offer(system.state, true)
  expect(frames.map((batch) => batch.revision)).toEqual([7, 8])
  expect(sensors.map((batch) => batch.revision)).toEqual([7, 8])
})
