// The engine's version, recorded in every results file so a re-run can tell whether the program
// that wrote it is the one verifying it. Equal to package.json's version (a unit test checks it).
export const ENGINE_VERSION = '0.1.0'

// Replaced by the bundlers with the build id (scripts/engineBuild.cjs: the first 16 hex digits of
// SHA-256 over every file under src/core); not defined when the sources run (vitest, tsx).
declare const __MBS_ENGINE_BUILD__: string | undefined

/**
 * Which build of the engine this is: two builds of one version with different sources have different
 * ids. 'source' when the engine runs from its sources, not from a bundle (no id is known then).
 */
export const ENGINE_BUILD: string = typeof __MBS_ENGINE_BUILD__ === 'string' ? __MBS_ENGINE_BUILD__ : 'source'

/** A build id that names a build ('source' and a missing one do not: they compare with nothing). */
const isKnownBuild = (build: string | undefined): build is string => build !== undefined && build !== 'source'

/** Whether two build ids name different builds: both known, and not equal. */
export const differentBuilds = (a: string | undefined, b: string | undefined): boolean =>
  isKnownBuild(a) && isKnownBuild(b) && a !== b

/** "mbs VERSION (engine build ID)", this engine's by default: how messages name an engine. */
export const engineName = (version = ENGINE_VERSION, build = ENGINE_BUILD): string =>
  `mbs ${version} (engine build ${build})`
