import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../simulator/server.ts';
import type { TestDatabase } from '../../testing/database.ts';
import { startScraperScenario, type ScraperScenario } from '../../testing/scraper-scenario.ts';
import { sql } from '../../testing/sql.ts';
import { newUser, signedIn } from '../../testing/harness.ts';
import { runCycle } from './runner.ts';
import { routeHandler } from '../../testing/api.ts';

// The routes these tests call, by their URL (lib/ does not import app/).
const health = await routeHandler('/api/health', 'GET');

// Each fault the public pages can throw at the scraper. Every time: no false arrivals, no duplicate
// rows, and the run recorded as failed or partial with the reason.

let database: TestDatabase;
let stop: ScraperScenario['stop'] | undefined;
let sim: RunningSimulator;
const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => sql<T>(text, params, database.url);
/** Called by the simulator after each request it answers (used to inject a fault mid-run). */
let onRequest: (line: string) => void = () => {};


async function snapshotCounts() {
  const [row] = await q<{ history: number; arrivals: number; inventory: string; levels: number; shipments: number }>(
    `SELECT (SELECT count(*)::int FROM inventory_history) AS history,
            (SELECT count(*)::int FROM inventory_history WHERE change_type IN ('first','increase')) AS arrivals,
            (SELECT md5(coalesce(string_agg(store_id || ':' || plu || ':' || quantity, ',' ORDER BY store_id, plu), '')) FROM store_inventory) AS inventory,
            (SELECT count(*)::int FROM warehouse_levels) AS levels,
            (SELECT count(*)::int FROM shipments) AS shipments`,
  );
  return row;
}

async function lastRun(source: string) {
  const [run] = await q<{ status: string; error: string | null; changes_written: number }>(
    `SELECT status::text, error, changes_written FROM scrape_runs WHERE source = $1 ORDER BY id DESC LIMIT 1`,
    [source],
  );
  return run;
}

beforeAll(async () => {
  ({ sim, database, stop } = await startScraperScenario(
    'faults',
    { seed: 11, start: '2026-11-17T15:00:00Z', log: (line) => onRequest(line) },
    { SOURCE_RETRIES: '1', SOURCE_TIMEOUT_MS: '800' },
  ));
  // The baseline poll of every source, so later polls have something to diff against.
  const base = await runCycle({ now: sim.world.now(), sources: ['wake_inventory', 'warehouse', 'shipments'] });
  expect(base.runs.every((r) => r.outcome.status === 'ok')).toBe(true);
}, 120_000);

beforeEach(() => sim.setFault('*', 'none'));

afterAll(async () => {
  await stop?.();
});

const later = (minutes: number) => new Date(sim.world.now().getTime() + minutes * 60_000);

