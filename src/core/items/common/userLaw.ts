// The force laws of the items' user functions (Exudyn's springForceUserFunction and alike), written in
// the expression language: scalar laws of a few named arguments, and vector laws as a list of
// expressions, one per component, all in the same arguments. Exudyn's vector and matrix arguments are
// passed by component: vector v as vX, vY, vZ (or v0 ... v5), matrix A as A00 ... A22 (row, column).
import { compileFunction, type VariableFunction } from '../../model/expression'
import type { JsonValue } from '../../model/types'

/** law(t, a1, ..., a5) with the arguments in args (length 6). */
export function evaluateLaw(
  law: VariableFunction,
  args: Float64Array,
  t: number,
  a1: number,
  a2: number,
  a3: number,
  a4: number,
  a5: number,
): number {
  args[0] = t
  args[1] = a1
  args[2] = a2
  args[3] = a3
  args[4] = a4
  args[5] = a5
  return law(args)
}

/** The argument names of a vector by components: name + each letter of suffixes ('XYZ'), or + 0 ... n-1. */
export const componentNames = (name: string, suffixes: string | number): string[] =>
  typeof suffixes === 'number'
    ? Array.from({ length: suffixes }, (_, i) => name + i)
    : [...suffixes].map((s) => name + s)

/** The argument names of a rows x cols matrix by entries: name + row digit + column digit. */
export const matrixNames = (name: string, rows: number, cols: number): string[] =>
  Array.from({ length: rows * cols }, (_, i) => `${name}${Math.floor(i / cols)}${i % cols}`)

/** The compiled laws of a list-of-expressions parameter, or undefined for "" (none). */
export function compileLaws(raw: JsonValue, variables: readonly string[]): VariableFunction[] | undefined {
  return Array.isArray(raw) ? raw.map((e) => compileFunction(String(e), variables)) : undefined
}

/**
 * d law / d args[i] at args by central differences, step 1e-6 (1 + |x|): O(step^2), for the Newton
 * matrix only. args[i] is restored.
 */
export function lawDerivative(law: VariableFunction, args: Float64Array, i: number): number {
  const x = args[i],
    h = 1e-6 * (1 + Math.abs(x))
  args[i] = x + h
  const up = law(args)
  args[i] = x - h
  const down = law(args)
  args[i] = x
  return (up - down) / (2 * h)
}
