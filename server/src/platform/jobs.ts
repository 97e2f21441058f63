import { type JobResult, PgBoss } from 'pg-boss';
import type { z } from 'zod';
import type { Database } from '../db/client.ts';
import type { Logger } from './logger.ts';

export type JobRetry = {
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  /** How long one run may take before it is failed (and retried). */
  expireInSeconds?: number;
};

/**
 * The run a handler is in: `isLastAttempt` when a failure now goes to the dead letters, not a retry.
 * `signal` aborts when the run is given up (the server stopping past its grace period, or the run
 * past its expiry): the job is already failed and runs again, so a long handler stops at its next
 * step instead of working on against a closing database.
 */
export type JobRun = { id: string; isLastAttempt: boolean; signal: AbortSignal };

export type JobDefinition<S extends z.ZodType = z.ZodType, C = unknown> = {
  name: string;
  schema: S;
  handler: (data: z.output<S>, context: C, job: JobRun) => Promise<void>;
  retry?: JobRetry;
};

/** Declares a background job; its payload is validated when sent and again when run. */
export function defineJob<S extends z.ZodType, C>(definition: JobDefinition<S, C>): JobDefinition<S, C> {
  return definition;
}

/**
 * `priority`: higher runs first among due jobs of one queue (pg-boss fetches in priority order), so a
 * sign-up confirmation never waits behind an announcement sent to every subscriber.
 */
export type SendOptions = { singletonKey?: string; startAfter?: Date; priority?: number };

export type Jobs = {
  send<S extends z.ZodType>(
    job: JobDefinition<S, never>,
    data: z.input<S>,
    options?: SendOptions,
  ): Promise<void>;
  /** Starts polling workers for every registered job (the server process). */
  work(context: unknown): Promise<void>;
  /** Runs every job that is due now, in this call, until the queues are empty (tests, CLI). */
  drain(context: unknown): Promise<number>;
  /**
   * Stops fetching jobs and waits up to `timeoutMs` for running ones; jobs still running then are
   * failed so they retry. `send` keeps working (requests still being answered may queue jobs).
   */
  stopWorkers(timeoutMs: number): Promise<void>;
  stop(): Promise<void>;
};

const DEFAULT_RETRY: Required<JobRetry> = {
  retryLimit: 5,
  retryDelay: 5,
  retryBackoff: true,
  // A dead worker is noticed by its heartbeat; expiry only bounds a handler that hangs.
  expireInSeconds: 900,
};
/**
 * A running job's worker refreshes its heartbeat every HEARTBEAT_SECONDS / 2; a job whose worker
 * died (kill -9, a lost machine) misses it and is failed, so it retries, within HEARTBEAT_SECONDS
 * plus one SUPERVISE_SECONDS pass, instead of waiting out its expiry.
 */
const HEARTBEAT_SECONDS = 10;
const SUPERVISE_SECONDS = 10;
const DEAD_LETTER = 'dead-letter';
const WORK_BATCH = 10;
/** How often pg-boss polls its queue cache and background migrations when it only enqueues (an hour). */
const IDLE_POLL_SECONDS = 3_600;

type AnyJob = JobDefinition<z.ZodType, unknown>;

/**
 * pg-boss on the portal's own database, with its own small pool (PostgreSQL or the embedded one).
 * `supervise: false` (the seed scripts) only enqueues: no maintenance, cron or polling timers, whose
 * queries would wait behind a seed's long transactions on the embedded database's one backend and
 * log connection timeouts; the portal that starts next supervises the queues.
 */
