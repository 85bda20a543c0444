// The commands that load and solve projects, and the study's worker processes: the `engine` bundle,
// which the entry (entry.ts) loads only when one of them runs.
import { reportError, type Command } from './commandLine'
import { UsageError } from './errors'
import { infoCommand } from './info'
import type { CliIO } from './io'
import { linearizeCommand } from './linearize'
import { modesCommand } from './modes'
import { runCommand } from './run'
import { validateCommand } from './validate'
import { verifyCommand } from './verify'

/** A study's worker process (`mbs __study-worker`); the exit code when its parent lets it go. */
export async function studyWorkerMain(): Promise<number> {
  // Loaded on demand, like the study's other modules: child_process and the study code are no part
  // of a run's start.
  return (await import('../node/caseRunner')).caseRunnerProcess()
}

export type EngineCommand = Exclude<Command, { command: 'import' }>

/** Runs cmd in this process (throws what the command throws); study and worker need engineMain. */
export function engineCommand(cmd: EngineCommand, io: CliIO): number {
  switch (cmd.command) {
    case 'validate':
      return validateCommand(cmd.project, io)
    case 'info':
      return infoCommand(cmd.file, io)
    case 'verify':
      return verifyCommand(cmd.results, io)
    case 'run':
      return runCommand(cmd.project, cmd.run, io)
    case 'modes':
      return modesCommand(cmd.project, cmd.modes, io)
    case 'linearize':
      return linearizeCommand(cmd.project, cmd.linearize, io)
    case 'study':
    case 'worker':
      throw new UsageError(
        `mbs ${cmd.command} runs worker processes; start it through the mbs bin`,
        cmd.command,
      )
  }
}

/** Runs cmd, the commands that wait for other processes (study, worker) included; returns the exit code. */
export async function engineMain(cmd: EngineCommand, io: CliIO): Promise<number> {
  try {
    // Loaded on demand: the Redis queue's client libraries take longer to load than a short run.
    if (cmd.command === 'study') return await (await import('./study')).studyCommand(cmd.study, cmd, io)
    if (cmd.command === 'worker') return await (await import('./studyQueue')).workerCommand(cmd.worker, io)
    return engineCommand(cmd, io)
  } catch (e) {
    return reportError(e, cmd.command, io)
  }
}
