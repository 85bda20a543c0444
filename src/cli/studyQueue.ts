// Studies on a BullMQ queue (Redis is the broker): `mbs study STUDY --queue URL` puts the cases on the
// queue of its engine build and collects the rows; `mbs worker --queue URL` on any machine takes cases
// from the queue of its own build and runs them through its own worker processes
// (src/node/caseRunner.ts). A case is a job whose id names the study and the case, so adding it twice (a
// resumed study) adds it once; the project travels once per study, in a Redis key the workers read. A
// worker that is killed stops renewing its job's lock: BullMQ's stalled check, run by the other workers,
// puts the job back on the queue and another worker runs it.
import { Queue, QueueEvents, Worker, type Job } from 'bullmq'
import { Redis } from 'ioredis'
import os from 'node:os'
import { failedRow, type StudyCase, type StudyRow } from '../core'
import { ENGINE_BUILD, ENGINE_VERSION, engineName } from '../core/engineVersion'
import { CaseRunner, CaseRunnerDied, workerV8Flags, type StudyWork } from '../node/caseRunner'
import type { WorkerArgs } from './args'
import { CliError, EXIT } from './errors'
import type { CliIO } from './io'

/**
 * One queue per engine build: a worker takes only the cases of a coordinator running the same engine,
 * so every row of a study comes from one build (a machine with another mbs never takes its cases).
 */
const QUEUE = `mbs-study-${ENGINE_VERSION}-${ENGINE_BUILD}`
const PROJECT_KEY = (study: string) => `mbs-study:project:${study}`
/** A stored project outlives a coordinator that was stopped, long enough to resume it. */
const PROJECT_TTL_SECONDS = 7 * 24 * 3600
/** A case is tried this many times when its worker process dies; a killed `mbs worker` does not count. */
const ATTEMPTS = 2
/** How often the coordinator re-reads the state of the cases it waits for, besides the queue's events. */
const SWEEP_MS = 5000
const CONNECT_TIMEOUT_MS = 5000

interface CaseJob {
  study: string
  outputs: StudyWork['outputs']
  case: StudyCase
}

export interface QueueJob {
  url: string
  work: StudyWork
  cases: readonly StudyCase[]
  onRow(row: StudyRow): void
  onNotice(line: string): void
}

/** Connects and checks that a Redis server answers, so a wrong URL is one clear line, not a hang. */
async function connect(url: string): Promise<Redis> {
  let redis: Redis
  try {
    redis = new Redis(url, {
      maxRetriesPerRequest: null,
      connectTimeout: CONNECT_TIMEOUT_MS,
      lazyConnect: true,
      retryStrategy: () => null,
    })
  } catch (e) {
    throw new CliError(EXIT.usage, `--queue: "${url}" is not a Redis URL (${(e as Error).message})`)
  }
  let lastError: Error | undefined
  redis.on('error', (e: Error) => (lastError = e))
  try {
    await redis.connect()
    await redis.ping()
  } catch (e) {
    redis.disconnect()
    throw new CliError(
      EXIT.unavailable,
      `cannot reach the Redis server at ${url} (${(lastError ?? (e as Error)).message}); start one with ` +
        `"redis-server --port PORT" or check --queue`,
    )
  }
  // From here on the connection may drop and come back: BullMQ waits for it.
  redis.options.retryStrategy = (times: number) => Math.min(200 * times, 2000)
  return redis
}

