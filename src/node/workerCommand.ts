// The hidden `mbs` command that starts a study's worker process (caseRunner.ts), in a module of its own:
// the command line's entry (src/cli/entry.ts) recognizes it without loading the engine.
export const WORKER_COMMAND = '__study-worker'
