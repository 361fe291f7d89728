import { Logger, run, runMigrations, runOnce, type Runner, type TaskList } from 'graphile-worker';
import pg from 'pg';
import { connectionSettings, databaseUrl, onDisconnect, Prisma } from './index.ts';

// The durable job queue: graphile-worker on the product's own Postgres (docs/decisions/026-alert-delivery-queue.md).
// Jobs are rows in the `graphile_worker` schema, so a job added inside a transaction exists exactly when that
// transaction commits; workers in any number of processes take each job once (FOR UPDATE SKIP LOCKED), retry a
// job that throws with exponential backoff, and run the crontab's tasks once per tick across all of them.
// This module knows no domain: lib/alerts/worker.ts names the tasks.

/** Where the library keeps its tables and functions (its own schema, migrated by its own migrator). */
export const QUEUE_SCHEMA = 'graphile_worker';

/**
 * Options every use shares. No named prepared statements: on the embedded database (PGlite, one Postgres
 * session for every connection, decision 002) two connections preparing "get_job" collide. Jobs are taken 25 at
 * a time and marked done in batches: one job at a time cost ~7 ms of the queue's own statements each (1,000
 * no-op jobs: 7.8 s; batched: 0.5 s). A job taken in a batch by a process that dies is locked until the library
 * frees it (4 hours); the alert sweep does not wait for it (decision 026).
 */
const SHARED = {
  noPreparedStatements: true,
  schema: QUEUE_SCHEMA,
  preset: { worker: { localQueue: { size: 25 }, completeJobBatchDelay: 0 } },
} as const;

/** Warnings and errors only: a line per completed job would drown the scraper's log. */
const logger = new Logger((scope) => (level, message) => {
  if (level === 'error') console.error(`[queue${scope.label ? ` ${scope.label}` : ''}] ${message}`);
  else if (level === 'warning') console.warn(`[queue${scope.label ? ` ${scope.label}` : ''}] ${message}`);
});

/**
 * Installs or upgrades the queue's schema with the library's own migrator (which records its version in
 * graphile_worker.migrations). Run by the project's migration runner (lib/db/migrate.ts) after Prisma's
 * migrations; a worker's start-up finds it current and changes nothing.
 */
export async function migrateQueue(connectionString: string): Promise<void> {
  await runMigrations({ ...SHARED, connectionString, logger });
}

const globalForQueue = globalThis as unknown as { __queuePool?: pg.Pool; __queuePoolUrl?: string };

/** The queue's own small pool (a worker keeps one connection for LISTEN on a real server). */
function pool(): pg.Pool {
  const url = databaseUrl();
  if (!globalForQueue.__queuePool || globalForQueue.__queuePoolUrl !== url) {
    void globalForQueue.__queuePool?.end();
    // The queue's own writes (a job taken, done, failed) need not wait for the disk: if a server crash loses
    // the last of them, a job runs again, and a delivery job sends nothing twice (lib/alerts/ledger.ts). Jobs are
    // added in the transactions of the work they stand for, on the app's connections, durably. (The embedded
    // database ignores connection options; its one session is shared, so nothing is SET there.)
    const created = new pg.Pool({ connectionString: url, max: 4, options: '-c synchronous_commit=off', ...connectionSettings() });
    // A connection dropped by the server (restart, database removed) must not crash the process: the pool
    // replaces it, and the worker's LISTEN connection reconnects.
    created.on('error', (error) => console.error('[queue] idle connection closed:', error.message));
    created.on('connect', (client) => client.on('error', (error) => console.error('[queue] connection closed:', error.message)));
    globalForQueue.__queuePool = created;
    globalForQueue.__queuePoolUrl = url;
    onDisconnect(closeQueuePool);
  }
  return globalForQueue.__queuePool;
}

async function closeQueuePool(): Promise<void> {
  await globalForQueue.__queuePool?.end();
  globalForQueue.__queuePool = undefined;
}

export interface JobSpec {
  task: string;
  payload: Record<string, unknown>;
  /** At most one waiting job per key: adding it again updates the waiting one (a running one keeps running, and a new one waits). */
  key?: string;
  /** Run this long from now (the database's clock); default at once. */
  delayMs?: number;
  maxAttempts?: number;
}

/**
 * The statement that adds `jobs` (graphile_worker.add_jobs), for the Prisma client or an open transaction:
 * run inside the transaction that records the work, the jobs commit or roll back with it. `keepEarlierRun`:
 * a waiting job of the same key keeps its (earlier) time, so a later wake-up never delays work due sooner.
 */
export function addJobsSql(jobs: JobSpec[], options: { keepEarlierRun?: boolean } = {}): Prisma.Sql {
  // One key twice in one call would make the insert's ON CONFLICT touch a row twice: the first one wins.
  const seen = new Set<string>();
  const specs = jobs
    .filter((j) => !j.key || (!seen.has(j.key) && seen.add(j.key)))
    .map((j) => ({
      identifier: j.task,
      payload: j.payload,
      job_key: j.key ?? null,
      delay_ms: Math.max(0, Math.round(j.delayMs ?? 0)),
      max_attempts: j.maxAttempts ?? null,
    }));
  const schema = Prisma.raw(QUEUE_SCHEMA);
  return Prisma.sql`
    SELECT count(*)::int AS added FROM ${schema}.add_jobs(
      ARRAY(SELECT ROW(s.identifier, s.payload, NULL, now() + s.delay_ms * interval '1 millisecond', s.max_attempts, s.job_key, NULL, NULL)::${schema}.job_spec
              FROM json_to_recordset(${JSON.stringify(specs)}::json)
                   AS s(identifier text, payload json, job_key text, delay_ms bigint, max_attempts int)),
      ${Boolean(options.keepEarlierRun)})`;
}

export interface WorkerOptions {
  tasks: TaskList;
  /** graphile-worker crontab lines, e.g. "* * * * * alerts:sweep ?max=1&jobKey=alerts:sweep". */
  crontab?: string;
  concurrency?: number;
  /** How often to look for jobs when no notification says one was added (always, on the embedded database). */
  pollIntervalMs?: number;
}

/** A worker that runs until stopped: jobs as they come (LISTEN/NOTIFY on a real server, polling everywhere). */
export async function startWorker(options: WorkerOptions): Promise<Runner> {
  return run({
    ...SHARED,
    pgPool: pool(),
    logger,
    taskList: options.tasks,
    crontab: options.crontab ?? '',
    concurrency: options.concurrency ?? 2,
    pollInterval: options.pollIntervalMs ?? 1000,
    noHandleSignals: true, // the process's own shutdown stops the runner
  });
}

/** Runs every job of `tasks` that is due now, including those the jobs add, then returns. */
export async function drainQueue(tasks: TaskList): Promise<void> {
  // Starting a runner costs a few statements (its schema check among them): most scraper cycles have nothing due.
  const { rows } = await pool().query<{ due: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM ${QUEUE_SCHEMA}.jobs WHERE task_identifier = ANY ($1) AND run_at <= now() AND locked_at IS NULL AND attempts < max_attempts) AS due`,
    [Object.keys(tasks)],
  );
  if (rows[0].due) await runOnce({ ...SHARED, pgPool: pool(), logger, taskList: tasks });
}
