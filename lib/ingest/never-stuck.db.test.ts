import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../db/index.ts';
import { isLostConnection, retryOnLostConnection } from '../db/lost-connection.ts';
import { healthReport } from '../ops/health.ts';
import type { RunningSimulator } from '../../simulator/server.ts';
import type { TestDatabase } from '../../testing/database.ts';
import { startScraperScenario, type ScraperScenario } from '../../testing/scraper-scenario.ts';
import { newUser } from '../../testing/harness.ts';
import { sql } from '../../testing/sql.ts';
import { startCycleProcess } from './cycle-process.ts';
import { runCycle } from './runner.ts';
import { nextCycleAfter } from './schedule.ts';
import { ScraperService, type Heartbeat } from './scraper-service.ts';

// Never stuck (issue 36, decision 029): whatever a cycle meets, the scraper keeps its schedule. A step that never
// returns is abandoned at the cycle's deadline and the next cycle runs; a site that trickles is cut off as a whole;
// SIGTERM writes what was fetched and ends the scraper within 30 s; a lost database connection is a retry, not a
// crash; and a scraper whose cycles stop finishing says so, once to the admins and at every healthcheck.

// This file's own embedded scraper lock and heartbeat (other files run cycles at the same time).
const work = mkdtempSync(path.join(tmpdir(), 'nbt-never-stuck-'));
process.env.EMBEDDED_DB_DIR = path.join(work, 'pglite');
process.env.SCRAPER_HEARTBEAT_FILE = path.join(work, 'heartbeat.json');

let database: TestDatabase;
let stop: ScraperScenario['stop'] | undefined;
let sim: RunningSimulator;
const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => sql<T>(text, params, database.url);
const STUCK_CYCLE = path.resolve('testing/stuck-cycle.ts');

beforeAll(async () => {
  ({ sim, database, stop } = await startScraperScenario('never_stuck', { seed: 36, start: '2026-11-18T15:00:00Z' }, { SOURCE_RETRIES: '0', SOURCE_TIMEOUT_MS: '5000' }));
}, 120_000);

beforeEach(() => sim.setFault('*', 'none'));

afterAll(async () => {
  await stop?.();
  rmSync(work, { recursive: true, force: true });
});

