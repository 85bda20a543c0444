// The compiled form of an expression: three-address code on one preallocated Float64Array of
// registers (the variables, the constants, then the temporaries), from the parser's postfix code with
// every constant subexpression folded. Each operation reads its operands where they are, so a user
// function runs one dispatch per operator instead of one per token (the spring's Duffing law: 7
// instead of 15). Closures per operation would return each intermediate value through a call V8
// cannot inline (the call sites see every kind of node), boxing each double into a fresh heap number;
// here every value stays in the register array, the arithmetic in one switch.

/** Operation codes of the parser's postfix code; PUSH_CONSTANT and PUSH_VARIABLE take an index. */
export const PUSH_CONSTANT = 0
export const PUSH_VARIABLE = 1
export const ADD = 2
export const SUBTRACT = 3
export const MULTIPLY = 4
export const DIVIDE = 5
export const NEGATE = 6
export const POWER = 7
export const SIN = 8
export const COS = 9
export const TAN = 10
export const ASIN = 11
export const ACOS = 12
export const ATAN = 13
export const ATAN2 = 14
export const SINH = 15
export const COSH = 16
export const TANH = 17
export const EXP = 18
export const LOG = 19
export const SQRT = 20
export const ABS = 21
export const SIGN = 22
export const FLOOR = 23
export const MIN = 24
export const MAX = 25
export const STEP = 26
export const SMOOTHSTEP = 27
/** x^n for a constant integer n in [3, MAX_INTEGER_POWER] (register code only: op, dst, x, n). */
export const INTEGER_POWER = 28

/** The functions by name: their operation and number of arguments. */
export const FUNCTIONS: Readonly<Record<string, { op: number; arity: number }>> = {
  sin: { op: SIN, arity: 1 },
  cos: { op: COS, arity: 1 },
  tan: { op: TAN, arity: 1 },
  asin: { op: ASIN, arity: 1 },
  acos: { op: ACOS, arity: 1 },
  atan: { op: ATAN, arity: 1 },
  atan2: { op: ATAN2, arity: 2 },
  sinh: { op: SINH, arity: 1 },
  cosh: { op: COSH, arity: 1 },
  tanh: { op: TANH, arity: 1 },
  exp: { op: EXP, arity: 1 },
  log: { op: LOG, arity: 1 },
  sqrt: { op: SQRT, arity: 1 },
  abs: { op: ABS, arity: 1 },
  sign: { op: SIGN, arity: 1 },
  floor: { op: FLOOR, arity: 1 },
  min: { op: MIN, arity: 2 },
  max: { op: MAX, arity: 2 },
  /** step(x): 0 for x < 0, 1 otherwise. */
  step: { op: STEP, arity: 1 },
  /** smoothstep(x, x0, x1): 0 below x0, 1 above x1, cubic in between. */
  smoothstep: { op: SMOOTHSTEP, arity: 3 },
}

export interface ExpressionProgram {
  /** Per operation OPERATION_SIZE entries: its code, the destination register, then its operands. */
  readonly code: Int32Array
  /** The variables (copied in by runProgram), the constants, then the temporaries. */
  readonly registers: Float64Array
  readonly variables: number
  /** The register holding the value once the code has run. */
  readonly result: number
}

/**
 * Code, destination and three operand registers (a missing operand repeats the first; INTEGER_POWER's
 * third is its exponent n).
 */
const OPERATION_SIZE = 5

/** Arguments of each operation (the functions' arities; NEGATE 1, the arithmetic operators 2). */
const ARITY = new Int32Array(INTEGER_POWER + 1).fill(1)
for (const op of [ADD, SUBTRACT, MULTIPLY, DIVIDE, POWER]) ARITY[op] = 2
for (const { op, arity } of Object.values(FUNCTIONS)) ARITY[op] = arity

/** The functions that are Math's own (all but step and smoothstep), by operation code. */
const MATH: ((x: number, y: number) => number)[] = []
for (const [name, { op }] of Object.entries(FUNCTIONS))
  if (Object.hasOwn(Math, name))
    MATH[op] = (Math as unknown as Record<string, (x: number, y: number) => number>)[name]

/**
 * The program's value at the variable values (at least as many as the program's variables). Small, so
 * that V8 inlines it into the caller and the double is not boxed on its way out of runProgram.
 */
export function evaluateProgram(p: ExpressionProgram, values: Float64Array): number {
  runProgram(p, values)
  return p.registers[p.result]
}

/** Runs a program, leaving its value in registers[result]; allocates nothing. */
export function runProgram(p: ExpressionProgram, values: Float64Array): void {
  const { code, registers: r } = p
  for (let i = 0; i < p.variables; i++) r[i] = values[i]
  for (let pc = 0; pc < code.length; pc += OPERATION_SIZE) {
    const op = code[pc],
      a = r[code[pc + 2]],
      b = r[code[pc + 3]]
    let y: number
    switch (op) {
      case ADD:
        y = a + b
        break
      case SUBTRACT:
        y = a - b
        break
      case MULTIPLY:
        y = a * b
        break
      case DIVIDE:
        y = a / b
        break
      case NEGATE:
        y = -a
        break
      case POWER:
        y = Math.pow(a, b)
        break
      case INTEGER_POWER:
        y = integerPower(a, code[pc + 4])
        break
      case STEP:
        y = a < 0 ? 0 : 1
        break
      case SMOOTHSTEP:
        y = smoothstep(a, b, r[code[pc + 4]])
        break
      default:
        y = MATH[op](a, b)
    }
    r[code[pc + 1]] = y
  }
}

