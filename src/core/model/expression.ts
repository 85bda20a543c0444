// A small, safe expression language for time functions (loads and drives that follow a function of
// time) and user functions of a few named variables (a spring force of its displacement and
// velocity). It parses arithmetic on numbers, the variables, the constants pi and e, and a fixed set
// of functions into postfix code, assembled into register code (expressionProgram.ts): no eval, no
// access to anything else.
//
//   expr := term (('+'|'-') term)*      term := unary (('*'|'/') unary)*
//   unary := ('-'|'+') unary | power    power := atom ('^' unary)?
//   atom := number | variable | 'pi' | 'e' | name '(' expr (',' expr)* ')' | '(' expr ')'

import {
  ADD,
  assemble,
  DIVIDE,
  FUNCTIONS,
  MULTIPLY,
  NEGATE,
  POWER,
  PUSH_CONSTANT,
  PUSH_VARIABLE,
  evaluateProgram,
  SUBTRACT,
  type ExpressionProgram,
} from './expressionProgram'

export type TimeFunction = (t: number) => number
/** A compiled expression of named variables, read from values[i] for the i-th name. */
export type VariableFunction = (values: Float64Array) => number

/** The variables of a time function. */
export const TIME_VARIABLES: readonly string[] = ['t']

export class ExpressionError extends Error {}

/** Longer expressions and deeper nesting are refused (the parser is recursive). */
export const MAX_EXPRESSION_LENGTH = 4096
const MAX_NESTING = 64

/** Recursive descent that emits postfix code: operands before their operator. */
class Parser {
  private pos = 0
  private depth = 0
  private readonly code: number[] = []
  private readonly constants: number[] = []
  constructor(
    private readonly src: string,
    /** The variable names, read from values[i] (none for constant expressions: numeric fields). */
    private readonly variables: readonly string[],
  ) {}

  parse(): ExpressionProgram {
    this.expr()
    this.skip()
    if (this.pos < this.src.length) this.fail(`unexpected '${this.src[this.pos]}'`)
    return assemble(this.code, this.constants, this.variables.length)
  }

  /** Emits an operation (the operands it takes are the values last emitted). */
  private emit(op: number, operand?: number): void {
    this.code.push(op)
    if (operand !== undefined) this.code.push(operand)
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
  private expr(): void {
    if (++this.depth > MAX_NESTING) this.fail(`nested deeper than ${MAX_NESTING} levels`)
    this.sum()
    this.depth--
  }
  private sum(): void {
    this.term()
    for (;;) {
      const c = this.peek()
      if (c !== '+' && c !== '-') return
      this.pos++
      this.term()
      this.emit(c === '+' ? ADD : SUBTRACT)
    }
  }
  private term(): void {
    this.unary()
    for (;;) {
      const c = this.peek()
      if (c !== '*' && c !== '/') return
      this.pos++
      this.unary()
      this.emit(c === '*' ? MULTIPLY : DIVIDE)
    }
  }
  private unary(): void {
    const c = this.peek()
    if (c !== '-' && c !== '+') return this.power()
    if (++this.depth > MAX_NESTING) this.fail(`more than ${MAX_NESTING} signs in a row`)
    this.pos++
    this.unary()
    this.depth--
    if (c === '-') this.emit(NEGATE)
  }
  private power(): void {
    this.atom()
    if (this.peek() === '^') {
      this.pos++
      if (++this.depth > MAX_NESTING) this.fail(`more than ${MAX_NESTING} powers in a chain`)
      this.unary()
      this.depth--
      this.emit(POWER)
    }
  }
  private constant(v: number): void {
    this.constants.push(v)
    this.emit(PUSH_CONSTANT, this.constants.length - 1)
  }
  private atom(): void {
    const c = this.peek()
    if (c === '(') {
      this.pos++
      this.expr()
      if (this.peek() !== ')') this.fail("expected ')'")
      this.pos++
      return
    }
    const num = /^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/.exec(this.src.slice(this.pos))
    if (num) {
      this.pos += num[0].length
      return this.constant(Number(num[0]))
    }
    const id = /^[A-Za-z_][A-Za-z0-9_]*/.exec(this.src.slice(this.pos))
    if (!id) this.fail(c ? `unexpected '${c}'` : 'unexpected end of expression')
    this.pos += id[0].length
    const name = id[0]
    const variable = this.variables.indexOf(name)
    if (variable >= 0) return this.emit(PUSH_VARIABLE, variable)
    if (name === 'pi') return this.constant(Math.PI)
    if (name === 'e') return this.constant(Math.E)
    const fn = Object.hasOwn(FUNCTIONS, name) ? FUNCTIONS[name] : undefined
    if (!fn)
      this.fail(
        `unknown name '${name}' (known: ` +
          `${[...this.variables, 'pi', 'e', ...Object.keys(FUNCTIONS)].join(', ')})`,
      )
    if (this.peek() !== '(') this.fail(`expected '(' after ${name}`)
    this.pos++
    let args = 1
    this.expr()
    while (this.peek() === ',') {
      this.pos++
      this.expr()
      args++
    }
    if (this.peek() !== ')') this.fail("expected ')'")
    this.pos++
    if (args !== fn.arity) this.fail(`${name} takes ${fn.arity} argument(s), got ${args}`)
    this.emit(fn.op)
  }
}

/** Compiles an expression in t; throws ExpressionError with the position on a syntax error. */
export function compileTimeFunction(source: string | number): TimeFunction {
  if (typeof source === 'number') return () => source
  const program = parseBounded(source, TIME_VARIABLES)
  const { registers: r, result } = program
  const values = new Float64Array(1)
  // A load is evaluated at each Newton iteration of a step, all at the step's t: registers[0] still
  // holds the t of the last run and registers[result] its value (t = 0 runs again: f(-0) may differ).
  return (t) => {
    if (t === r[0] && t !== 0) return r[result]
    values[0] = t
    return evaluateProgram(program, values)
  }
}

/** Compiles an expression of the named variables (values[i] is variables[i]); throws ExpressionError. */
export function compileFunction(source: string, variables: readonly string[]): VariableFunction {
  const program = parseBounded(source, variables)
  return (values) => evaluateProgram(program, values)
}

function parseBounded(source: string, variables: readonly string[]): ExpressionProgram {
  if (source.length > MAX_EXPRESSION_LENGTH)
    throw new ExpressionError(
      `the expression has ${source.length} characters; at most ${MAX_EXPRESSION_LENGTH} are allowed`,
    )
  return new Parser(source, variables).parse()
}

/**
 * The error message of an expression (in t unless other variables are named), or undefined when it compiles.
 */
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
  const value = evaluateProgram(parseBounded(source, []), new Float64Array(0))
  if (!Number.isFinite(value)) throw new ExpressionError(`"${source}" is not a finite number (${value})`)
  return value
}
