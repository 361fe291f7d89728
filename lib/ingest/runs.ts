import { hostname } from 'node:os';
import { db, Prisma } from '../db/index.ts';
import { processAlive } from '../startup/lock.ts';

// One record per source per run: what the arrivals page's "last check" and /api/health read.

/** The scraper's Postgres advisory lock: one runner at a time on a Postgres server. */
export const SCRAPER_LOCK_KEY = 4_815_162_342;

/** Who runs a run, so a run whose scraper is gone can be told from one still running. */
export interface Runner {
  host: string;
  pid: number;
  /** pg_backend_pid() of the connection holding SCRAPER_LOCK_KEY; null on the embedded database. */
  session: number | null;
}

/** This process, as a runner. */
export function thisRunner(session: number | null): Runner {
  return { host: hostname(), pid: process.pid, session };
}

export type RunOutcome = {
  status: 'ok' | 'partial' | 'failed';
  itemsSeen: number;
  changesWritten: number;
  error?: string | null;
  details?: Record<string, unknown> | null;
};

/** Opens a run of `source` (a board source's key or a fixed source), naming the board it reads when it reads one. */
export async function startRun(
  source: string,
  startedAt = new Date(),
  runner: Runner = thisRunner(null),
  boardId: number | null = null,
): Promise<number> {
  const run = await db.scrapeRun.create({
    data: { source, boardId, startedAt, status: 'running', runnerHost: runner.host, runnerPid: runner.pid, runnerSession: runner.session },
  });
  return run.id;
}

export async function finishRun(id: number, outcome: RunOutcome): Promise<void> {
  await db.scrapeRun.update({
    where: { id },
    data: {
      status: outcome.status,
      finishedAt: new Date(),
      itemsSeen: outcome.itemsSeen,
      changesWritten: outcome.changesWritten,
      error: outcome.error?.slice(0, 2000) ?? null,
      details: (outcome.details ?? undefined) as object | undefined,
    },
  });
}

/** SQL: run `r`'s scraper no longer holds SCRAPER_LOCK_KEY in this database (any holder, for a run without a recorded session). */
const lockGone = Prisma.sql`NOT EXISTS (
  SELECT 1 FROM pg_locks l
   WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
     AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
     AND ((l.classid::int8 << 32) | l.objid::int8) = ${SCRAPER_LOCK_KEY}::int8
     AND (r.runner_session IS NULL OR l.pid = r.runner_session))`;

export const INTERRUPTED = 'interrupted: the scraper stopped before this run finished (process killed, crashed, or its host restarted)';

/**
 * Closes as failed ("interrupted") every `running` run whose scraper no longer holds the scraper's lock.
 * The next health read and the next scraper start call it, whichever comes first, so health never shows a
 * dead run as alive for long.
 * - On a Postgres server: the session that held SCRAPER_LOCK_KEY when the run started (runner_session) no
 *   longer holds it. The server drops a killed process's session, and its lock, as soon as it notices the
 *   connection gone (the scraper asks for TCP keepalives on it, so a host that vanished counts within ~1.5 min).
 *   The closing UPDATE checks again: a run finished meanwhile is left as it is.
 * - On the embedded database every connection shares one backend session, so its advisory locks tell no
 *   process from another: there a run is dead when its scraper process is (the database is only reachable on
 *   this host, so the process id names it).
 * A run from before runners were recorded is dead when nothing holds the lock (server) / always (embedded).
 */
export async function closeDeadRuns(): Promise<number> {
  if (await onEmbeddedDatabase()) {
    const running = await db.scrapeRun.findMany({ where: { status: 'running' }, select: { id: true, runnerHost: true, runnerPid: true } });
    // The embedded database is served on loopback only (lib/db/pglite-server.ts), so a run recorded by
    // another host (a container recreated on the same data volume) cannot be alive.
    const dead = running.filter((r) => r.runnerPid === null || r.runnerHost !== hostname() || !processAlive(r.runnerPid)).map((r) => r.id);
    if (dead.length === 0) return 0;
    const { count } = await db.scrapeRun.updateMany({ where: { id: { in: dead }, status: 'running' }, data: { status: 'failed', finishedAt: new Date(), error: INTERRUPTED } });
    return count;
  }
  // Looked for first, written only when found: scrape_runs announces every write statement (decision 014),
  // even one that changes no row, and health is read every few seconds. The UPDATE checks again.
  const dead = await db.$queryRaw<{ id: number }[]>`SELECT r.id FROM scrape_runs r WHERE r.status = 'running' AND ${lockGone}`;
  if (dead.length === 0) return 0;
  return db.$executeRaw`
    UPDATE scrape_runs r SET status = 'failed', finished_at = now(), error = ${INTERRUPTED}
     WHERE r.id = ANY(${dead.map((d) => d.id)}::int[]) AND r.status = 'running' AND ${lockGone}`;
}

/** The embedded database (PGlite) names itself in version(). */
export async function onEmbeddedDatabase(): Promise<boolean> {
  const [row] = await db.$queryRaw<{ version: string }[]>`SELECT version()`;
  return row.version.includes('PGlite');
}
