import { hostname } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { databaseUrl } from '../db/index.ts';
import { firstLine } from '../db/lost-connection.ts';
import { env } from '../env.ts';
import { DataDirBusyError, lockFile } from '../startup/lock.ts';
import { db } from '../db/index.ts';
import { SCRAPER_LOCK_KEY, thisRunner, type Runner } from './runs.ts';

// Two runners never overlap (the second logs and skips): on a Postgres server the scraper's advisory lock, whatever
// machine they run on; on the embedded database, whose connections all share one session (so its advisory locks
// exclude nobody), a lock file beside the data directory — every process using it runs on this host.
//
// The server's lock lives on a connection of its own. If that connection is lost (the server restarted, an
// administrator ended it), the lock went with it: it is taken again on a new connection and the cycle's runs
// name the new session; if another runner took it meanwhile, the cycle is told to stop (onLost).

export interface ScraperLock {
  runner: Runner;
  release(): Promise<void>;
}

/** Attempts to take the lock again after its connection was lost, a second apart. */
const RETAKE_ATTEMPTS = 5;

/** The embedded database's scraper lock file: beside its data directory, like npm start's own lock. */
function embeddedLockFile(): string {
  return `${path.resolve(env().EMBEDDED_DB_DIR)}.scraper.lock`;
}
/** One cycle at a time in this process too (the lock file is this process's either way). */
let embeddedCycleRunning = false;

function embeddedLock(): ScraperLock | null {
  if (embeddedCycleRunning) return null;
  try {
    const file = lockFile(embeddedLockFile());
    embeddedCycleRunning = true;
    return {
      runner: thisRunner(null),
      release: async () => {
        embeddedCycleRunning = false;
        file.release();
      },
    };
  } catch (error) {
    if (error instanceof DataDirBusyError) return null;
    throw error;
  }
}

/** A connection of the lock's own, asking for keepalives: a host that vanishes loses its lock within ~1.5 minutes. */
async function lockConnection(onError: (error: Error) => void): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  // Without a listener, a connection the server ends would end this process ("Unhandled 'error' event").
  client.on('error', onError);
  await client.connect();
  return client;
}

async function tryLock(client: pg.Client): Promise<number | null> {
  await client.query('SET tcp_keepalives_idle = 30; SET tcp_keepalives_interval = 10; SET tcp_keepalives_count = 6');
  const { rows } = await client.query<{ ok: boolean; session: number }>('SELECT pg_try_advisory_lock($1) AS ok, pg_backend_pid() AS session', [SCRAPER_LOCK_KEY]);
  return rows[0].ok ? rows[0].session : null;
}

/**
 * Takes the scraper's lock; null when another runner holds it. `onLost` is called if the lock is lost for good
 * (another runner took it after this one's connection was lost, or the server cannot be reached again).
 */
export async function takeScraperLock(log: (line: string) => void, onLost: (why: string) => void): Promise<ScraperLock | null> {
  let released = false;
  let client: pg.Client;
  const lost = (error: Error) => {
    if (released) return;
    released = true; // this client is done; a new one takes over below
    void retake(firstLine(error));
  };
  client = await lockConnection(lost);
  const { rows } = await client.query<{ version: string }>('SELECT version()');
  if (rows[0].version.includes('PGlite')) {
    released = true;
    await client.end().catch(() => {});
    return embeddedLock();
  }
  const session = await tryLock(client).catch(async (error) => {
    await client.end().catch(() => {});
    throw error;
  });
  if (session === null) {
    released = true;
    await client.end().catch(() => {});
    return null;
  }
  const runner = thisRunner(session);
  let done = false;

  async function retake(why: string): Promise<void> {
    log(`the scraper lock's database connection was lost (${why}); taking the lock again on a new connection`);
    for (let attempt = 1; attempt <= RETAKE_ATTEMPTS && !done; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      let next: pg.Client | null = null;
      try {
        released = false;
        next = await lockConnection(lost);
        const again = await tryLock(next);
        if (again === null) {
          released = true;
          await next.end().catch(() => {});
          onLost('another scraper took the lock while this one was reconnecting');
          return;
        }
        client = next;
        // The runs of this cycle now belong to the new session (closeDeadRuns looks for it).
        await db.$executeRaw`UPDATE scrape_runs SET runner_session = ${again}
                              WHERE status = 'running' AND runner_host = ${hostname()} AND runner_pid = ${process.pid}`;
        runner.session = again;
        log('took the scraper lock again');
        return;
      } catch (error) {
        released = true;
        await next?.end().catch(() => {});
        log(`taking the scraper lock again failed (${firstLine(error)}), attempt ${attempt} of ${RETAKE_ATTEMPTS}`);
      }
    }
    if (!done) onLost(`the database could not be reached again after ${RETAKE_ATTEMPTS} attempts`);
  }

  return {
    runner,
    release: async () => {
      done = true;
      released = true;
      await client.query('SELECT pg_advisory_unlock($1)', [SCRAPER_LOCK_KEY]).catch(() => {});
      await client.end().catch(() => {});
    },
  };
}
