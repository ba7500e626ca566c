import { createRequire } from "node:module";
import type PgBoss from "pg-boss";
import type { Database, Queryable } from "../../db/client";
import { JOB_SCHEMA } from "../../db/job-schema";
import { runUnscoped, withTenant } from "../../db/tenant-scope";

// Loaded when the queue starts (cold start: not at import).
const require = createRequire(import.meta.url);

/** Every job belongs to one school: its page shows it, its handler runs in that school's scope. */
export interface JobData {
  companyId: string;
}

export interface JobContext {
  id: string;
  /** 0 on the first try. */
  retryCount: number;
}

/**
 * A queue: what its jobs do and how they are retried. A handler that throws is retried after
 * `retryDelaySeconds`, doubling each time (pg-boss's backoff), `retryLimit` times; a job running
 * longer than `expireInSeconds` (its instance died) is handed to another worker.
 */
export interface QueueDefinition<T extends JobData = JobData> {
  name: string;
  retryLimit: number;
  retryDelaySeconds: number;
  expireInSeconds: number;
  /** Jobs taken at once by one instance. */
  batchSize?: number;
  handler(data: T, job: JobContext): Promise<void>;
}

export interface EnqueueOptions {
  /** Not before this moment. */
  startAfter?: Date;
  /** Another job with this key waiting in the same queue makes this one a no-op. */
  singletonKey?: string;
}

