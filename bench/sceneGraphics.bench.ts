// Per-frame JavaScript of the viewport during a run (issue #6): the graphics of a frame's coordinates
// (SceneModel.at), its instance buffers (instanceShapes) and its line sets (buildLines), on the
// 1000-rigid-body model of the browser frame-rate test. CPU time, best of several rounds, so other
// work on the machine inflates the number less.
import { cpuUsage } from 'node:process'
import { loadProjectJson, type JsonObject } from '../src/core'
// The renderer's per-frame functions are what this measures; they use no DOM (Babylon's maths only),
// so they run under Node like the rest of the benchmarks.
// eslint-disable-next-line no-restricted-imports
import { createSceneModel } from '../src/renderer/viewport/sceneModel'
// eslint-disable-next-line no-restricted-imports
import {
  buildLines,
  instanceShapes,
  type InstanceBuffers,
  type InstanceShape,
} from '../src/renderer/viewport/primitives'
import type { BenchResult } from './run'

const BODIES = 1000
const FRAMES_PER_ROUND = 20
const ROUNDS = 8

/** The model of test/browser/renderer.spec.mjs: 1000 free rigid bodies on Euler-parameter nodes. */
export function thousandBodies(): JsonObject {
  const nodes: JsonObject[] = []
  const objects: JsonObject[] = []
  for (let i = 0; i < BODIES; i++) {
    const [x, z] = [(i % 32) * 0.25 - 4, Math.floor(i / 32) * 0.25 - 4]
    nodes.push({ type: 'RigidBodyEP', name: `n${i}`, referenceCoordinates: [x, 0.5, z, 1, 0, 0, 0] })
    objects.push({
      type: 'RigidBody',
      name: `b${i}`,
      physicsMass: 1,
      physicsInertia: [0.01, 0.01, 0.01, 0, 0, 0],
      nodeNumber: `n${i}`,
    })
  }
  return { format: 'mbs-studio-project', version: 1, name: 'Thousand', model: { nodes, objects } }
}

/** Coordinates of a frame: each body moved and turned a little (unit Euler parameters). */
export function frameCoordinates(n: number, t: number): Float64Array {
  const q = new Float64Array(7 * n)
  for (let i = 0; i < n; i++) {
    const a = 0.5 * t + 0.01 * i
    q.set([0.1 * Math.sin(a), 0.05 * t, 0.1 * Math.cos(a), Math.cos(a) - 1, Math.sin(a), 0, 0], 7 * i)
  }
  return q
}

const cpuMs = () => {
  const u = cpuUsage()
  return (u.user + u.system) / 1000
}

export default function sceneGraphicsBench(): BenchResult[] {
  const loaded = loadProjectJson(thousandBodies())
  if (!loaded.ok) throw new Error(loaded.problems.map((p) => p.message).join('; '))
  const scene = createSceneModel(loaded.project)
  const frames = Array.from({ length: FRAMES_PER_ROUND }, (_, k) =>
    frameCoordinates(BODIES, k / FRAMES_PER_ROUND),
  )
  const selection = new Set<string>()
  const selected = [1, 0.6, 0, 1]
  const best = { at: Infinity, instances: Infinity, lines: Infinity }
  let reuse: Record<InstanceShape, InstanceBuffers> | undefined
  for (let round = 0; round < ROUNDS; round++) {
    const spent = { at: 0, instances: 0, lines: 0 }
    for (const q of frames) {
      let t0 = cpuMs()
      const items = scene.at(q)
      let t1 = cpuMs()
      spent.at += t1 - t0
      t0 = t1
      reuse = instanceShapes(items, selection, selected, reuse)
      t1 = cpuMs()
      spent.instances += t1 - t0
      t0 = t1
      buildLines(items, selection, selected)
      spent.lines += cpuMs() - t0
    }
    for (const k of ['at', 'instances', 'lines'] as const)
      best[k] = Math.min(best[k], spent[k] / FRAMES_PER_ROUND)
  }
  const total = best.at + best.instances + best.lines
  return [
    { name: `SceneModel.at, ${BODIES} rigid bodies`, value: best.at, unit: 'ms CPU / frame' },
    { name: 'instanceShapes', value: best.instances, unit: 'ms CPU / frame' },
    { name: 'buildLines', value: best.lines, unit: 'ms CPU / frame' },
    {
      name: 'frame graphics in all',
      value: total,
      unit: 'ms CPU / frame',
      extra: `budget 16.7 ms at 60 fps`,
    },
  ]
}