/** A process's output as it comes, and a wait for a line matching `pattern`. */
function watch(child: ChildProcess) {
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    output: () => output,
    exited,
    async waitFor(pattern: RegExp, timeoutMs: number) {
      const until = Date.now() + timeoutMs;
      while (!pattern.test(output)) {
        if (Date.now() > until) throw new Error(`no line matching ${pattern} within ${timeoutMs} ms; output:\n${output}`);
        if (child.exitCode !== null) throw new Error(`the process exited (${child.exitCode}) before ${pattern}; output:\n${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
}

const cycles = () => q<{ status: string; step: string | null; error: string | null }>('SELECT status::text, step, error FROM scraper_cycles ORDER BY id');

describe('a step that never returns', () => {
  it('holding the event loop: the cycle is abandoned at its deadline, the next runs on schedule, and SIGTERM ends the scraper cleanly', async () => {
    await q('DELETE FROM scraper_cycles');
    const marker = path.join(work, 'stuck-sync');
    const child = spawn(process.execPath, ['--import', 'tsx', 'testing/stuck-scraper.ts', '--source', 'wake_locator'], {
      env: { ...process.env, STUCK_STEP: 'forecasts', STUCK_HOW: 'sync', STUCK_MARKER: marker, SCRAPER_CYCLE_DEADLINE_MS: '12000' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const scraper = watch(child);
    try {
      await scraper.waitFor(/cycle overran its 12 s deadline \(in forecasts\): abandoning it; the next cycle runs on schedule/, 45_000);
      await scraper.waitFor(/cycle abandoned after 12 s \(in forecasts\)/, 15_000);
      // The next tick's cycle runs to its end: the scraper did not stop with the stuck one.
      await scraper.waitFor(/cycle finished: wake_locator ok/, 30_000);
    } catch (error) {
      child.kill('SIGKILL');
      throw error;
    }
    const recorded = await cycles();
    expect(recorded[0]).toMatchObject({ status: 'abandoned', step: 'forecasts', error: 'overran its 12 s deadline' });
    expect(recorded.some((c) => c.status === 'finished')).toBe(true);
    // What the stuck cycle committed before its step stayed committed: its locator run, closed as it ran.
    const runs = await q<{ status: string }>(`SELECT status::text FROM scrape_runs WHERE source = 'wake_locator' ORDER BY id`);
    expect(runs[0].status).toBe('ok');
    expect(runs.every((r) => r.status !== 'running')).toBe(true);

    const stopAt = Date.now();
    child.kill('SIGTERM');
    expect(await scraper.exited).toBe(0);
    expect(Date.now() - stopAt).toBeLessThan(30_000);
    expect(scraper.output()).not.toMatch(/^\s+at /m); // one line per event, never a stack dump
  }, 120_000);

  it('a promise that never settles: SIGTERM cannot end it, so the cycle’s process is killed after its grace', async () => {
    await q('DELETE FROM scraper_cycles');
    const lines: string[] = [];
    const cycle = startCycleProcess({
      entry: STUCK_CYCLE,
      sources: ['wake_locator'],
      deadlineMs: 12_000,
      stopGraceMs: 1_500,
      log: (line) => lines.push(line),
      env: { ...process.env, STUCK_STEP: 'forecasts', STUCK_HOW: 'async' },
    });
    const end = await cycle.done;
    expect(end).toMatchObject({ status: 'abandoned', steps: ['forecasts'] });
    expect(lines.join('\n')).toContain('the cycle did not end within 2 s of SIGTERM (in forecasts): killing it');
    expect(await cycles()).toEqual([expect.objectContaining({ status: 'abandoned', step: 'forecasts' })]);
  }, 60_000);
});

describe('a site that trickles', () => {
  it('is cut off as a whole at its window: the cycle finishes on time, and what was fetched is written', async () => {
    // Each answer held 400 ms: at Wake's 3 in flight, its ~650 products would take minutes.
    sim.setFault('/search-results', 'slow', undefined, undefined, { delayMs: 400 });
    const started = Date.now();
    const cycle = await runCycle({ sources: ['wake_inventory'], budgets: { sourceMs: 3_000, fetchMs: 5_000 } });
    expect(Date.now() - started).toBeLessThan(15_000);
    const wake = cycle.runs[0].outcome;
    expect(wake.status).toBe('partial');
    expect(wake.error).toMatch(/product\(s\) not fetched: Wake County inventory was cut off after 3 s: its pages came too slowly to finish within the cycle/);
    expect(wake.itemsSeen).toBeGreaterThan(3);
    // The answered products' shelves were written (this board's first poll: its baseline).
    const [written] = await q<{ n: number }>(`SELECT count(DISTINCT plu)::int AS n FROM board_product_polls WHERE board_id = 179`);
    expect(written.n).toBeGreaterThanOrEqual(wake.itemsSeen);
  }, 60_000);
});

describe('SIGTERM', () => {
  it('writes what was already fetched, then ends the scraper within 30 s', async () => {
    await q('DELETE FROM board_product_polls');
    sim.setFault('/search-results', 'slow', undefined, undefined, { delayMs: 300 });
    const before = sim.requests()['/search-results'] ?? 0;
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/scraper.ts', '--once', '--source', 'wake_inventory'], {
      env: process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const scraper = watch(child);
    // A dozen pages and more answered, then the signal.
    const until = Date.now() + 60_000;
    while ((sim.requests()['/search-results'] ?? 0) - before < 15 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    const stopAt = Date.now();
    child.kill('SIGTERM');
    expect(await scraper.exited).toBe(0);
    expect(Date.now() - stopAt).toBeLessThan(30_000);
    const [run] = await q<{ status: string; items_seen: number; error: string }>(
      `SELECT status::text, items_seen, error FROM scrape_runs WHERE source = 'wake_inventory' ORDER BY id DESC LIMIT 1`,
    );
    expect(run.status).toBe('partial');
    expect(run.items_seen).toBeGreaterThanOrEqual(12);
    expect(run.error).toContain('not fetched: the scraper was stopping (SIGTERM)');
    const [written] = await q<{ n: number }>(`SELECT count(DISTINCT plu)::int AS n FROM board_product_polls WHERE board_id = 179`);
    expect(written.n).toBeGreaterThanOrEqual(run.items_seen);
    expect(scraper.output()).toContain('SIGTERM: the current cycle writes what it fetched, then the scraper exits');
    expect(scraper.output()).not.toContain('This operation was aborted');
  }, 90_000);
});

describe.runIf(Boolean(process.env.TEST_PG_SERVER_URL))('a lost database connection (a Postgres server)', () => {
  const terminateOthers = async () => {
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const { rowCount } = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
    await admin.end();
    return rowCount ?? 0;
  };

  it('a statement cut by the server is tried again on a new connection', async () => {
    let attempts = 0;
    const answer = await retryOnLostConnection(
      async () => {
        attempts++;
        if (attempts === 1) {
          // (then: a Prisma query runs once it is awaited or then'd; its failure is caught at once, judged below)
          const sleeping = db.$queryRaw`SELECT pg_sleep(5)`.then(
            () => null,
            (error: unknown) => error,
          );
          await new Promise((r) => setTimeout(r, 300));
          expect(await terminateOthers()).toBeGreaterThan(0);
          const error = await sleeping;
          expect(isLostConnection(error)).toBe(true);
          throw error;
        }
        return db.$queryRaw<{ ok: number }[]>`SELECT 1 AS ok`;
      },
      { pauseMs: 200 },
    );
    expect(answer).toEqual([{ ok: 1 }]);
    expect(attempts).toBe(2);
  }, 30_000);

  it('mid-poll: no crash; the lock is taken again, the run is written and the cycle finishes', async () => {
    sim.setFault('/search-results', 'slow', undefined, undefined, { delayMs: 100 });
    const lines: string[] = [];
    const requests = () => sim.requests()['/search-results'] ?? 0;
    const before = requests();
    const cycle = runCycle({ sources: ['wake_inventory'], log: (line) => lines.push(line) });
    while (requests() - before < 10) await new Promise((r) => setTimeout(r, 50));
    expect(await terminateOthers()).toBeGreaterThan(0);
    const result = await cycle;
    expect(result.runs[0].outcome.status, result.runs[0].outcome.error ?? '').toMatch(/^(ok|partial)$/);
    expect(lines.join('\n')).toContain("the scraper lock's database connection was lost (terminating connection due to administrator command)");
    expect(lines).toContain('took the scraper lock again');
    const [open] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM scrape_runs WHERE status = 'running'`);
    expect(open.n).toBe(0);
    expect((await cycles()).at(-1)).toMatchObject({ status: 'finished' });
  }, 90_000);
});

