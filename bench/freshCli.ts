// The benches that start `node bin/mbs.cjs` time the prebuilt bundles (npm's prepare step). A bundle
// older than one of its sources is silently rebuilt in memory by every process (bin/cliBundle.cjs),
// which adds most of a second to each start: such a bench would time the build, not the product.
import { createRequire } from 'node:module'
import { resolve } from 'node:path'

// From the repository root, as the benches start bin/mbs.cjs (this file is also bundled elsewhere).
const { BUNDLES, freshBundle } = createRequire(__filename)(resolve('bin/cliBundle.cjs')) as {
  BUNDLES: Record<string, string>
  freshBundle(root: string, dir?: string, name?: string): string | undefined
}

/** Throws, naming the stale bundles, unless every `mbs` bundle is newer than all of its sources. */
export function requireFreshCli(root: string = resolve('.')): void {
  const stale = Object.keys(BUNDLES).filter((name) => freshBundle(root, undefined, name) === undefined)
  if (stale.length > 0)
    throw new Error(
      `dist/cli is older than its sources (${stale.join(', ')}): run \`npm run prepare\` before this bench`,
    )
}
