// Modal analysis of large models: the lowest 20 modes of 1000-body hanging chains (point masses on
// rods: 2000 coordinates, 1000 constraints; rigid links on revolute joints: 3000 coordinates, 2000
// constraints) by the sparse shift-invert subspace iteration, and the dense solver on a 200-body
// chain for scale. CPU time of this process.
import {
  formatProblems,
  loadProjectJson,
  lowestModesAt,
  modalAnalysis,
  systemAt,
  type JsonObject,
  type Project,
} from '../src/core'
import { hangingChain, hangingLinkChain } from './modesModels'
import type { BenchResult } from './run'

function project(model: JsonObject): Project {
  const r = loadProjectJson({
    format: 'mbs-studio-project',
    version: 1,
    name: 'modes',
    model,
    simulationSettings: {},
  })
  if (!r.ok) throw new Error(formatProblems(r.problems))
  return r.project
}

function cpu<T>(f: () => T): { value: T; seconds: number } {
  const t0 = process.cpuUsage()
  const value = f()
  const t = process.cpuUsage(t0)
  return { value, seconds: (t.user + t.system) / 1e6 }
}

export default function modesBench(): BenchResult[] {
  const results: BenchResult[] = []
  const big = project(hangingChain(1000))
  const state = cpu(() => systemAt(big, 'initial'))
  const sparse = cpu(() => lowestModesAt(big, 'initial', { count: 20 }))
  results.push({
    name: 'hanging chain N = 1000, lowest 20 modes, sparse subspace iteration (incl. state)',
    value: sparse.seconds,
    unit: 's CPU',
    extra:
      `${sparse.value.iterations} iterations; state alone ${state.seconds.toFixed(2)} s; f1 = ` +
      `${sparse.value.modes[0].frequency.toPrecision(6)} Hz, f20 = ` +
      `${sparse.value.modes[19].frequency.toPrecision(6)} Hz`,
  })
  const links = cpu(() => lowestModesAt(project(hangingLinkChain(1000)), 'initial', { count: 20 }))
  results.push({
    name:
      'hanging chain of 1000 rigid links (RigidBody2D, JointRevolute2D), lowest 20 modes, sparse (incl. ' +
      'state)',
    value: links.seconds,
    unit: 's CPU',
    extra: `${links.value.iterations} iterations; f1 = ${links.value.modes[0].frequency.toPrecision(6)} Hz`,
  })
  const mid = project(hangingChain(200))
  const dense = cpu(() => modalAnalysis(mid, 'initial', { count: 20 }))
  const midSparse = cpu(() => lowestModesAt(mid, 'initial', { count: 20 }))
  const worst = Math.max(
    ...midSparse.value.modes.map((m, i) => Math.abs(m.frequency / dense.value.modes[i].frequency - 1)),
  )
  results.push({
    name: 'hanging chain N = 200, all modes dense (null-space SVD + symmetric QL)',
    value: dense.seconds,
    unit: 's CPU',
    extra:
      `sparse lowest 20: ${midSparse.seconds.toFixed(2)} s, largest relative difference ` +
      `${worst.toExponential(1)}`,
  })
  return results
}
