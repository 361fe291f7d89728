import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as addStore } from './route.ts';
import { GET as health } from '../../health/route.ts';
import { runCycle } from '../../../../lib/ingest/runner.ts';
import type { RunningSimulator } from '../../../../simulator/server.ts';
import type { TestDatabase } from '../../../../testing/database.ts';
import { expectClientError, newUser, signedIn, type TestClient } from '../../../../testing/harness.ts';
import { startScraperScenario, type ScraperScenario } from '../../../../testing/scraper-scenario.ts';
import { sql } from '../../../../testing/sql.ts';
import type { StaffHealth } from '../../../../lib/ops/health.ts';

// A store Greensboro opened after our reference data was taken: its location reads as an unmatched line on
// every poll (never a zero), staff see it on /admin's Data sources, an admin adds it, and from the next poll
// on its shelf is followed — its first poll a baseline, the run whole again. Real scraper, simulator, API.

let database: TestDatabase;
let sim: RunningSimulator;
let stop: ScraperScenario['stop'] | undefined;
const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => sql<T>(text, params, database.url);
const NEW_STORE = { internalid: 125, name: 'Store 19', address1: '4400 Landmark Center Blvd', city: 'Greensboro' };

beforeAll(async () => {
  // Monday 16 Nov 2026, 07:00 New York.
  ({ sim, database, stop } = await startScraperScenario('newstore', { seed: 11, start: '2026-11-16T12:00:00Z' }));
}, 120_000);

afterAll(async () => {
  await stop?.();
});

const post = (browser: TestClient, body: unknown, options: { noXhr?: boolean } = {}) =>
  browser.call(addStore, '/api/admin/stores', { method: 'POST', body, ...options });

async function newLocations(browser: TestClient) {
  const res = await browser.call(health, '/api/health');
  const greensboro = (res.json as StaffHealth).scrapers.find((s) => s.source === 'greensboro_inventory');
  return greensboro?.new_locations ?? [];
}

describe('adding a store a board opened', () => {
  it('a new Greensboro location is listed for staff, added by an admin, and followed from the next poll', async () => {
    const baseline = await runCycle({ now: sim.world.now(), sources: ['greensboro_inventory'] });
    expect(baseline.runs[0].outcome.status).toBe('ok');

    sim.world.addGreensboroLocation(NEW_STORE);
    sim.world.advance(15 * 60_000);
    const unread = await runCycle({ now: sim.world.now(), sources: ['greensboro_inventory'] });
    expect(unread.runs[0].outcome.status).toBe('partial');
    expect(unread.runs[0].outcome.error).toMatch(/matched no known store/);

    const { browser: admin } = await signedIn(await newUser({ role: 'admin' }));
    expect(await newLocations(admin)).toEqual([
      { board_id: 58, location_id: '125', name: 'Store 19', address: '4400 Landmark Center Blvd', city: 'Greensboro' },
    ]);

    // Staff only, with proof that the request comes from our own pages; clear 4xx for what cannot be added.
    const { browser: hunter } = await signedIn();
    expectClientError(await post(hunter, { boardId: 58, locationId: '125' }), 403);
    expectClientError(await post(admin, { boardId: 58, locationId: '125' }, { noXhr: true }), 403);
    expectClientError(await post(admin, { boardId: 58 }), 400);
    expectClientError(await post(admin, { boardId: 58, locationId: 'abc' }), 400);
    expectClientError(await post(admin, { boardId: 78, locationId: '125' }), 400);
    expectClientError(await post(admin, { boardId: 999, locationId: '125' }), 404);
    expectClientError(await post(admin, { boardId: 58, locationId: '27' }), 404);
    expect(await q(`SELECT 1 FROM stores WHERE board_id = 58 AND source_store_key = '125'`)).toEqual([]);

    const added = await post(admin, { boardId: 58, locationId: '125' });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    const store = (added.json as { store: { id: number; store_number: number; nickname: string; source_store_key: string } }).store;
    expect(store).toMatchObject({ nickname: '4400 Landmark Center Blvd', source_store_key: '125', mixed_beverage: false });
    expect(store.store_number).toBe(17); // after the 16 stores of the reference data
    expectClientError(await post(admin, { boardId: 58, locationId: '125' }), 409);
    expect(await newLocations(admin)).toEqual([]);
    const [audit] = await q<{ action: string }>(`SELECT action FROM audit_log WHERE action = 'store_added'`);
    expect(audit).toEqual({ action: 'store_added' });

    // The next poll reads the location as that store: its baseline (no history), and the run is whole again.
    sim.world.advance(15 * 60_000);
    const followed = await runCycle({ now: sim.world.now(), sources: ['greensboro_inventory'] });
    expect(followed.runs[0].outcome).toMatchObject({ status: 'ok', error: null });
    expect(followed.runs[0].outcome.details).toMatchObject({ baselineStores: 1, unmatchedLines: 0 });
    const [row] = await q<{ first_polled_at: Date | null; history: number }>(
      `SELECT first_polled_at, (SELECT count(*)::int FROM inventory_history WHERE store_id = $1) AS history FROM stores WHERE id = $1`,
      [store.id],
    );
    expect(row.first_polled_at).not.toBeNull();
    expect(row.history).toBe(0);
  }, 120_000);
});
