// A URDF file as project text, for `mbs import` and the app's File > Import: mesh visuals are found
// on disk (package://NAME/... in the folder given for NAME, else in the URDF's nearest ancestor
// folder named NAME as a ROS package lays it out; file:// and plain paths relative to the URDF) and
// referenced from the project relative to the folder the project is written to (and embedded in it
// when asked).
import fs from 'node:fs'
import path from 'node:path'
import {
  importUrdf,
  urdfMeshPackages,
  writeProject,
  type ModelSpec,
  type UrdfImport,
  type UrdfImportOptions,
} from '../core'
import { meshFileBase64, meshReferenceFrom } from './meshFiles'

export interface UrdfFileImportOptions extends Omit<UrdfImportOptions, 'meshReference'> {
  /** Folders of ROS packages by name, for package:// mesh filenames. */
  packageDirs?: Readonly<Record<string, string>>
  /** The project file the import is written to (mesh references are relative to its folder). */
  output: string
  /** Mesh files embedded in the project (their bytes as each entry's "data") besides referenced. */
  embedMeshes?: boolean
  /**
   * Why the mesh file at this absolute path may not be read (the web host's workspace ends before
   * it), or undefined; every file may be read without it.
   */
  meshFileRefused?: (file: string) => string | undefined
}

export interface UrdfFileImport extends UrdfImport {
  /** The project file text (canonical, as a save writes it). */
  text: string
}

/** Imports the URDF `text` read from `urdfFile` (UrdfError when it is no robot). */
export function importUrdfFile(
  text: string,
  urdfFile: string,
  options: UrdfFileImportOptions,
): UrdfFileImport {
  const urdfDir = path.dirname(path.resolve(urdfFile))
  const projectDir = path.dirname(path.resolve(options.output))
  const imported = importUrdf(text, {
    ...options,
    meshReference: (filename) => {
      const found = meshOnDisk(filename, urdfDir, options.packageDirs ?? {})
      if ('problem' in found) return found
      const refused = options.meshFileRefused?.(found.file)
      if (refused !== undefined) return { problem: refused }
      if (!isFile(found.file))
        return {
          problem: `no such file ${found.file}${filename.startsWith('package://') ? PACKAGE_HINT : ''}`,
        }
      const file = meshReferenceFrom(projectDir, found.file)
      if (!options.embedMeshes) return { file }
      try {
        return { file, data: meshFileBase64(found.file) }
      } catch (error) {
        return { file, note: `referenced, not embedded: ${(error as Error).message}` }
      }
    },
  })
  const projectText = writeProject({
    name: imported.robotName,
    model: imported.model as unknown as ModelSpec,
    simulationSettingsSpec: {},
  })
  return { ...imported, text: projectText }
}

const PACKAGE_HINT = ' (map the package to its folder with --package-dir NAME=DIR)'

/** The absolute path a URDF mesh filename names, or why it names none. */
function meshOnDisk(
  filename: string,
  urdfDir: string,
  packageDirs: Readonly<Record<string, string>>,
): { file: string } | { problem: string } {
  const pkg = /^package:\/\/([^/]+)\/(.*)$/.exec(filename)
  if (pkg) {
    const [, name, rest] = pkg
    const dir = packageDirs[name] ?? ancestorNamed(urdfDir, name)
    return dir === undefined
      ? { problem: `the folder of package "${name}" is not known${PACKAGE_HINT}` }
      : { file: path.resolve(dir, rest) }
  }
  if (filename.startsWith('file://')) return { file: decodeURIComponent(filename.slice('file://'.length)) }
  if (/^[a-z]+:\/\//i.test(filename)) return { problem: `only package://, file:// and file paths are read` }
  return { file: path.resolve(urdfDir, filename) }
}

/**
 * The ROS packages a URDF's visual meshes name and the folder each is found in without a mapping
 * (the URDF's nearest ancestor folder of that name), or null.
 */
export function urdfPackageFolders(
  text: string,
  urdfFile: string,
): { name: string; folder: string | null }[] {
  const urdfDir = path.dirname(path.resolve(urdfFile))
  return urdfMeshPackages(text).map((name) => ({ name, folder: ancestorNamed(urdfDir, name) ?? null }))
}

function ancestorNamed(dir: string, name: string): string | undefined {
  for (let d = dir; ; d = path.dirname(d)) {
    if (path.basename(d) === name) return d
    if (path.dirname(d) === d) return undefined
  }
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile()
  } catch {
    return false
  }
}
