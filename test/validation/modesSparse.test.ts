// The sparse shift-invert subspace iteration (lowestModes) against the dense solver on the same
// linearization: a hanging chain of 60 point masses on rods and one of 30 rigid links on revolute
// joints (constraints eliminated by the augmented system vs the null-space basis) and a free-free spring
// chain with uneven masses (one rigid-body mode, the negative default shift).
import { describe, expect, it } from 'vitest'
import { lowestModesAt, modalAnalysis } from '../../src/core'
import { makeProject } from './helpers'
import { freeSpringChain, hangingChain, hangingLinkChain } from '../../bench/modesModels'

/**
 * Both solve the same symmetric pencil to round-off (dense: a few eps times the spread of the
 * spectrum; sparse: Ritz values converged to 1e-13 relative); the brief's 1e-9 relative.
 */
const TOL = 1e-9

describe('sparse lowest modes equal the dense ones', () => {
  it('hanging chain of 60 mass points on rods: the lowest 12 pendulum modes', () => {
    const project = makeProject(hangingChain(60), { solverType: 'Static' })
    const dense = modalAnalysis(project, 'initial', { count: 12 }).modes
    const { modes, iterations } = lowestModesAt(project, 'initial', { count: 12 })
    expect(modes).toHaveLength(12)
    expect(iterations).toBeGreaterThan(1)
    modes.forEach((mode, i) => {
      expect(mode.rigidBody).toBe(false)
      expect(Math.abs(mode.frequency / dense[i].frequency - 1)).toBeLessThan(TOL)
      // Same shape up to sign, both scaled to a largest entry of 1.
      const sign = Math.sign(mode.shape.reduce((s, v, k) => s + v * dense[i].shape[k], 0))
      mode.shape.forEach((v, k) => expect(Math.abs(v - sign * dense[i].shape[k])).toBeLessThan(1e-6))
    })
  })

  it('hanging chain of 30 rigid links on revolute joints: the lowest 8 modes', () => {
    const project = makeProject(hangingLinkChain(30), { solverType: 'Static' })
    const dense = modalAnalysis(project, 'initial', { count: 8 }).modes
    const { modes } = lowestModesAt(project, 'initial', { count: 8 })
    modes.forEach((mode, i) => expect(Math.abs(mode.frequency / dense[i].frequency - 1)).toBeLessThan(TOL))
  })

  it('more modes asked than free coordinates: all of them (5 of a 5-body chain)', () => {
    const project = makeProject(hangingChain(5), { solverType: 'Static' })
    const dense = modalAnalysis(project, 'initial').modes
    const { modes } = lowestModesAt(project, 'initial', { count: 10 })
    expect(modes).toHaveLength(5)
    modes.forEach((mode, i) => expect(Math.abs(mode.frequency / dense[i].frequency - 1)).toBeLessThan(TOL))
  })

  it('free-free spring chain of 40 masses: the rigid-body mode and the lowest elastic ones', () => {
    const project = makeProject(freeSpringChain(40), { solverType: 'Static' })
    const dense = modalAnalysis(project, 'initial', { count: 6 }).modes
    const { modes } = lowestModesAt(project, 'initial', { count: 6 })
    expect(modes[0]).toMatchObject({ rigidBody: true, frequency: 0 })
    expect(dense[0]).toMatchObject({ rigidBody: true, frequency: 0 })
    for (let i = 1; i < 6; i++)
      expect(Math.abs(modes[i].frequency / dense[i].frequency - 1)).toBeLessThan(TOL)
  })
})
