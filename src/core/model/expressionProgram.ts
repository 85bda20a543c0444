// The compiled form of an expression: postfix code run on a preallocated Float64Array stack. A
// closure per operation would return each intermediate value through a call V8 cannot inline (the
// call sites see every kind of node), and each such double is boxed into a fresh heap number: a user
// function in a spring's residual then costs more in garbage collection than in arithmetic. Here
// every value stays in the stack array and every function is a direct Math call in one switch.

/** Operation codes; PUSH_CONSTANT and PUSH_VARIABLE are followed by their index. */
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
  readonly code: Int32Array
  readonly constants: Float64Array
  /** Working stack, as deep as the code needs. */
  readonly stack: Float64Array
}

/** Runs a program on the variable values; allocates nothing. */
export function runProgram(p: ExpressionProgram, values: Float64Array): number {
  const { code, constants, stack: s } = p
  let n = 0
  for (let pc = 0; pc < code.length; pc++) {
    switch (code[pc]) {
      case PUSH_CONSTANT:
        s[n++] = constants[code[++pc]]
        break
      case PUSH_VARIABLE:
        s[n++] = values[code[++pc]]
        break
      case ADD:
        n--
        s[n - 1] = s[n - 1] + s[n]
        break
      case SUBTRACT:
        n--
        s[n - 1] = s[n - 1] - s[n]
        break
      case MULTIPLY:
        n--
        s[n - 1] = s[n - 1] * s[n]
        break
      case DIVIDE:
        n--
        s[n - 1] = s[n - 1] / s[n]
        break
      case NEGATE:
        s[n - 1] = -s[n - 1]
        break
      case POWER:
        n--
        s[n - 1] = Math.pow(s[n - 1], s[n])
        break
      case SIN:
        s[n - 1] = Math.sin(s[n - 1])
        break
      case COS:
        s[n - 1] = Math.cos(s[n - 1])
        break
      case TAN:
        s[n - 1] = Math.tan(s[n - 1])
        break
      case ASIN:
        s[n - 1] = Math.asin(s[n - 1])
        break
      case ACOS:
        s[n - 1] = Math.acos(s[n - 1])
        break
      case ATAN:
        s[n - 1] = Math.atan(s[n - 1])
        break
      case ATAN2:
        n--
        s[n - 1] = Math.atan2(s[n - 1], s[n])
        break
      case SINH:
        s[n - 1] = Math.sinh(s[n - 1])
        break
      case COSH:
        s[n - 1] = Math.cosh(s[n - 1])
        break
      case TANH:
        s[n - 1] = Math.tanh(s[n - 1])
        break
      case EXP:
        s[n - 1] = Math.exp(s[n - 1])
        break
      case LOG:
        s[n - 1] = Math.log(s[n - 1])
        break
      case SQRT:
        s[n - 1] = Math.sqrt(s[n - 1])
        break
      case ABS:
        s[n - 1] = Math.abs(s[n - 1])
        break
      case SIGN:
        s[n - 1] = Math.sign(s[n - 1])
        break
      case FLOOR:
        s[n - 1] = Math.floor(s[n - 1])
        break
      case MIN:
        n--
        s[n - 1] = Math.min(s[n - 1], s[n])
        break
      case MAX:
        n--
        s[n - 1] = Math.max(s[n - 1], s[n])
        break
      case STEP:
        s[n - 1] = s[n - 1] < 0 ? 0 : 1
        break
      case SMOOTHSTEP: {
        n -= 2
        const x = s[n - 1],
          x0 = s[n],
          x1 = s[n + 1]
        if (x <= x0) s[n - 1] = 0
        else if (x >= x1) s[n - 1] = 1
        else {
          const u = (x - x0) / (x1 - x0)
          s[n - 1] = u * u * (3 - 2 * u)
        }
        break
      }
    }
  }
  return s[0]
}
