// withoutOptimizingCompiler: V8's optimizing compiler is off while f runs and on again after it, also
// when f throws. Observed through V8's own status bits (natives syntax, enabled only to build the probes)
// on functions asked to be optimized on their next call, which V8 then does synchronously.
import { setFlagsFromString } from 'node:v8'
import { describe, expect, it } from 'vitest'
import { withoutOptimizingCompiler } from '../../../src/node/tiering'

type Probe = (f: (x: number) => number) => number
setFlagsFromString('--allow-natives-syntax')
const status = new Function('f', 'return %GetOptimizationStatus(f)') as Probe
const prepare = new Function('f', '%PrepareFunctionForOptimization(f)') as Probe
const optimizeOnNextCall = new Function('f', '%OptimizeFunctionOnNextCall(f)') as Probe
setFlagsFromString('--no-allow-natives-syntax')
/** V8's OptimizationStatus::kTurboFanned (src/runtime/runtime.h). */
const TURBOFANNED = 1 << 4

let functions = 0
/** Whether V8 compiles a fresh function (its own source: no shared compiled code) with TurboFan. */
function turbofanned(): boolean {
  const f = new Function('x', `return ${++functions} * x`) as (x: number) => number
  prepare(f)
  f(1)
  optimizeOnNextCall(f)
  f(2)
  return (status(f) & TURBOFANNED) !== 0
}

describe('withoutOptimizingCompiler', () => {
  it('runs f without the optimizing compiler and turns it back on, returning what f returns', () => {
    expect(turbofanned()).toBe(true)
    expect(withoutOptimizingCompiler(turbofanned)).toBe(false)
    expect(turbofanned()).toBe(true)
  })

  it('turns it back on when f throws', () => {
    expect(() =>
      withoutOptimizingCompiler(() => {
        throw new Error('bad model')
      }),
    ).toThrow('bad model')
    expect(turbofanned()).toBe(true)
  })
})
