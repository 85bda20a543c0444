// `mbs import FILE.urdf -o PROJECT.mbsproj [--tree | --bodies] [--gravity X,Y,Z] [--joint-sensors]`: the URDF
// as a project file (written atomically), what could not be represented on standard error, one per line.
import path from 'node:path'
import { importUrdf, UrdfError, writeProject, type ModelSpec } from '../core'
import { decodeUtf8 } from '../node/inputFiles'
import { writeFileAtomic } from '../node/atomicWrite'
import type { ImportArgs } from './args'
import { CliError, EXIT } from './errors'
import { readInputFile } from './projectFile'
import type { CliIO } from './io'

export function importCommand(file: string, args: ImportArgs, io: CliIO): number {
  let text: string
  try {
    text = decodeUtf8(readInputFile(file, 'URDF file'), file)
  } catch (e) {
    if (e instanceof CliError) throw e
    io.err(`${file}: ${(e as Error).message}`)
    return EXIT.invalidProject
  }
  let imported
  try {
    imported = importUrdf(text, {
      formulation: args.formulation,
      gravity: args.gravity,
      jointSensors: args.jointSensors,
    })
  } catch (e) {
    if (!(e instanceof UrdfError)) throw e
    io.err(`${file}: ${e.message}`)
    return EXIT.invalidProject
  }
  const project = writeProject({
    name: imported.robotName,
    model: imported.model as unknown as ModelSpec,
    simulationSettingsSpec: {},
  })
  writeFileAtomic(args.output, project)
  for (const note of imported.notes) io.err(`${path.basename(file)}: ${note}`)
  io.out(
    `wrote ${args.output}: ${imported.robotName}, ${imported.links.length} movable links ` +
      `(${args.formulation === 'tree' ? 'KinematicTree' : 'rigid bodies and joints'})`,
  )
  return EXIT.ok
}