export interface JobQueueOptions {
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** How often an idle worker looks for new jobs (pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds?: number;
  /** How often expired jobs (an instance died holding them) go back to the queue. */
  maintenanceIntervalSeconds?: number;
}

/** Tries at creating a queue that deadlocked with another instance creating queues. */
const QUEUE_CREATE_TRIES = 5;
/** Failed jobs stay on the staff page this long before pg-boss archives them. */
const FAILED_KEPT_SECONDS = 30 * 24 * 3600;
/** Completed jobs are archived after a day, then deleted after a week. */
const COMPLETED_KEPT_SECONDS = 24 * 3600;
const ARCHIVE_KEPT_DAYS = 7;

/** The driver client behind a Drizzle database or transaction (pg's client or pool, PGlite's). */
function driverOf(db: Queryable): PgBoss.Db {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client as
    | { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> }
    | undefined;
  if (!client || typeof client.query !== "function") {
    throw new Error("enqueue needs a Drizzle database or transaction (no driver client found)");
  }
  return { executeSql: (text, values) => client.query(text, values) as Promise<{ rows: never[] }> };
}

/**
 * The durable job queue: pg-boss on the app's own database, PostgreSQL or the embedded PGlite
 * (pg-boss's `db` option, through the app's single PGlite connection). A job is enqueued in the
 * transaction of the change that causes it, so it exists exactly when that change does; workers
 * on every instance take jobs with `FOR UPDATE SKIP LOCKED`, one worker per job.
 */
export function createJobQueue(database: Database, options: JobQueueOptions) {
  const definitions = new Map<string, QueueDefinition<never>>();
  const workers = new Map<string, string>();
  let boss: PgBoss | undefined;
  let starting: Promise<PgBoss> | undefined;
  let stopped = false;
  /** Batches whose handlers are running on this instance (stop() waits for them; see there). */
  const running = new Set<Promise<void>>();

  /** Set once stop() is done: the caller may close the database from then on. */
  let released = false;
  const bossDb: PgBoss.Db = {
    executeSql: (text, values) => {
      // A handler pg-boss gave up on at stop may still finish later, and pg-boss then writes its
      // completion without awaiting it: on a closed database that would be an unhandled rejection.
      // After stop such a write is never sent and never answered (pg-boss only awaits it); the
      // job's expiry hands the job back to the queue.
      if (released) return new Promise<never>(() => undefined);
      return database.executeSql(text, values) as unknown as Promise<{ rows: never[] }>;
    },
  };

  async function startBoss(): Promise<PgBoss> {
    const PgBossClass = require("pg-boss") as typeof PgBoss;
    const instance = new PgBossClass({
      db: bossDb,
      schema: JOB_SCHEMA,
      // The schema is made by the app's migrations (server/db/job-schema.ts).
      migrate: false,
      supervise: true,
      schedule: false,
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 15,
      archiveCompletedAfterSeconds: COMPLETED_KEPT_SECONDS,
      archiveFailedAfterSeconds: FAILED_KEPT_SECONDS,
      deleteAfterDays: ARCHIVE_KEPT_DAYS,
    });
    instance.on("error", (error) => options.log.error({ err: error }, "job queue error"));
    await runUnscoped(() => instance.start());
    for (const definition of definitions.values()) await ensureQueue(instance, definition);
    return instance;
  }

  async function ensureQueue(instance: PgBoss, definition: QueueDefinition<never>) {
    const settings = {
      name: definition.name,
      policy: "standard" as const,
      retryLimit: definition.retryLimit,
      retryDelay: definition.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: definition.expireInSeconds,
      retentionDays: 14,
    };
    for (let attempt = 1; !(await instance.getQueue(definition.name)); attempt++) {
      try {
        await instance.createQueue(definition.name, settings);
        return;
      } catch (error) {
        // Another instance made it at the same moment (checked by the loop), or instances (the
        // processes of one server, WEB_CONCURRENCY) creating queues together deadlocked on the job
        // table's partitions and PostgreSQL rolled one back: it tries again once the other is done.
        const deadlock = (error as { code?: string }).code === "40P01";
        if (!deadlock || attempt >= QUEUE_CREATE_TRIES) {
          if (await instance.getQueue(definition.name)) break;
          throw error;
        }
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 100 * attempt));
      }
    }
    await instance.updateQueue(definition.name, settings);
  }

  const queue = {
    /** Declares a queue and its handler; before start(). */
    define<T extends JobData>(definition: QueueDefinition<T>) {
      if (definitions.has(definition.name)) throw new Error(`queue ${definition.name} is defined twice`);
      definitions.set(definition.name, definition as unknown as QueueDefinition<never>);
    },

    names(): string[] {
      return [...definitions.keys()];
    },

    /**
     * Adds a job in the caller's transaction (or on its own with the database): it is there when
     * the transaction commits, and never when it rolls back. Returns the job's id.
     */
    async enqueue<T extends JobData>(
      db: Queryable,
      name: string,
      data: T,
      enqueueOptions: EnqueueOptions = {},
    ): Promise<string | null> {
      const definition = definitions.get(name);
      if (!definition) throw new Error(`no queue ${name}`);
      const instance = await queue.instance();
      return instance.send(name, data, {
        db: driverOf(db),
        retryLimit: definition.retryLimit,
        retryDelay: definition.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: definition.expireInSeconds,
        ...(enqueueOptions.startAfter ? { startAfter: enqueueOptions.startAfter } : {}),
        ...(enqueueOptions.singletonKey ? { singletonKey: enqueueOptions.singletonKey } : {}),
      });
    },

    /** pg-boss, started (the queues made) on first use. */
    instance(): Promise<PgBoss> {
      if (boss) return Promise.resolve(boss);
      starting ??= startBoss().then((started) => {
        boss = started;
        return started;
      });
      return starting;
    },

    /** Starts a worker for every defined queue on this instance. */
    async start(): Promise<void> {
      const instance = await queue.instance();
      if (stopped) return;
      for (const definition of definitions.values()) {
        if (workers.has(definition.name)) continue;
        const batchSize = definition.batchSize ?? 5;
        const id = await runUnscoped(() =>
          instance.work<JobData>(
            definition.name,
            {
              batchSize,
              pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
            },
            (jobs) => {
              const batch = runBatch(instance, definition, jobs, options.log);
              running.add(batch);
              void batch.finally(() => running.delete(batch));
              // A full batch: there may be more waiting, so look again at once.
              if (jobs.length >= batchSize)
                void batch.then(() => setImmediate(() => queue.wake(definition.name)));
              return batch;
            },
          ),
        );
        workers.set(definition.name, id);
      }
    },

    /** Makes this instance's workers look for jobs now (after a commit that added some). */
    wake(name?: string) {
      if (!boss) return;
      for (const [queueName, id] of workers) if (!name || name === queueName) boss.notifyWorker(id);
    },

    /**
     * Resolves once no job is due or running (tests, and scripts that must not leave work behind);
     * jobs planned for later do not count. Rejects after `timeoutMs`.
     */
    async drain(timeoutMs = 15_000): Promise<void> {
      const until = Date.now() + timeoutMs;
      for (;;) {
        queue.wake();
        const { rows } = await database.executeSql(
          `select count(*)::int as "due" from ${JOB_SCHEMA}.job
           where state = 'active' or (state in ('created', 'retry') and start_after <= now())`,
        );
        if ((rows[0] as { due: number }).due === 0) return;
        if (Date.now() > until) throw new Error("jobs still due after the drain timeout");
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },

    /**
     * Stops taking jobs; running ones get `timeoutMs` to finish. What is still running then is
     * marked failed and so handed back to the queue (retried by another instance or after a restart).
     */
    async stop(timeoutMs = 5_000): Promise<void> {
      stopped = true;
      const instance = boss ?? (starting ? await starting.catch(() => undefined) : undefined);
      if (!instance) return;
      await instance.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
      // pg-boss stops waiting after the timeout, but a handler it gave up on keeps running, and
      // after a batch pg-boss writes its own completion without awaiting it. Give those as long
      // again to finish, then a turn to send their last query, before the caller closes the
      // database: a query on a closed pool is an unhandled rejection in pg-boss.
      if (running.size > 0) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          Promise.allSettled([...running]),
          new Promise((resolve) => {
            timer = setTimeout(resolve, timeoutMs);
          }),
        ]);
        clearTimeout(timer);
      }
      await new Promise((resolve) => setImmediate(resolve));
      released = true;
    },
  };
  return queue;
}

/**
 * Runs a batch: each job is completed or failed on its own, so one failure never re-runs its
 * neighbours. Never rejects (pg-boss would fail the whole batch again, without awaiting it).
 */
async function runBatch(
  instance: PgBoss,
  definition: QueueDefinition<never>,
  jobs: PgBoss.Job<JobData>[],
  log: JobQueueOptions["log"],
): Promise<void> {
  for (const job of jobs) {
    try {
      await withTenant(job.data.companyId, () =>
        definition.handler(job.data as never, {
          id: job.id,
          retryCount: (job as unknown as { retryCount?: number }).retryCount ?? 0,
        }),
      );
      await instance.complete(definition.name, job.id);
    } catch (error) {
      log.error({ err: error, job: job.id, queue: definition.name }, "job failed");
      // If even the failure cannot be written (the database is gone), the job's expiry hands it back.
      await instance
        .fail(definition.name, job.id, errorOutput(error))
        .catch((failError: unknown) =>
          log.error({ err: failError, job: job.id, queue: definition.name }, "job failure not recorded"),
        );
    }
  }
}

/** What the staff page shows of a failure: the message (pg-boss keeps it as the job's output). */
function errorOutput(error: unknown): { message: string } {
  const message = error instanceof Error ? error.message : String(error);
  return { message: message.slice(0, 2000) };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
