// `mbs import FILE.urdf -o PROJECT.mbsproj [--tree | --bodies] [--gravity X,Y,Z] [--joint-sensors]
// [--limit-stops K[,D]] [--package-dir NAME=DIR ...] [--embed-meshes]`: the URDF as a project file
// (written atomically), what could not be represented on standard error, one per line. The entry of the
// `import` bundle, which only this command loads: the XML parser stays out of every other command's start.
import path from 'node:path'
import { UrdfError } from '../core'
import { writeFileAtomic } from '../node/atomicWrite'
import { decodeUtf8, InputFileError } from '../node/inputFiles'
import { importUrdfFile, type UrdfFileImport } from '../node/urdfImport'
import type { ImportArgs } from './args'
import { reportError, type Command } from './commandLine'
import { EXIT } from './errors'
import type { CliIO } from './io'
import { readInputFile } from './projectFile'

export function importCommand(file: string, args: ImportArgs, io: CliIO): number {
  let imported: UrdfFileImport
  try {
    imported = importUrdfFile(decodeUtf8(readInputFile(file, 'URDF file'), file), file, {
      formulation: args.formulation,
      gravity: args.gravity,
      jointSensors: args.jointSensors,
      limitStops: args.limitStops,
      packageDirs: args.packageDirs,
      output: args.output,
      embedMeshes: args.embedMeshes,
    })
  } catch (e) {
    // Not UTF-8, or not a robot.
    if (!(e instanceof UrdfError || e instanceof InputFileError)) throw e
    io.err(`${file}: ${e.message}`)
    return EXIT.invalidProject
  }
  writeFileAtomic(args.output, imported.text)
  for (const note of imported.notes) io.err(`${path.basename(file)}: ${note}`)
  io.out(
    `wrote ${args.output}: ${imported.robotName}, ${imported.links.length} movable links ` +
      `(${args.formulation === 'tree' ? 'KinematicTree' : 'rigid bodies and joints'})`,
  )
  return EXIT.ok
}

/** What the entry (entry.ts) runs for `mbs import`: the command, its errors reported; the exit code. */
export async function importMain(cmd: Extract<Command, { command: 'import' }>, io: CliIO): Promise<number> {
  try {
    return importCommand(cmd.file, cmd.import, io)
  } catch (e) {
    return reportError(e, cmd.command, io)
  }
}