export async function runQueue(job: QueueJob): Promise<void> {
  const redis = await connect(job.url)
  // BullMQ leaves connections it was given open on close(): each is disconnected here.
  const connections = [redis.duplicate(), redis.duplicate()]
  const queue = new Queue<CaseJob, StudyRow>(QUEUE, { connection: connections[0] })
  const events = new QueueEvents(QUEUE, { connection: connections[1] })
  const pending = new Map(job.cases.map((c) => [jobId(job.work.key, c.index), c]))
  let settle: () => void = () => undefined
  const allDone = new Promise<void>((resolve) => (settle = resolve))
  const finish = (id: string, row: (c: StudyCase) => StudyRow) => {
    const c = pending.get(id)
    if (!c) return
    pending.delete(id)
    job.onRow(row(c))
    if (pending.size === 0) settle()
  }
  const look = async (id: string) => {
    // The state before the job: a job read just before it completed has no return value (null), even
    // when its state, asked next, is already "completed" (seen in the bench under load).
    const state = await queue.getJobState(id)
    if (state !== 'completed' && state !== 'failed') return
    const j = await queue.getJob(id)
    if (!j) return
    if (state === 'completed') finish(id, () => j.returnvalue)
    else if (state === 'failed')
      finish(id, (c) => failedRow(c, job.work.outputs, queueFailure(j.failedReason)))
  }
  try {
    await redis.set(PROJECT_KEY(job.work.key), job.work.projectText, 'EX', PROJECT_TTL_SECONDS)
    await events.waitUntilReady()
    events.on('completed', ({ jobId: id }) => void look(id))
    events.on('failed', ({ jobId: id }) => void look(id))
    if (pending.size === 0) return
    await queue.addBulk(
      job.cases.map((c) => ({
        name: 'case',
        data: { study: job.work.key, outputs: job.work.outputs, case: c },
        opts: { jobId: jobId(job.work.key, c.index), attempts: ATTEMPTS },
      })),
    )
    if ((await queue.getWorkers()).length === 0)
      job.onNotice(
        `no worker of ${engineName()} is connected yet: start "mbs worker --queue ${job.url}" of ` +
          'this build on one or more machines (a worker names its build when it starts)',
      )
    // Cases finished before this coordinator started (a resumed study) answer now.
    const sweep = async () => {
      for (const id of [...pending.keys()]) await look(id)
    }
    await sweep()
    const timer = setInterval(() => void sweep(), SWEEP_MS)
    await allDone
    clearInterval(timer)
    // The rows are written: the jobs and the project are not needed any more.
    for (const c of job.cases) await queue.remove(jobId(job.work.key, c.index))
    await redis.del(PROJECT_KEY(job.work.key))
  } finally {
    await events.close()
    await queue.close()
    for (const c of [redis, ...connections]) c.disconnect()
  }
}

function jobId(study: string, index: number): string {
  return `${study}-${index}`
}

function queueFailure(reason: string | undefined): string {
  return `the queue gave up on this case: ${reason ?? 'no reason given'}`
}

/** `mbs worker`: runs cases from the queue until SIGINT or SIGTERM, then finishes the ones it holds. */
export async function workerCommand(args: WorkerArgs, io: CliIO): Promise<number> {
  const redis = await connect(args.queue)
  const projects = new Map<string, string>()
  const idle: CaseRunner[] = []
  const v8Flags = workerV8Flags(args.concurrency ?? os.availableParallelism())
  const all = new Set<CaseRunner>()
  const work = async (study: string, outputs: StudyWork['outputs']): Promise<StudyWork> => {
    let text = projects.get(study)
    if (text === undefined) {
      const stored = await redis.get(PROJECT_KEY(study))
      if (stored === null) throw new Error(`the project of study ${study} is no longer on the queue`)
      text = stored
      projects.clear()
      projects.set(study, text)
    }
    return { key: study, projectText: text, outputs }
  }
  const runCase = async (j: Job<CaseJob, StudyRow>): Promise<StudyRow> => {
    const { study, outputs, case: c } = j.data
    const w = await work(study, outputs)
    const runner = idle.pop() ?? new CaseRunner(undefined, v8Flags)
    all.add(runner)
    io.err(`mbs worker: case ${c.index} of study ${study}: started`)
    try {
      const row = await runner.run(w, c)
      io.err(`mbs worker: case ${c.index} of study ${study}: ${row.status} (${row.wallTime.toFixed(3)} s)`)
      return row
    } catch (e) {
      if (e instanceof CaseRunnerDied) all.delete(runner)
      throw e
    } finally {
      if (runner.alive) idle.push(runner)
    }
  }
  const concurrency = args.concurrency ?? os.availableParallelism()
  const lockDuration = args.stallSeconds * 1000
  const connection = redis.duplicate()
  const worker = new Worker<CaseJob, StudyRow>(QUEUE, runCase, {
    connection,
    concurrency,
    lockDuration,
    stalledInterval: lockDuration,
    // A case whose worker was killed is put back on the queue; one that stalls every worker fails.
    maxStalledCount: 3,
  })
  worker.on('error', (e) => io.err(`mbs worker: ${e.message}`))
  await worker.waitUntilReady()
  io.err(`mbs worker: taking cases of ${engineName()} from ${args.queue} (${concurrency} at a time)`)
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve)
    process.once('SIGTERM', resolve)
  })
  io.err('mbs worker: stopping after the cases it holds')
  await worker.close()
  await Promise.all([...all].map((r) => r.close()))
  connection.disconnect()
  redis.disconnect()
  return EXIT.ok
}
