// The chain of 1000 spheres on spherical joints in redundant coordinates (bench/models.ts sphereChain:
// Euler-parameter bodies, 7000 coordinates, 4000 constraint equations) with generalized-alpha at
// h = 1 ms: it failed at t = 0.0125 s (Newton did not converge). Reference (independent formulation):
// the same chain in minimal coordinates, one KinematicTree with a ball joint per sphere (O(n)
// articulated-body accelerations, no constraints), RK44 at h = 1 ms, whose own error at the last body
// is ~1e-8 m (bench/chain.bench.ts). Here the first 0.1 s; the whole second (16 s, last body 6.6e-7 m
// from the tree) is in the benchmark's measured range.
import { describe, expect, it } from 'vitest'
import { sphereChain, sphereChainTree } from '../../bench/models'
import { run } from './helpers'

describe('1000-sphere chain in redundant coordinates, generalized-alpha', () => {
  it('runs 0.1 s at h = 1 ms without a rejected step; the last body within 1e-5 m of the tree', () => {
    const T = 0.1
    const chain = sphereChain(1000, 1e-3, T)
    const r = run(chain.model, chain.settings)
    expect(r.stats.steps).toBe(100)
    expect(r.stats.rejectedSteps).toBe(0)
    const tree = sphereChainTree(1000, 1e-3, T, 'RK44')
    const ref = run(tree.model, tree.settings)
    const a = r.recorder.last(0)!,
      b = ref.recorder.last(0)!
    expect(Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2])).toBeLessThan(1e-5)
  })
})
