// A small, safe expression language for time functions (loads and drives that follow a function of
// time) and user functions of a few named variables (a spring force of its displacement and
// velocity). It parses arithmetic on numbers, the variables, the constants pi and e, and a fixed set
// of functions into a closure tree: no eval, no access to anything else.
//
//   expr := term (('+'|'-') term)*      term := unary (('*'|'/') unary)*
//   unary := ('-'|'+') unary | power    power := atom ('^' unary)?
//   atom := number | variable | 'pi' | 'e' | name '(' expr (',' expr)* ')' | '(' expr ')'

export type TimeFunction = (t: number) => number
/** A compiled expression of named variables, read from values[i] for the i-th name. */
export type VariableFunction = (values: Float64Array) => number

/** The variables of a time function. */
export const TIME_VARIABLES: readonly string[] = ['t']

const FUNCTIONS: Record<string, { arity: number; f: (...a: number[]) => number }> = {
  sin: { arity: 1, f: Math.sin },
  cos: { arity: 1, f: Math.cos },
  tan: { arity: 1, f: Math.tan },
  asin: { arity: 1, f: Math.asin },
  acos: { arity: 1, f: Math.acos },
  atan: { arity: 1, f: Math.atan },
  atan2: { arity: 2, f: Math.atan2 },
  sinh: { arity: 1, f: Math.sinh },
  cosh: { arity: 1, f: Math.cosh },
  tanh: { arity: 1, f: Math.tanh },
  exp: { arity: 1, f: Math.exp },
  log: { arity: 1, f: Math.log },
  sqrt: { arity: 1, f: Math.sqrt },
  abs: { arity: 1, f: Math.abs },
  sign: { arity: 1, f: Math.sign },
  floor: { arity: 1, f: Math.floor },
  min: { arity: 2, f: Math.min },
  max: { arity: 2, f: Math.max },
  /** step(x): 0 for x < 0, 1 otherwise. */
  step: { arity: 1, f: (x) => (x < 0 ? 0 : 1) },
  /** smoothstep(x, x0, x1): 0 below x0, 1 above x1, cubic in between. */
  smoothstep: {
    arity: 3,
    f: (x, x0, x1) => {
      if (x <= x0) return 0
      if (x >= x1) return 1
      const s = (x - x0) / (x1 - x0)
      return s * s * (3 - 2 * s)
    },
  },
}

export class ExpressionError extends Error {}

/** Longer expressions and deeper nesting are refused: the closure tree is evaluated recursively. */
export const MAX_EXPRESSION_LENGTH = 4096
const MAX_NESTING = 64

type Node = VariableFunction

class Parser {
  private pos = 0
  private depth = 0
  constructor(
    private readonly src: string,
    /** The variable names, read from values[i] (none for constant expressions: numeric fields). */
    private readonly variables: readonly string[],
  ) {}

  parse(): Node {
    const n = this.expr()
    this.skip()
    if (this.pos < this.src.length) this.fail(`unexpected '${this.src[this.pos]}'`)
    return n
  }

