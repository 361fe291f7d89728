import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disconnectDb, setDatabaseUrl } from '@/lib/db/index';
import { healthReport } from '@/lib/ops/health';
import { TestClient } from '@/testing/api';
import { createTestDatabase, type TestDatabase } from '@/testing/database';
import { sql as sqlOn } from '@/testing/sql';
import type { Role } from '@/generated/prisma/enums';
import { GET as health } from './route';
import { newUser, signedIn } from '@/testing/harness';

// GET /api/health: anyone learns up or down and how fresh each source is; raw database and scraper error
// text only reaches signed-in staff. On a database of its own (the scrape runs are arranged here).

let database: TestDatabase;
const sql = (text: string, params: unknown[] = []) => sqlOn(text, params, database.url);

const SCRAPER_ERROR = 'fetch https://abc2.nc.gov/warehouse failed: connect ECONNREFUSED 10.20.30.40:443';
// Wake's inventory and locator, the Commission's warehouse report and shipments, then each other covered board's shelves.
const SOURCES = ['wake_inventory', 'wake_locator', 'warehouse', 'shipments', 'price_list', 'allocated_list', 'durham_inventory', 'greensboro_inventory', 'new_hanover_inventory'];
const UNMATCHED = { unmatchedLines: 2, unmatchedAddresses: [{ plu: '27090', address: '7200 Sandy Forks Road', reason: 'unknown' }] };

beforeAll(async () => {
  database = await createTestDatabase('health');
  process.env.DATABASE_URL = database.url;
  await setDatabaseUrl(database.url);
  // A little reference data (without it the service is degraded: the scraper could do nothing).
  await sql(`INSERT INTO boards (id, name, name_clean) VALUES (179, 'Wake County ABC Board', 'Wake County'), (78, 'Durham County ABC Board', 'Durham County'),
             (58, 'Greensboro ABC Board', 'Greensboro'), (135, 'New Hanover County ABC Board', 'New Hanover County')`);
  // The boards whose shelves are read (as prisma/seed-data/board-sources.json loads them): each is a source.
  await sql(`INSERT INTO board_sources (key, board_id, platform, base_url, store_key, poll_minutes, concurrency, delay_ms) VALUES
    ('wake_inventory', 179, 'wake', 'https://wakeabc.com', 'address', 15, 3, 1000),
    ('durham_inventory', 78, 'durham', 'https://durhamabc.com', 'address', 240, 2, 2000),
    ('greensboro_inventory', 58, 'suitecommerce', 'https://shop.greensboroabc.com', 'location_id', 240, 2, 2000),
    ('new_hanover_inventory', 135, 'abcgo', 'https://nh.abcgo.app', 'address', 240, 2, 2000)`);
  await sql(`INSERT INTO stores (board_id, store_number, nickname, address, address_key, city, region) VALUES (179, 1, 'Sandy Fork', '7200 Sandy Fork Rd.', '7200 sandy fork rd', 'Raleigh', 'North')`);
  await sql(`INSERT INTO products (plu, name, listing_type, updated_at) VALUES ('27090', 'Blanton''s Single Barrel', 'Allocation', now())`);
  // warehouse: an ok run 90 minutes ago, then a failed one; shipments: only a failed run; wake_locator: never run.
  await sql(`INSERT INTO scrape_runs (source, started_at, finished_at, status, items_seen, changes_written, error, details) VALUES
    ('wake_inventory', now() - interval '16 minutes', now() - interval '15 minutes', 'ok', 4120, 37, NULL, $2),
    ('warehouse', now() - interval '91 minutes', now() - interval '90 minutes', 'ok', 900, 12, NULL, NULL),
    ('warehouse', now() - interval '20 minutes', now() - interval '19 minutes', 'failed', 0, 0, $1, NULL),
    ('shipments', now() - interval '5 minutes', now() - interval '4 minutes', 'failed', 0, 0, $1, NULL)`, [SCRAPER_ERROR, JSON.stringify(UNMATCHED)]);
});

afterAll(async () => {
  await disconnectDb();
  await database?.drop();
});

async function as(role: Role | null) {
  const browser = new TestClient();
  if (!role) return browser;
  return (await signedIn(await newUser({ role }))).browser;
}

const bySource = (scrapers: { source: string }[]) => Object.fromEntries(scrapers.map((s) => [s.source, s])) as Record<string, Record<string, unknown>>;

