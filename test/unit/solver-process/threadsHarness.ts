// A solver process's main thread (SolverThreads) in the test process, with the worker threads a test
// starts, what it delivered to the host, and each thread's control block.
import type { Worker, WorkerOptions } from 'node:worker_threads'
import { expect } from 'vitest'
import type { FromSolverMessage } from '../../../src/shared/solverProtocol'
import { SolverThreads } from '../../../src/solver-process/solverThreads'
import { WorkerControl, type Link, type WorkerData } from '../../../src/solver-process/threads'

export type Delivered = { to: Link | 'events'; message: FromSolverMessage }

const tick = () => new Promise((resolve) => setTimeout(resolve, 1))

/** Threads started by `startWorker` (index 0: the first, then the spares in order). */
export function startThreads(startWorker: (options: WorkerOptions, index: number) => Worker) {
  const delivered: Delivered[] = []
  const controls: WorkerControl[] = []
  const failures: unknown[] = []
  const threads = new SolverThreads(
    (to, message) => delivered.push({ to, message }),
    (error) => failures.push(error),
    (options) => {
      controls.push(new WorkerControl((options.workerData as WorkerData).control))
      return startWorker(options, controls.length - 1)
    },
  )
  /** Waits until `found`, failing at once if a thread failed. */
  const until = async (found: () => boolean): Promise<void> => {
    while (!found()) {
      expect(failures).toEqual([])
      await tick()
    }
  }
  const answer = (id: number) =>
    delivered.find((d) => d.message.kind === 'response' && d.message.id === id)?.message
  return { threads, delivered, controls, until, answer }
}

/** The ids of the answers delivered, in order. */
export const responses = (delivered: Delivered[]) =>
  delivered.flatMap((d) => (d.message.kind === 'response' ? [d.message.id] : []))

/** The names of the events delivered, in order. */
export const events = (delivered: Delivered[]) =>
  delivered.flatMap((d) => (d.message.kind === 'event' ? [d.message.event] : []))