  private fail(msg: string): never {
    throw new ExpressionError(`${msg} at position ${this.pos} in "${this.src}"`)
  }
  private skip(): void {
    while (this.pos < this.src.length && /\s/.test(this.src[this.pos])) this.pos++
  }
  private peek(): string {
    this.skip()
    return this.src[this.pos] ?? ''
  }
  private expr(): Node {
    if (++this.depth > MAX_NESTING) this.fail(`nested deeper than ${MAX_NESTING} levels`)
    const n = this.sum()
    this.depth--
    return n
  }
  private sum(): Node {
    let left = this.term()
    for (;;) {
      const c = this.peek()
      if (c !== '+' && c !== '-') return left
      this.pos++
      const a = left,
        b = this.term()
      left = c === '+' ? (v) => a(v) + b(v) : (v) => a(v) - b(v)
    }
  }
  private term(): Node {
    let left = this.unary()
    for (;;) {
      const c = this.peek()
      if (c !== '*' && c !== '/') return left
      this.pos++
      const a = left,
        b = this.unary()
      left = c === '*' ? (v) => a(v) * b(v) : (v) => a(v) / b(v)
    }
  }
  private unary(): Node {
    const c = this.peek()
    if (c !== '-' && c !== '+') return this.power()
    if (++this.depth > MAX_NESTING) this.fail(`more than ${MAX_NESTING} signs in a row`)
    this.pos++
    const a = this.unary()
    this.depth--
    return c === '-' ? (v) => -a(v) : a
  }
  private power(): Node {
    const base = this.atom()
    if (this.peek() === '^') {
      this.pos++
      if (++this.depth > MAX_NESTING) this.fail(`more than ${MAX_NESTING} powers in a chain`)
      const ex = this.unary()
      this.depth--
      return (v) => Math.pow(base(v), ex(v))
    }
    return base
  }
  private atom(): Node {
    const c = this.peek()
    if (c === '(') {
      this.pos++
      const n = this.expr()
      if (this.peek() !== ')') this.fail("expected ')'")
      this.pos++
      return n
    }
    const num = /^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/.exec(this.src.slice(this.pos))
    if (num) {
      this.pos += num[0].length
      const v = Number(num[0])
      return () => v
    }
    const id = /^[A-Za-z_][A-Za-z0-9_]*/.exec(this.src.slice(this.pos))
    if (!id) this.fail(c ? `unexpected '${c}'` : 'unexpected end of expression')
    this.pos += id[0].length
    const name = id[0]
    const variable = this.variables.indexOf(name)
    if (variable >= 0) return (v) => v[variable]
    if (name === 'pi') return () => Math.PI
    if (name === 'e') return () => Math.E
    const fn = Object.hasOwn(FUNCTIONS, name) ? FUNCTIONS[name] : undefined
    if (!fn)
      this.fail(
        `unknown name '${name}' (known: ${[...this.variables, 'pi', 'e', ...Object.keys(FUNCTIONS)].join(', ')})`,
      )
    if (this.peek() !== '(') this.fail(`expected '(' after ${name}`)
    this.pos++
    const args: Node[] = [this.expr()]
    while (this.peek() === ',') {
      this.pos++
      args.push(this.expr())
    }
    if (this.peek() !== ')') this.fail("expected ')'")
    this.pos++
    if (args.length !== fn.arity) this.fail(`${name} takes ${fn.arity} argument(s), got ${args.length}`)
    const f = fn.f
    // One closure per arity: evaluating allocates nothing (they run in the residual of a step).
    const [a, b, third] = args
    if (args.length === 1) return (v) => f(a(v))
    if (args.length === 2) return (v) => f(a(v), b(v))
    return (v) => f(a(v), b(v), third(v))
  }
}

/** Compiles an expression in t; throws ExpressionError with the position on a syntax error. */
export function compileTimeFunction(source: string | number): TimeFunction {
  if (typeof source === 'number') return () => source
  const f = parseBounded(source, TIME_VARIABLES)
  const values = new Float64Array(1)
  return (t) => {
    values[0] = t
    return f(values)
  }
}

/** Compiles an expression of the named variables (values[i] is variables[i]); throws ExpressionError. */
export function compileFunction(source: string, variables: readonly string[]): VariableFunction {
  return parseBounded(source, variables)
}

function parseBounded(source: string, variables: readonly string[]): Node {
  if (source.length > MAX_EXPRESSION_LENGTH)
    throw new ExpressionError(
      `the expression has ${source.length} characters; at most ${MAX_EXPRESSION_LENGTH} are allowed`,
    )
  return new Parser(source, variables).parse()
}

/** The error message of an expression (in t unless other variables are named), or undefined when it compiles. */
export function expressionProblem(
  source: string | number,
  variables: readonly string[] = TIME_VARIABLES,
): string | undefined {
  try {
    if (typeof source === 'string') parseBounded(source, variables)
    return undefined
  } catch (e) {
    return e instanceof ExpressionError ? e.message : String(e)
  }
}

/** The value of a constant expression ("2*3", "pi/4", "sqrt(2)/2"); throws ExpressionError otherwise. */
export function evaluateConstant(source: string): number {
  const value = parseBounded(source, [])(new Float64Array(0))
  if (!Number.isFinite(value)) throw new ExpressionError(`"${source}" is not a finite number (${value})`)
  return value
}
