// Pause and stop also interrupt a run's setup (issue 7: the setup of the 1000-sphere chain takes
// 0.5-0.6 s): advance() sets the solver up with the interrupt polled between the setup's phases,
// inside the fill-reducing ordering, the residual and the first factorization. An interrupted setup
// must leave the state and the counters exactly as they were, and the next advance() sets up again,
// so the run equals the uninterrupted one. Tolerance: none (bit for bit) - a setup that resumed from
// half-made work (a partly projected state, a half-factorized matrix) would change the initial
// accelerations in their last bits, and the chaotic chain makes any such difference grow.
import { describe, expect, it } from 'vitest'
import { createSolver, SensorRecorder, type Project } from '../../src/core'
import { approximateMinimumDegree } from '../../src/core/math/sparseOrdering'
import { SparsePatternBuilder } from '../../src/core/math/sparsePattern'
import { buildSystem } from '../../src/core/simulation'
import { sphereChain, springLattice } from '../../bench/models'
import { massGrid } from '../integration/helpers'
import { makeProject } from './helpers'
import { expectBitwiseEqual, finalState, rows, startRun } from './restartModels'

/** Where a setup poll came from (the first solver or matrix function on the stack). */
const POLL_SITES =
  /approximateMinimumDegree|symmetricAdjacency|factorFull|ode2Residual|createSystemMatrix|ExplicitSolver\.accelerations|InitialConditions|initializeSolver /
const pollSite = (): string =>
  (new Error().stack ?? '')
    .split('\n')
    .find((line) => POLL_SITES.test(line))
    ?.trim()
    .split(' ')[1] ?? 'unknown'

/**
 * Runs the project with its setup (through advance()) interrupted at the setup's poll number `at`,
 * twice: the second attempt starts from what the first left (a system matrix with its ordering, a
 * half-made factorization) and is interrupted at its own poll `at` if it gets that far. After each
 * interrupt the state, the counters and the recorded rows must be those before the setup. Then runs
 * to the end without interrupts.
 */
function runWithInterruptedSetup(project: Project, at: number) {
  const system = buildSystem(project)
  system.state.t = project.settings.timeIntegration.startTime
  const recorder = new SensorRecorder(system, project.settings.solutionSettings.sensorsWritePeriod)
  let polls = 0
  const sites: string[] = []
  const solver = createSolver(system, project.settings, {
    recorder,
    interruptRequested: () => {
      if (solver.initialized || ++polls !== at) return false
      sites.push(pollSite())
      return true
    },
  })
  const before = finalState({ system, solver })
  const changed: string[] = []
  for (let attempt = 1; !solver.initialized; attempt++) {
    polls = attempt <= 2 ? 0 : -Infinity
    solver.advance(0)
    if (solver.initialized) break
    const now = finalState({ system, solver })
    for (const key of Object.keys(before))
      if (!Buffer.from(now[key].buffer).equals(Buffer.from(before[key].buffer)))
        changed.push(`${key} after interrupt ${attempt} at poll ${at}`)
    if (solver.stats.steps + solver.stats.jacobians + solver.stats.newtonIterations > 0)
      changed.push(`counters after interrupt ${attempt} at poll ${at}`)
    if (recorder.series.some((s) => s.rows > 0))
      changed.push(`sensor rows after interrupt ${attempt} at poll ${at}`)
  }
  solver.advance(Infinity)
  solver.finalizeSolver()
  return { solver, system, recorder, sites, changed }
}

/** The number of polls of an uninterrupted setup through advance(). */
function setupPolls(project: Project): number {
  const system = buildSystem(project)
  let polls = 0
  const solver = createSolver(system, project.settings, {
    interruptRequested: () => (solver.initialized || polls++, false),
  })
  solver.advance(0)
  return polls
}

/** Interrupts the setup at each of its polls in turn (a fresh run each); returns where they were. */
function expectSameRuns(project: Project): string[] {
  const continuous = startRun(project)
  continuous.solver.solve()
  const a = finalState(continuous)
  const { wallTime: _w1, ...expected } = continuous.solver.stats
  const sites: string[] = []
  for (let at = 1; at <= setupPolls(project); at++) {
    const interrupted = runWithInterruptedSetup(project, at)
    sites.push(...interrupted.sites)
    expect(interrupted.changed, 'the setup left something changed after an interrupt').toEqual([])
    rows(continuous.recorder).forEach((r, i) =>
      expectBitwiseEqual(
        rows(interrupted.recorder)[i],
        r,
        `interrupted at poll ${at}: sensor ${continuous.recorder.series[i].name}`,
      ),
    )
    const b = finalState(interrupted)
    for (const key of Object.keys(a))
      expectBitwiseEqual(b[key], a[key], `interrupted at poll ${at}: final ${key}`)
    const { wallTime: _w2, ...actual } = interrupted.solver.stats
    expect(actual).toEqual(expected)
    expect(interrupted.solver.saveIntegratorState()).toEqual(continuous.solver.saveIntegratorState())
  }
  return sites
}

