// `mbs linearize PROJECT --inputs LOAD... --outputs SENSOR... [--at static|initial|T | --from-checkpoint
// FILE] [--json|--csv]`:
// the state-space matrices A, B, C, D of the project linearized at the chosen point.
import type { Matrix } from 'ml-matrix'
import { stateSpaceAt, StateSpaceError, type StateSpace } from '../core'
import type { LinearizeArgs } from './args'
import { EXIT, UsageError } from './errors'
import type { CliIO } from './io'
import { linearizationFailure, pointJson, pointOf } from './modes'
import { requireProject } from './projectFile'

export function linearizeCommand(projectFile: string, args: LinearizeArgs, io: CliIO): number {
  const project = requireProject(projectFile, EXIT.runInvalidProject)
  const at = pointOf(args)
  let ss: StateSpace
  try {
    ss = stateSpaceAt(project, at, args.inputs, args.outputs)
  } catch (e) {
    if (e instanceof StateSpaceError) throw new UsageError(e.message, 'linearize')
    throw linearizationFailure(e, at)
  }
  const matrices: [string, Matrix][] = [
    ['A', ss.A],
    ['B', ss.B],
    ['C', ss.C],
    ['D', ss.D],
  ]
  if (args.format === 'json') {
    const rows = (m: Matrix): number[][] => m.to2DArray()
    io.out(
      JSON.stringify({
        at: pointJson(at),
        inputs: ss.inputs,
        outputs: ss.outputs,
        outputValues: ss.outputValues,
        basis: rows(ss.basis),
        ...Object.fromEntries(matrices.map(([name, m]) => [name, rows(m)])),
      }),
    )
    return EXIT.ok
  }
  if (args.format === 'csv') {
    for (const [name, m] of matrices) {
      io.out(`# ${name} ${m.rows} ${m.columns}`)
      for (const row of m.to2DArray()) io.out(row.join(','))
    }
    return EXIT.ok
  }
  const f = ss.basis.columns
  io.out(`${2 * f} states x = [z; z'] (q - q0 = N z, ${f} independent coordinates of ${ss.basis.rows})`)
  io.out(`inputs: ${ss.inputs.join(', ') || 'none'}`)
  io.out(`outputs: ${ss.outputs.join(', ') || 'none'}`)
  for (const [name, m] of matrices) {
    io.out('')
    io.out(`${name} (${m.rows} x ${m.columns})`)
    for (const row of m.to2DArray()) io.out(row.map((v) => v.toPrecision(6).padStart(13)).join(' '))
  }
  return EXIT.ok
}
