// Exact restart with the sparse Newton matrix, which keeps its LU pivots while they are acceptable
// (SparseLU.keepPivots): its factors depend on the pivot sequence the run came with, so the checkpoint
// saves the sequence and the loaded run factorizes from it. A chain of 30 rigid bodies on Euler
// parameters and revolute joints (perf3DRigidBodies' model, 390 unknowns) falling for 0.3 s: its
// constraint columns keep pivots that a fresh factorization would not choose. Tolerance: none (bit for
// bit), as in restart.test.ts.
import { describe, expect, it } from 'vitest'
import { loadCheckpoint, saveCheckpoint } from '../../src/core'
import { rigidBodies3D } from '../../bench/models'
import { SparseSystemMatrix } from '../../src/core/system/sparseMatrix'
import { makeProject } from './helpers'
import { expectSecondPassEqual, finalState, rows, splitRunMatches, startRun } from './restartModels'

// Sensors every 10 ms (the bench writes only the last row).
const chain = rigidBodies3D(30, 300)
;(chain.settings.solutionSettings as { sensorsWritePeriod: number }).sensorsWritePeriod = 0.01

describe('exact restart with the sparse Newton matrix and its kept pivots', () => {
  it('GeneralizedAlpha: 0..T versus saved at T/2, loaded into a fresh system, T/2..T', () => {
    const { continuous } = splitRunMatches(chain.model, chain.settings)
    const matrix = (continuous.solver as unknown as { matrix: unknown }).matrix
    expect(matrix).toBeInstanceOf(SparseSystemMatrix)
    const lu = (matrix as SparseSystemMatrix).lu
    // Most refreshes refactorized with kept pivots; the saved sequence is what the restart needed.
    expect(lu.refactorizations).toBeGreaterThan(10 * lu.fullFactorizations)
  })

  it('going back to a checkpoint in the running system repeats the run bit for bit', () => {
    const run = startRun(makeProject(chain.model, chain.settings))
    run.solver.setEndTime(0.15)
    run.solver.solve()
    const checkpoint = saveCheckpoint(run)
    const rowsAtCheckpoint = run.recorder.series.map((se) => se.rows)
    run.solver.setEndTime(0.3)
    run.solver.solve()
    const firstPass = rows(run.recorder)
    const endState = finalState(run)
    loadCheckpoint(checkpoint, run)
    run.solver.solve()
    expectSecondPassEqual(run, firstPass, rowsAtCheckpoint, endState)
  })
})