/** smoothstep(x, x0, x1): 0 up to x0, 1 from x1 on, 3 u^2 - 2 u^3 of u = (x - x0) / (x1 - x0) between. */
function smoothstep(x: number, x0: number, x1: number): number {
  if (x <= x0) return 0
  if (x >= x1) return 1
  const u = (x - x0) / (x1 - x0)
  return u * u * (3 - 2 * u)
}

type Operand = { kind: 'variable' | 'temporary'; index: number } | { kind: 'constant'; value: number }
interface Operation {
  op: number
  args: Operand[]
  /** INTEGER_POWER's n. */
  exponent?: number
}

/**
 * The program of postfix code (operations, PUSH_CONSTANT index into constants, PUSH_VARIABLE index).
 * Operations on constants only are evaluated here, by runProgram itself, so a folded value is bitwise
 * the one the code would compute.
 */
export function assemble(
  postfix: readonly number[],
  constants: readonly number[],
  variables: number,
): ExpressionProgram {
  const stack: Operand[] = []
  const operations: (Operation & { depth: number })[] = []
  let temporaries = 0
  for (let pc = 0; pc < postfix.length; pc++) {
    const op = postfix[pc]
    if (op === PUSH_CONSTANT) stack.push({ kind: 'constant', value: constants[postfix[++pc]] })
    else if (op === PUSH_VARIABLE) stack.push({ kind: 'variable', index: postfix[++pc] })
    else {
      const operation = lower(op, stack.splice(stack.length - ARITY[op]))
      const depth = stack.length
      if (operation.args.every((a) => a.kind === 'constant')) {
        stack.push({ kind: 'constant', value: fold(operation) })
        continue
      }
      operations.push({ ...operation, depth })
      stack.push({ kind: 'temporary', index: depth })
      temporaries = Math.max(temporaries, depth + 1)
    }
  }
  // The constants still read at run time, each in its own register after the variables.
  const values: number[] = []
  const constantAt = new Map<Operand, number>()
  for (const a of [...operations.flatMap((o) => o.args), stack[0]])
    if (a.kind === 'constant') constantAt.set(a, variables + values.push(a.value) - 1)
  const base = variables + values.length
  const register = (a: Operand): number =>
    a.kind === 'variable' ? a.index : a.kind === 'temporary' ? base + a.index : constantAt.get(a)!
  const registers = new Float64Array(base + temporaries)
  registers.set(values, variables)
  const encode = ({ op, depth, args, exponent }: Operation & { depth: number }): number[] =>
    operation(op, base + depth, args.map(register), exponent)
  return {
    code: Int32Array.from(operations.flatMap(encode)),
    registers,
    variables,
    result: register(stack[0]),
  }
}

/**
 * A power with a constant integer exponent without the library call: x^2 as x*x (Math.pow's own
 * result for 2: ECMA-262 leaves it to the engine, and V8's fdlibm pow and its optimizing compilers
 * both return x*x), 3 to MAX_INTEGER_POWER by integerPower.
 */
function lower(op: number, args: Operand[]): Operation {
  const [x, y] = args
  const n = op === POWER && y.kind === 'constant' ? y.value : NaN
  if (n === 2) return { op: MULTIPLY, args: [x, x] }
  if (Number.isInteger(n) && n >= 3 && n <= MAX_INTEGER_POWER)
    return { op: INTEGER_POWER, args: [x], exponent: n }
  return { op, args }
}

/** An operation on constant arguments, by runProgram on a one-operation program. */
function fold({ op, args, exponent }: Operation): number {
  const registers = Float64Array.from([...args.map((a) => (a.kind === 'constant' ? a.value : NaN)), 0])
  const code = Int32Array.from(operation(op, args.length, [...args.keys()], exponent))
  return evaluateProgram({ code, registers, variables: 0, result: args.length }, registers)
}

/** One operation's OPERATION_SIZE entries of code. */
function operation(op: number, destination: number, operands: number[], exponent?: number): number[] {
  const [a, b = a, c = b] = operands
  return [op, destination, a, b, exponent ?? c]
}

/** The largest constant exponent taken by integerPower (x^8 of |x| <= 1e30 stays far from overflow). */
const MAX_INTEGER_POWER = 8
/** Dekker's splitting constant 2^27 + 1: c = SPLIT x, x - (c - x) ... splits x into two 26-bit halves. */
const SPLIT = 134217729

/**
 * x^n (3 <= n <= 8) correctly rounded: the running power kept as an unevaluated sum h + l of two
 * doubles, each product by x exact by Dekker's two-product (T. J. Dekker, "A floating-point technique
 * for extending the available precision", Numer. Math. 18, 1971), rounded once at the end. V8's
 * Math.pow takes fdlibm's general algorithm through a library call: about 3 times the time, and a
 * tenth of its cubes are an ulp off the exact one (glibc's pow, Exudyn's Python u**3, rounds them as
 * here). Outside 1e-30 <= |x| <= 1e30 (and for 0, NaN, infinities) the error terms could underflow or
 * the split overflow: Math.pow.
 */
export function integerPower(x: number, n: number): number {
  const ax = Math.abs(x)
  if (!(ax >= 1e-30 && ax <= 1e30)) return Math.pow(x, n)
  let c = SPLIT * x
  const xh = c - (c - x),
    xl = x - xh
  let h = x,
    l = 0
  for (let k = 1; k < n; k++) {
    // h x = p + e exactly; the new power h + l = p + (e + l x), renormalized (fast two-sum).
    const p = h * x
    c = SPLIT * h
    const hh = c - (c - h),
      hl = h - hh
    const e = hh * xh - p + hh * xl + hl * xh + hl * xl
    const t = l * x + e
    h = p + t
    l = t - (h - p)
  }
  return h
}