export async function createJobs(
  database: Database,
  definitions: AnyJob[],
  log: Logger,
  { supervise = true }: { supervise?: boolean | undefined } = {},
): Promise<Jobs> {
  const boss = new PgBoss({
    connectionString: database.url,
    schema: 'pgboss',
    max: 4,
    supervise,
    schedule: supervise,
    // Not supervising, the queue cache and background migrations need no polls within a seed.
    ...(supervise
      ? {}
      : { queueCacheIntervalSeconds: IDLE_POLL_SECONDS, bamIntervalSeconds: IDLE_POLL_SECONDS }),
    superviseIntervalSeconds: SUPERVISE_SECONDS,
    monitorIntervalSeconds: SUPERVISE_SECONDS,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  await boss.createQueue(DEAD_LETTER);
  const byName = new Map<string, AnyJob>();
  for (const definition of definitions) {
    if (byName.has(definition.name)) throw new Error(`Job ${definition.name} is defined twice`);
    byName.set(definition.name, definition);
    const options = {
      ...DEFAULT_RETRY,
      ...definition.retry,
      heartbeatSeconds: HEARTBEAT_SECONDS,
      deadLetter: DEAD_LETTER,
    };
    await boss.createQueue(definition.name, options);
    // createQueue leaves an existing queue as it was: bring its options up to date with the code.
    await boss.updateQueue(definition.name, options);
  }

  // pg-boss gives a worker's jobs a signal; `drain` runs fetched jobs to the end in its own call.
  type FetchedJob = {
    id: string;
    data: unknown;
    retryCount: number;
    retryLimit: number;
    signal?: AbortSignal;
  };
  let stopping = false;
  const run = async (definition: AnyJob, job: FetchedJob, context: unknown) => {
    const signal = job.signal ?? new AbortController().signal;
    try {
      const data = definition.schema.parse(job.data);
      await definition.handler(data, context, {
        id: job.id,
        isLastAttempt: job.retryCount >= job.retryLimit,
        signal,
      });
    } catch (error) {
      // A run the shutdown gave up on is already failed and runs again: what it hit after that (a
      // closed pool) is not the job's failure.
      if (stopping && signal.aborted)
        log.info({ job: definition.name, jobId: job.id }, 'job cut short by shutdown; it runs again');
      else log.error({ err: error, job: definition.name, jobId: job.id }, 'job failed');
      throw error;
    }
  };

  return {
    async send(definition, data, options = {}) {
      if (!byName.has(definition.name)) throw new Error(`Job ${definition.name} is not registered`);
      const payload = definition.schema.parse(data) as object;
      await boss.send(definition.name, payload, {
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
        ...(options.priority ? { priority: options.priority } : {}),
      });
    },
    async work(context) {
      for (const definition of byName.values()) {
        // Up to WORK_BATCH jobs per fetch, fetched again at once while batches come back full, so a
        // backlog (one e-mail per subscriber) drains at the handlers' speed rather than one job per
        // poll. Each job settles on its own: one failure retries that job, not its batch.
        await boss.work(
          definition.name,
          {
            pollingIntervalSeconds: 1,
            batchSize: WORK_BATCH,
            burstWhenBatchFull: true,
            perJobResults: true,
            includeMetadata: true,
          },
          async (jobs) => {
            const results: JobResult[] = [];
            for (const job of jobs) {
              // Given up (shutdown or expiry): the batch is failed already, and its rest runs again.
              if (job.signal?.aborted) break;
              try {
                await run(definition, job, context);
                results.push({ id: job.id, status: 'completed' });
              } catch (error) {
                results.push({ id: job.id, status: 'failed', output: { message: String(error) } });
              }
            }
            return results;
          },
        );
      }
    },
    async drain(context) {
      let ran = 0;
      for (let round = 0; round < 20; round++) {
        let ranThisRound = 0;
        for (const definition of byName.values()) {
          const jobs = await boss.fetch<unknown>(definition.name, { batchSize: 50, includeMetadata: true });
          for (const job of jobs) {
            // No heartbeat runs here: refresh the claim before each run, and skip a job the
            // supervisor has already failed for a stale heartbeat (it retries later).
            const touched = (await boss.touch(definition.name, job.id)) as { affected?: number };
            if (touched.affected === 0) continue;
            try {
              await run(definition, job, context);
              await boss.complete(definition.name, job.id);
            } catch (error) {
              await boss.fail(definition.name, job.id, { message: String(error) });
            }
            ranThisRound++;
          }
        }
        ran += ranThisRound;
        if (ranThisRound === 0) break;
      }
      return ran;
    },
    stopWorkers: (timeoutMs) => {
      stopping = true;
      return boss.stop({ close: false, graceful: true, timeout: timeoutMs });
    },
    stop: () => {
      stopping = true;
      return boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