describe('scraper faults', () => {
  it('a warehouse report that times out is a failed run and writes nothing', async () => {
    const before = await snapshotCounts();
    sim.setFault('/StoresBoards/Stocks', 'timeout');
    await runCycle({ now: later(1), sources: ['warehouse'] });
    expect(await lastRun('warehouse')).toMatchObject({ status: 'failed', changes_written: 0 });
    expect((await lastRun('warehouse')).error).toMatch(/no complete response within \d+ ms/);
    expect(await snapshotCounts()).toEqual(before);
  });

  it('HTTP 500 from every Wake search is a failed run, not a sell-out', async () => {
    const before = await snapshotCounts();
    sim.setFault('/search-results', 'http500');
    await runCycle({ now: later(2), sources: ['wake_inventory'] });
    const run = await lastRun('wake_inventory');
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/500/);
    expect(await snapshotCounts()).toEqual(before);
  });

  it('a warehouse table with a missing column is a parse failure, not zero rows', async () => {
    const before = await snapshotCounts();
    sim.setFault('/StoresBoards/Stocks', 'bad-html');
    await runCycle({ now: later(3), sources: ['warehouse'] });
    const run = await lastRun('warehouse');
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/column|header/i);
    expect(await snapshotCounts()).toEqual(before);
  });

  it('changed Wake markup is a failed run', async () => {
    const before = await snapshotCounts();
    sim.setFault('/search-results', 'bad-html');
    await runCycle({ now: later(4), sources: ['wake_inventory'] });
    expect((await lastRun('wake_inventory')).status).toBe('failed');
    expect(await snapshotCounts()).toEqual(before);
  });

  it('a truncated shipments extract is a failed run', async () => {
    const before = await snapshotCounts();
    sim.setFault('/Search/StockShippedData', 'truncated-json');
    await runCycle({ now: later(5), sources: ['shipments'] });
    const run = await lastRun('shipments');
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/JSON|truncat/i);
    expect(await snapshotCounts()).toEqual(before);
  });

  it('connections refused mid-run make a partial run; the failed products keep their stock', async () => {
    const before = await snapshotCounts();
    // Let 60 searches through, then refuse the next 40 connections.
    let searches = 0;
    onRequest = (line) => {
      if (line.includes('/search-results') && ++searches === 60) sim.setFault('/search-results', 'refuse', 40);
    };
    await runCycle({ now: later(6), sources: ['wake_inventory'] });
    onRequest = () => {};
    const run = await lastRun('wake_inventory');
    expect(run.status).toBe('partial');
    expect(run.error).toMatch(/failed/);
    // Nothing changed in the world between polls, so nothing may be written: refused products are not sold out.
    const after = await snapshotCounts();
    expect(after.arrivals).toBe(before.arrivals);
    expect(after.inventory).toBe(before.inventory);
  });

  it.runIf(Boolean(process.env.TEST_PG_SERVER_URL))('two runners at once: the second skips (Postgres advisory lock)', async () => {
    sim.setFault('/search-results', 'none');
    const [a, b] = await Promise.all([
      runCycle({ now: later(7), sources: ['wake_inventory'] }),
      new Promise((r) => setTimeout(r, 150)).then(() => runCycle({ now: later(7), sources: ['wake_inventory'] })),
    ]);
    expect([a.skipped, b.skipped].sort()).toEqual([false, true]);
  });

  it('a scraper killed mid-run leaves no partial writes; the next health read closes its run as interrupted; the next run carries on', async () => {
    const before = await snapshotCounts();
    sim.setFault('/search-results', 'timeout');
    // `node --import tsx` (not the tsx CLI, which runs the script in a grandchild) so the kill hits the scraper itself.
    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('scripts/scraper.ts'), '--once', '--source', 'wake_inventory'], {
      env: { ...process.env, DATABASE_URL: database.url, SOURCE_TIMEOUT_MS: '30000' },
      stdio: 'ignore',
    });
    // Wait until its run is recorded as running, then kill it without warning.
    for (let i = 0; i < 100; i++) {
      const [row] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM scrape_runs WHERE status = 'running'`);
      if (row.n > 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    // While the scraper lives, a health read leaves its run alone.
    const { browser: staff } = await signedIn(await newUser({ role: 'admin' }));
    const wake = async () => (await staff.call(health, '/api/health')).json.scrapers.find((s: { source: string }) => s.source === 'wake_inventory');
    expect(await wake()).toMatchObject({ status: 'running' });

    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    expect(await snapshotCounts()).toEqual(before);

    // The next health read closes the dead run (as soon as the server has dropped the killed session's lock).
    const killedAt = Date.now();
    let seen = await wake();
    while (seen.status === 'running' && Date.now() - killedAt < 10_000) {
      await new Promise((r) => setTimeout(r, 100));
      seen = await wake();
    }
    expect(seen).toMatchObject({ status: 'failed', error: expect.stringMatching(/^interrupted: the scraper stopped before this run finished/) });

    sim.setFault('/search-results', 'none');
    await runCycle({ now: later(8), sources: ['wake_inventory'] });
    const runs = await q<{ status: string; error: string | null }>(
      `SELECT status::text, error FROM scrape_runs WHERE source = 'wake_inventory' ORDER BY id DESC LIMIT 2`,
    );
    expect(runs[0].status).toBe('ok');
    expect(runs[1]).toMatchObject({ status: 'failed' });
    expect(runs[1].error).toMatch(/^interrupted/);
    const [dupes] = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT store_id, plu, checked_at FROM inventory_history GROUP BY 1, 2, 3 HAVING count(*) > 1) d`,
    );
    expect(dupes.n).toBe(0);
  });
});