describe('GET /api/health', () => {
  it.each([
    ['a visitor', null],
    ['a signed-in user', 'user'],
  ] as const)('tells %s up or down and how fresh each source is, without any error text', async (_who, role) => {
    const res = await (await as(role)).call(health, '/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(res.json).sort()).toEqual(['database', 'reference_data', 'scraper', 'scrapers', 'status', 'view']);
    // Whether the scraper keeps up: no cycle recorded here (lib/ingest/never-stuck.db.test.ts stalls one).
    expect(res.json.scraper).toEqual({ state: 'never_run', last_cycle_finished_at: null, stalled_since: null, message: 'no scraper cycle has run yet' });
    expect(res.json).toMatchObject({ view: 'public', status: 'ok', database: { reachable: true }, reference_data: { boards: 4, stores: 1, products: 1 } });
    expect(Object.keys(res.json.database).sort()).toEqual(['reachable', 'set_up_as']);
    expect(res.json.scrapers.map((s: { source: string }) => s.source)).toEqual(SOURCES);
    for (const s of res.json.scrapers) {
      expect(Object.keys(s).sort()).toEqual(['board_id', 'last_run_at', 'last_success_at', 'minutes_since_success', 'source', 'status']);
    }
    const sources = bySource(res.json.scrapers);
    expect(sources.wake_inventory).toMatchObject({ status: 'ok', minutes_since_success: 15 });
    // The latest warehouse run failed: the data is as old as the last success, 90 minutes.
    expect(sources.warehouse).toMatchObject({ status: 'failed', minutes_since_success: 90 });
    expect(sources.shipments).toMatchObject({ status: 'failed', last_success_at: null, minutes_since_success: null });
    expect(sources.wake_locator).toEqual({ source: 'wake_locator', board_id: 179, status: null, last_run_at: null, last_success_at: null, minutes_since_success: null });
    expect(JSON.stringify(res.json)).not.toContain('ECONNREFUSED');
    expect(JSON.stringify(res.json)).not.toContain('abc2.nc.gov');
    expect(JSON.stringify(res.json)).not.toContain('Sandy Forks');
  });

  it.each(['admin', 'power_user'] as const)('shows %s the error texts and run details', async (role) => {
    const res = await (await as(role)).call(health, '/api/health');
    expect(res.status).toBe(200);
    expect(res.json.view).toBe('staff');
    expect(res.json.database).toMatchObject({ reachable: true, error: null });
    expect(typeof res.json.database.latency_ms).toBe('number');
    expect(res.json.database.change_feed).toBe('off'); // tests read the database every time (lib/db/changes.ts)
    const sources = bySource(res.json.scrapers);
    expect(sources.warehouse).toMatchObject({ status: 'failed', error: SCRAPER_ERROR, items_seen: 0, minutes_since_success: 90 });
    expect(sources.wake_inventory).toMatchObject({ status: 'ok', error: null, items_seen: 4120, changes_written: 37 });
    expect(sources.wake_inventory.unmatched_store_lines).toEqual({ count: 2, examples: UNMATCHED.unmatchedAddresses });
    expect(sources.warehouse).not.toHaveProperty('unmatched_store_lines');
    expect(typeof sources.wake_inventory.started_at).toBe('string');
  });

  it("gives staff today's shipments extract: late past 12:30 New York time without one, complete once read", async () => {
    await sql(`INSERT INTO shipment_days (ship_date, covers_from, status, first_extracted_at, last_extracted_at, records, missing_board_ids)
               VALUES ('2026-11-23', '2026-11-23', 'complete', now(), now(), 2, '{}')`);
    try {
      const late = await healthReport({ staff: true, now: new Date('2026-11-24T18:00:00Z') }); // 13:00 in New York
      expect(late.view === 'staff' && late.shipments_extract).toEqual({
        date: '2026-11-24',
        status: 'late',
        note: 'The shipment report for 11/24 is late — shipments that day will show up when it comes.',
      });
      const read = await healthReport({ staff: true, now: new Date('2026-11-23T18:00:00Z') });
      expect(read.view === 'staff' && read.shipments_extract).toEqual({ date: '2026-11-23', status: 'complete', note: null });
      expect(await healthReport({ staff: false })).not.toHaveProperty('shipments_extract');
      // Now, after the failed shipments run of the fixture (and none that read an extract): today's note says so.
      const failing = await healthReport({ staff: true });
      expect(failing.view === 'staff' && failing.shipments_extract?.note).toContain("The state's shipment report could not be read since ");
    } finally {
      await sql(`DELETE FROM shipment_days`);
    }
  });

  it('answers 503 with the public view when the database cannot be reached, a session cookie notwithstanding', async () => {
    const admin = await as('admin');
    await setDatabaseUrl('postgresql://postgres@127.0.0.1:1/nowhere');
    try {
      const res = await admin.call(health, '/api/health');
      expect(res.status).toBe(503);
      expect(res.json).toEqual({ view: 'public', status: 'degraded', database: { reachable: false }, scrapers: [] });
      // Staff would get the driver's message (when their session could be read).
      const staff = await healthReport({ staff: true });
      expect(staff).toMatchObject({ view: 'staff', status: 'degraded', database: { reachable: false, latency_ms: null } });
      expect((staff.database as { error?: unknown }).error).toEqual(expect.any(String));
    } finally {
      await setDatabaseUrl(database.url);
    }
  });
});
