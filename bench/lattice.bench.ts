// A 2D lattice of 100 x 100 = 10,000 mass points on springs, RK44 (explicit: no Newton, the mass
// matrix is constant and factorized once).
import '../src/core'
import { engineRow } from './exudyn.bench'
import { runEngine } from './measure'
import { springLattice } from './models'
import type { BenchSuite } from './suite'

const STEPS = 20

export const suite: BenchSuite = {
  name: 'lattice',
  async run() {
    const m = springLattice(100, STEPS)
    return [
      engineRow('spring lattice 100 x 100, RK44', runEngine(m.model, m.settings), {
        accuracy: `shortened (${STEPS} steps of 1 ms)`,
      }),
    ]
  },
}