describe('a stalled scraper', () => {
  it('health says "scraper stalled since …" once two cycles have passed without one finishing, and the status is degraded', async () => {
    await q('DELETE FROM scraper_cycles');
    // The 10:00 cycle finished at 10:05 New York time; the 10:15 and 10:30 cycles never did.
    await q(`INSERT INTO scraper_cycles (started_at, finished_at, status) VALUES ('2026-11-24T15:00:00Z', '2026-11-24T15:05:00Z', 'finished')`);
    const before = await healthReport({ staff: false, now: new Date('2026-11-24T15:44:00Z') });
    expect(before.scraper).toMatchObject({ state: 'running', stalled_since: null });
    const stalled = await healthReport({ staff: true, now: new Date('2026-11-24T15:45:00Z') });
    expect(stalled.status).toBe('degraded');
    expect(stalled.scraper).toEqual({
      state: 'stalled',
      last_cycle_finished_at: '2026-11-24T15:05:00.000Z',
      stalled_since: '2026-11-24T15:15:00.000Z',
      message: 'scraper stalled since 11/24/2026 10:15 AM: no cycle has finished since 11/24/2026 10:05 AM',
    });
    // Overnight nobody expects a cycle: the 21:00 cycle's scraper is not stalled before 07:30 the next morning.
    await q(`INSERT INTO scraper_cycles (started_at, finished_at, status) VALUES ('2026-11-25T02:00:00Z', '2026-11-25T02:04:00Z', 'finished')`);
    expect((await healthReport({ staff: false, now: new Date('2026-11-25T12:29:00Z') })).scraper?.state).toBe('running');
    expect((await healthReport({ staff: false, now: new Date('2026-11-25T12:30:00Z') })).scraper?.stalled_since).toBe('2026-11-25T12:00:00.000Z');
  });

  it('the watchdog tells the admins once per stall and its heartbeat fails the compose healthcheck', async () => {
    await q('DELETE FROM scraper_cycles');
    const admin = await newUser({ role: 'admin' });
    const service = new ScraperService({ log: () => {}, alertWorker: false, heartbeatFile: path.join(work, 'stall-heartbeat.json') });
    // Two scheduled cycles after the scraper started, and the second's interval, without a cycle finishing.
    const second = nextCycleAfter(nextCycleAfter(service.startedAt));
    const now = new Date(second.getTime() + 15 * 60_000);
    expect((await service.check(now))?.state).toBe('stalled');
    expect((await service.check(new Date(now.getTime() + 60_000)))?.state).toBe('stalled');
    const told = await q<{ n: number }>(`SELECT count(*)::int AS n FROM email_log WHERE "to" = $1 AND kind = 'scraper_stalled'`, [admin.email]);
    expect(told[0].n).toBe(1);

    const beat = JSON.parse(readFileSync(path.join(work, 'stall-heartbeat.json'), 'utf8')) as Heartbeat;
    expect(beat).toMatchObject({ pid: process.pid, state: 'stalled', stalledSince: nextCycleAfter(service.startedAt).toISOString() });
    // The heartbeat was written for a `now` ahead of the clock: the healthcheck judges it as written.
    const check = spawn(process.execPath, ['scripts/scraper-healthcheck.mjs'], {
      env: { ...process.env, SCRAPER_HEARTBEAT_FILE: path.join(work, 'stall-heartbeat.json') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const judged = watch(check);
    expect(await judged.exited).toBe(1);
    expect(judged.output()).toMatch(/^unhealthy: scraper stalled since /);
  });
});
