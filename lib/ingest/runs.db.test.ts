import { spawn } from 'node:child_process';
import { hostname } from 'node:os';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedServer, type EmbeddedServer } from '../db/embedded.ts';
import { disconnectDb, setDatabaseUrl } from '../db/index.ts';
import { migrate } from '../db/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/database.ts';
import { sql } from '../../testing/sql.ts';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { env } from '../env.ts';
import { runCycle } from './runner.ts';
import { closeDeadRuns, INTERRUPTED, SCRAPER_LOCK_KEY } from './runs.ts';

// A `running` run whose scraper no longer holds the scraper's lock is closed as failed ("interrupted") by
// the next health read or scraper start (both call closeDeadRuns), on a Postgres server and on the embedded
// database alike. (lib/ingest/faults.db.test.ts kills a real scraper mid-run and reads /api/health.)

// The embedded scraper lock lives beside the data directory: a directory of this file's own.
const embeddedDir = mkdtempSync(path.join(tmpdir(), 'nbt-runs-'));
process.env.EMBEDDED_DB_DIR = path.join(embeddedDir, 'pglite'); // read by env() on first use, which comes later

/** The pid of a process that has exited: no process of this host has it now (for a while, at least). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((r) => child.once('exit', r));
  return child.pid!;
}

const runsOf = async (url: string) =>
  (await sql<{ id: number; status: string; error: string | null }>('SELECT id, status::text, error FROM scrape_runs ORDER BY id', [], url)).map((r) => [r.id, r.status, r.error]);

const insertRun = (url: string, runner: { host?: string | null; pid?: number | null; session?: number | null }) =>
  sql<{ id: number }>(
    `INSERT INTO scrape_runs (source, started_at, status, runner_host, runner_pid, runner_session) VALUES ('wake_inventory', now(), 'running', $1, $2, $3) RETURNING id`,
    [runner.host ?? null, runner.pid ?? null, runner.session ?? null],
    url,
  ).then(([r]) => r.id);

afterEach(async () => {
  await disconnectDb();
});

describe.runIf(Boolean(process.env.TEST_PG_SERVER_URL))('on a Postgres server: a run is dead when its session no longer holds the advisory lock', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('runs', 'migrated');
  }, 60_000);
  afterAll(async () => {
    await database?.drop();
  });

  it('closes the runs of a session that let go of the lock (or never had it), and only those', async () => {
    await setDatabaseUrl(database.url);
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    const { rows } = await holder.query<{ ok: boolean; session: number }>('SELECT pg_try_advisory_lock($1) AS ok, pg_backend_pid() AS session', [SCRAPER_LOCK_KEY]);
    expect(rows[0].ok).toBe(true);
    const alive = await insertRun(database.url, { host: hostname(), pid: process.pid, session: rows[0].session });
    const gone = await insertRun(database.url, { host: hostname(), pid: process.pid, session: rows[0].session + 100_000 });
    // From before runners were recorded, while a scraper holds the lock: its own runs, perhaps.
    const legacy = await insertRun(database.url, {});

    expect(await closeDeadRuns()).toBe(1);
    expect(await runsOf(database.url)).toEqual([
      [alive, 'running', null],
      [gone, 'failed', INTERRUPTED],
      [legacy, 'running', null],
    ]);
    // With nothing dead, a health read writes nothing: scrape_runs announces every write statement (decision 014).
    const listener = new pg.Client({ connectionString: database.url });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (n) => heard.push(n.payload ?? ''));
    await listener.query('LISTEN nbt_changes');
    expect(await closeDeadRuns()).toBe(0);
    await sql(`SELECT pg_notify('nbt_changes', 'marker')`, [], database.url);
    for (let i = 0; i < 50 && !heard.includes('marker'); i++) await new Promise((r) => setTimeout(r, 20));
    await listener.end();
    expect(heard).toEqual(['marker']);

    // The scraper's connection ends (a kill -9 closes it): the server drops the session and its lock.
    await holder.end();
    for (let i = 0; i < 50 && (await closeDeadRuns()) === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await runsOf(database.url)).toEqual([
      [alive, 'failed', INTERRUPTED],
      [gone, 'failed', INTERRUPTED],
      [legacy, 'failed', INTERRUPTED],
    ]);
  });
});

describe('on the embedded database (one session for every connection): a run is dead when its scraper process is', () => {
  let server: EmbeddedServer;
  beforeAll(async () => {
    server = await startEmbeddedServer({ dataDir: 'memory://' });
    await migrate(server.url);
  }, 120_000);
  afterAll(async () => {
    await disconnectDb();
    await server?.stop();
    rmSync(embeddedDir, { recursive: true, force: true });
  });

  it('closes the runs of a process that is gone, never those of one alive, whatever its advisory locks say', async () => {
    await setDatabaseUrl(server.url);
    // Every connection shares the session: a lock taken here is "held" for everyone, dead or alive.
    await sql('SELECT pg_advisory_lock($1)', [SCRAPER_LOCK_KEY], server.url);
    const alive = await insertRun(server.url, { host: hostname(), pid: process.pid });
    const gone = await insertRun(server.url, { host: hostname(), pid: await deadPid() });
    const legacy = await insertRun(server.url, {});
    // Recorded on another host (a container recreated on the same data volume): that process is gone too,
    // whatever its pid means here (this process's own pid, alive, to prove the host is what decides).
    const elsewhere = await insertRun(server.url, { host: `${hostname()}-before-restart`, pid: process.pid });
    expect(await closeDeadRuns()).toBe(3);
    expect(await runsOf(server.url)).toEqual([
      [alive, 'running', null],
      [gone, 'failed', INTERRUPTED],
      [legacy, 'failed', INTERRUPTED],
      [elsewhere, 'failed', INTERRUPTED],
    ]);
  });

  it('the scraper process closes them as it starts, hours before its first scheduled cycle', async () => {
    const gone = await insertRun(server.url, { host: hostname(), pid: await deadPid() });
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/scraper.ts'], {
      env: { ...process.env, DATABASE_URL: server.url, NODE_ENV: 'development' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    try {
      for (let i = 0; i < 600 && !/scheduled /.test(output) && child.exitCode === null; i++) await new Promise((r) => setTimeout(r, 100));
      expect(output).toContain('closed 1 run(s) left open by a scraper that stopped (interrupted)');
      expect(output).toMatch(/scheduled /); // no cycle ran: the schedule only
      expect((await runsOf(server.url)).find(([id]) => id === gone)).toEqual([gone, 'failed', INTERRUPTED]);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    }
  }, 90_000);

  it('a scraper start closes them too, and two scrapers never overlap: the lock is a file beside the data directory', async () => {
    await setDatabaseUrl(server.url);
    process.env.DATABASE_URL = server.url;
    const gone = await insertRun(server.url, { host: hostname(), pid: await deadPid() });
    const lock = `${path.resolve(env().EMBEDDED_DB_DIR)}.scraper.lock`;
    // Another live scraper process holds it (its pid is in the file): this one skips, and closes nothing.
    writeFileSync(lock, `${process.ppid}\n`);
    try {
      expect(await runCycle({ sources: [] })).toEqual({ skipped: true, runs: [] });
      expect((await runsOf(server.url)).find(([id]) => id === gone)).toEqual([gone, 'running', null]);
    } finally {
      rmSync(lock, { force: true });
    }
    expect(await runCycle({ sources: [] })).toEqual({ skipped: false, runs: [] });
    expect((await runsOf(server.url)).find(([id]) => id === gone)).toEqual([gone, 'failed', INTERRUPTED]);
    expect(existsSync(lock), 'released after the cycle').toBe(false);
  });
});