describe('a setup interrupted anywhere and done again gives the uninterrupted run bit for bit', () => {
  // 48 spheres on spherical joints: 528 unknowns, sparse; the ordering polls every 128 pivots and the
  // first (full) factorization before column 511. A few steps: the setup is what is tested.
  it('GeneralizedAlpha, sphere chain: interrupts in the pattern, the ordering, the assembly and the first factorization', () => {
    const { model, settings } = sphereChain(48, 1e-3, 0.003)
    const sites = expectSameRuns(makeProject(model, { ...settings, linearSolverType: 'EigenSparse' }))
    for (const site of [
      'createSystemMatrix',
      'symmetricAdjacency',
      'approximateMinimumDegree',
      'InitialConditions',
      'SparseLU.factorFull',
    ])
      expect(
        sites.some((s) => s.includes(site)),
        `interrupted in ${site}: ${sites.join(', ')}`,
      ).toBe(true)
  })

  // 300 mass points on springs (more force objects than the residual polls after, 256): the explicit
  // solver's initial accelerations are interrupted inside their residual. Two of the points are held
  // 0.12 m apart by a distance constraint while they start 0.1 m apart, so the setup first projects
  // the coordinates onto the constraint (changing q and counting Jacobians) and the residual's
  // interrupts come after that: only a restored start state makes the next setup project the same.
  it('RK44, 300 mass points on springs with a violated distance constraint: interrupts after the projection', () => {
    const { model } = massGrid(300)
    model.objects.push({
      type: 'ConnectorDistance',
      name: 'rod',
      markerNumbers: ['p0', 'p1'],
      distance: 0.12,
    })
    const settings = {
      solverType: 'RK44',
      linearSolverType: 'EigenSparse',
      timeIntegration: { endTime: 0.003, numberOfSteps: 3 },
    }
    const sites = expectSameRuns(makeProject(model, settings))
    expect(
      sites.some((s) => s.includes('ode2Residual')),
      sites.join(', '),
    ).toBe(true)
  })

  // The bench's spring lattice at 16 x 16 (512 unknowns, 752 force objects): no constraints and a
  // constant mass matrix, so the explicit solver assembles and factorizes the mass matrix once, in the
  // setup's initial accelerations; it is interrupted after that assembly and inside that factorization
  // (before column 511), and the steps reuse the factors of the setup that completed.
  it('RK44, spring lattice: interrupts after the first mass assembly and inside its factorization', () => {
    const { model, settings } = springLattice(16, 3)
    const sites = expectSameRuns(makeProject(model, { ...settings, linearSolverType: 'EigenSparse' }))
    for (const site of ['ExplicitSolver.accelerations', 'SparseLU.factorFull', 'ode2Residual'])
      expect(
        sites.some((s) => s.includes(site)),
        `interrupted in ${site}: ${sites.join(', ')}`,
      ).toBe(true)
  })

  it('initializeSolver called directly is never interrupted (checkpoint loading and results files rely on it)', () => {
    const { model, settings } = sphereChain(48, 1e-3, 0.002)
    const project = makeProject(model, { ...settings, linearSolverType: 'EigenSparse' })
    const system = buildSystem(project)
    let polls = 0
    const solver = createSolver(system, project.settings, { interruptRequested: () => (polls++, true) })
    solver.initializeSolver()
    expect(solver.initialized).toBe(true)
    expect(polls).toBe(0)
  })
})

describe('interrupt polls of the fill-reducing ordering', () => {
  it('do not change the order, and come every 128 pivots', () => {
    // A 2D grid Laplacian pattern (5-point stencil), 40 x 40: orderings of it have many ties.
    const side = 40,
      n = side * side
    const builder = new SparsePatternBuilder(n)
    builder.addDiagonal()
    for (let i = 0; i < n; i++) {
      const neighbours = [i % side < side - 1 ? i + 1 : -1, i + side < n ? i + side : -1]
      for (const j of neighbours)
        if (j >= 0) {
          builder.add(i, j)
          builder.add(j, i)
        }
    }
    const pattern = builder.build()
    let polls = 0
    const polled = approximateMinimumDegree(pattern, () => void polls++)
    expect(Array.from(polled)).toEqual(Array.from(approximateMinimumDegree(pattern)))
    // Two between the adjacency passes, then before pivots 0, 128, ..., 1536.
    expect(polls).toBe(2 + Math.ceil(n / 128))
  })
})
