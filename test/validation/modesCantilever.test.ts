// An ANCF cantilever's bending frequencies against Euler-Bernoulli beam theory, converging under
// refinement: omega_i = (beta L)_i^2 sqrt(EI / (rho A L^4)), beta L the roots of
// cos(beta L) cosh(beta L) = -1 (Blevins, Formulas for Natural Frequency and Mode Shape, table 8-1).
import { describe, expect, it } from 'vitest'
import { modalAnalysis } from '../../src/core'
import { ancfCantilever } from '../../bench/modesModels'
import { makeProject } from './helpers'

const BETA_L = [1.8751040687119611, 4.694091132974175, 7.854757438237613]

describe('ANCF cantilever (ANCFCable2D, clamped at x = 0): first three bending frequencies', () => {
  const L = 1,
    rhoA = 0.5,
    EI = 2,
    // Axial stiffness high enough that the first axial mode, (pi / 2) sqrt(EA / rho A) / L = 50 Hz, lies
    // above the fourth bending mode (38.5 Hz): the lowest three modes are bending.
    EA = 2e4
  const exact = BETA_L.map((b) => (b * b * Math.sqrt(EI / (rhoA * L ** 4))) / (2 * Math.PI))
  const errors = (elements: number): number[] => {
    const project = makeProject(ancfCantilever(elements, L, rhoA, EI, EA), { solverType: 'Static' })
    const { modes } = modalAnalysis(project, 'initial', { count: 3 })
    return modes.map((mode, i) => mode.frequency / exact[i] - 1)
  }

  it('converge with order 4 (cubic Hermite bending interpolation) to the closed form', () => {
    const coarse = errors(8),
      fine = errors(16)
    for (let i = 0; i < 3; i++) {
      // A consistent-mass Hermite element overestimates the frequencies (Rayleigh-Ritz: an upper bound).
      expect(fine[i]).toBeGreaterThan(0)
      // Order log2(e_8 / e_16) against the asymptotic order of the eigenvalue error of cubic elements
      // for a fourth-order problem, 2 (p + 1 - m) = 4 (observed values in docs/validation.md).
      const order = Math.log2(coarse[i] / fine[i])
      expect(order).toBeGreaterThan(3.8)
      expect(order).toBeLessThan(4.2)
    }
    // Sixteen elements: about half of each bound (docs/validation.md), which grow as (beta L)^4 h^4.
    expect(fine[0]).toBeLessThan(3e-7)
    expect(fine[1]).toBeLessThan(1e-5)
    expect(fine[2]).toBeLessThan(1e-4)
  })
})
