import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, disconnectDb, setDatabaseUrl } from '../db/index.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/database.ts';
import { sql } from '../../testing/sql.ts';
import { seedDatabase } from '../../demo/index.ts';
import { claimForDemo, claimForDeployment, DemoRefusedError, readOrigin } from './origin.ts';
import { loadReferenceData } from './reference.ts';
import { refreshReferenceData, upsertBoardSources, upsertReference } from './refresh.ts';
import { loadBoardSources } from './board-sources.ts';
import { boardProductsToPoll, huntedAndWatchedPlus, productsToPoll } from '../ingest/tiers.ts';
import { listDefaultProducts } from '../watchlist/default-products.ts';

// The reference data's life cycle on a deployment: `npm run db:migrate` / `npm start` load the real
// boards, stores and catalog, refresh them on every run without undoing what the scraper learned, and
// record the database as a deployment's, which demo mode then never writes into.

let database: TestDatabase;
const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => sql<T>(text, params, database.url);
const count = async (table: string) => (await q<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0].n;

/** Row count and an md5 of every row of the given tables: any insert, update or delete changes it. */
async function snapshot(tables: string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const t of tables) {
    const [row] = await q<{ s: string }>(`SELECT count(*) || ':' || md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) AS s FROM ${t} t`);
    out[t] = row.s;
  }
  return out;
}

const EVERYTHING = ['boards', 'stores', 'products', 'users', 'scrape_runs', 'store_inventory', 'inventory_history', 'warehouse_levels', 'shipments', 'database_origin'];

beforeAll(async () => {
  database = await createTestDatabase('refresh');
  await setDatabaseUrl(database.url);
});

afterAll(async () => {
  await disconnectDb();
  await database?.drop();
});

describe('reference data on a deployment', () => {
  it('loads the real boards, stores and catalog into an empty database, and nothing else', async () => {
    const first = await refreshReferenceData({ claimDeployment: true, setUpBy: 'db:migrate' });
    // Every store in the locator: Wake's 28 and 437 of 171 other boards (Catawba Tribal has none).
    expect(first.counts).toEqual({ boards: 173, stores: 465, products: 3241 });
    expect(first.changes).toEqual({ boards: 173, stores: 465, products: 3241, storesFilled: 0, productsFilled: 0 });
    expect(await q(`SELECT count(DISTINCT board_id)::int AS boards, count(*) FILTER (WHERE mixed_beverage)::int AS outlets FROM stores`)).toEqual([
      { boards: 172, outlets: 10 },
    ]);
    // Wake's stores come first, so a fresh database numbers them 1-28 like their store numbers; then the boards
    // loaded before every board was, at the ids they always had (tests, the e2e data and the bench use them).
    expect(
      await q(`SELECT board_id, min(id)::int AS lo, max(id)::int AS hi, count(*)::int AS stores, count(*) FILTER (WHERE mixed_beverage)::int AS outlets,
                      count(source_store_key)::int AS keyed
               FROM stores WHERE id <= 65 GROUP BY board_id ORDER BY min(id)`),
    ).toEqual([
      { board_id: 179, lo: 1, hi: 28, stores: 28, outlets: 1, keyed: 0 },
      { board_id: 78, lo: 29, hi: 38, stores: 10, outlets: 0, keyed: 0 },
      { board_id: 58, lo: 39, hi: 54, stores: 16, outlets: 1, keyed: 16 },
      { board_id: 135, lo: 55, hi: 65, stores: 11, outlets: 2, keyed: 0 },
    ]);
    expect(await q(`SELECT address, mixed_beverage FROM stores WHERE board_id = 58 AND source_store_key = '27'`)).toEqual([
      { address: '2731 Ring Rd, Greensboro, NC 27405', mixed_beverage: false },
    ]);
    expect(first.origin).toMatchObject({ purpose: 'deployment', setUpBy: 'db:migrate' });
    for (const table of ['users', 'scrape_runs', 'store_inventory', 'inventory_history', 'warehouse_levels', 'shipments']) {
      expect(await count(table), `${table} stays empty: nothing is generated`).toBe(0);
    }
    // The catalog's own "Unknown" rows are ordinary products, not new releases.
    expect(await q(`SELECT plu, listing_type::text FROM products WHERE plu IN ('51518', '23076') ORDER BY plu`)).toEqual([
      { plu: '23076', listing_type: 'Listed' },
      { plu: '51518', listing_type: 'Listed' },
    ]);
    expect(await count(`products WHERE listing_type = 'Unknown'`), 'no new release before the scraper finds one').toBe(0);
    // No store has been polled: first_polled_at and the last delivery are the scraper's to set, and so is a
    // delivery pattern: none is invented (docs/decisions/030).
    expect(await count('stores WHERE first_polled_at IS NOT NULL OR last_delivery_date IS NOT NULL')).toBe(0);
    expect(await count('stores WHERE delivery_day IS NOT NULL OR delivery_interval_days IS NOT NULL'), 'no delivery pattern before the scraper learns one').toBe(0);
  });

  it('refreshes without changing what the scraper learned, and fills only what is missing', async () => {
    // What the scraper writes over time: the warehouse report's listing type, a name and price from the
    // pages, phone and hours from the store locator, the first poll, a delivery pattern, a new product.
    await q(`UPDATE products SET listing_type = 'Allocation', name = 'Renamed By The Warehouse Report', retail_price = 123.45 WHERE plu = '27090'`);
    await q(`UPDATE stores SET phone = '(919) 555-0100', hours = 'Mon-Sat 9-9', first_polled_at = '2026-11-02T12:00:00Z',
             delivery_day = 'Thursday', delivery_interval_days = 14, last_delivery_date = '2026-11-19' WHERE board_id = 179 AND store_number = 1`);
    // A Greensboro location id learned from the storefront's locator, and one the database lost.
    await q(`UPDATE stores SET source_store_key = '127' WHERE board_id = 58 AND address_key = '2731 ring rd'`);
    await q(`UPDATE stores SET source_store_key = NULL WHERE board_id = 58 AND address_key = '3707 battleground ave'`);
    await q(`INSERT INTO products (plu, name, listing_type, updated_at) VALUES ('99999', 'New On The Shipments Extract', 'Barrel', now())`);
    // A product the catalog has and the database lost, and a column emptied: both come back.
    await q(`DELETE FROM products WHERE plu = '17742'`);
    await q(`UPDATE products SET supplier = NULL WHERE plu = '27090'`);

    // A database loaded before 2026-12-01 has the catalog's "Unknown" rows as new releases; one the
    // warehouse report has classified since keeps its type.
    await q(`UPDATE products SET listing_type = 'Unknown' WHERE plu = '51518'`);
    await q(`UPDATE products SET listing_type = 'Limited' WHERE plu = '23076'`);

    const again = await refreshReferenceData({ claimDeployment: true, setUpBy: 'npm start' });
    expect(again.changes).toEqual({ boards: 0, stores: 0, products: 1, storesFilled: 1, productsFilled: 2 });
    expect(await q(`SELECT plu, listing_type::text FROM products WHERE plu IN ('51518', '23076') ORDER BY plu`)).toEqual([
      { plu: '23076', listing_type: 'Limited' },
      { plu: '51518', listing_type: 'Listed' },
    ]);
    expect(again.origin).toMatchObject({ purpose: 'deployment', setUpBy: 'db:migrate' }); // set once, never changed

    expect(await q(`SELECT listing_type::text, name, retail_price::text AS price, supplier IS NOT NULL AS has_supplier FROM products WHERE plu = '27090'`)).toEqual([
      { listing_type: 'Allocation', name: 'Renamed By The Warehouse Report', price: '123.45', has_supplier: true },
    ]);
    expect(await q(`SELECT phone, hours, first_polled_at, delivery_day, delivery_interval_days FROM stores WHERE board_id = 179 AND store_number = 1`)).toEqual([
      { phone: '(919) 555-0100', hours: 'Mon-Sat 9-9', first_polled_at: new Date('2026-11-02T12:00:00Z'), delivery_day: 'Thursday', delivery_interval_days: 14 },
    ]);
    // The learned pattern is the only one: the refresh fills no other store's.
    expect(await count('stores WHERE delivery_day IS NOT NULL OR delivery_interval_days IS NOT NULL')).toBe(1);
    expect(await q(`SELECT address_key, source_store_key FROM stores WHERE board_id = 58 AND address_key IN ('2731 ring rd', '3707 battleground ave') ORDER BY address_key`)).toEqual([
      { address_key: '2731 ring rd', source_store_key: '127' }, // learned: kept
      { address_key: '3707 battleground ave', source_store_key: '25' }, // lost: filled again
    ]);
    expect(await q(`SELECT name, listing_type::text FROM products WHERE plu IN ('99999', '17742') ORDER BY plu`)).toEqual([
      { name: expect.stringMatching(/\S/), listing_type: expect.any(String) },
      { name: 'New On The Shipments Extract', listing_type: 'Barrel' },
    ]);

    // Up to date now: a third run changes no row.
    const before = await snapshot(EVERYTHING);
    const third = await refreshReferenceData({ claimDeployment: true, setUpBy: 'npm start' });
    expect(third.changes).toEqual({ boards: 0, stores: 0, products: 0, storesFilled: 0, productsFilled: 0 });
    expect(await snapshot(EVERYTHING)).toEqual(before);
  });

  it('a catalog row that says Unknown is not news: not polled every cycle, not on the default watchlist', async () => {
    const at = new Date('2026-11-16T15:00:00Z');
    expect((await productsToPoll(at)).hot).not.toContain('51518');
    expect(await huntedAndWatchedPlus()).not.toContain('51518');
    expect((await listDefaultProducts()).map((p) => p.plu)).not.toContain('51518');
    // A PLU the catalog did not know is news, whatever type it came with.
    await q(`INSERT INTO products (plu, name, listing_type, updated_at) VALUES ('99998', 'Learned From A Page', 'Unknown', now())`);
    expect((await productsToPoll(at)).hot).toContain('99998');
    expect(await huntedAndWatchedPlus()).toContain('99998');
    await q(`DELETE FROM products WHERE plu = '99998'`);
    // A board beyond Wake also asks about whatever its stores hold, so no stock stays there unasked.
    const [durham] = await q<{ id: number }>(`SELECT id FROM stores WHERE board_id = 78 ORDER BY id LIMIT 1`);
    await q(`INSERT INTO store_inventory (store_id, plu, quantity, last_updated) VALUES ($1, '51518', 2, now())`, [durham.id]);
    expect(await boardProductsToPoll(78, at)).toContain('51518');
    expect(await boardProductsToPoll(58, at)).not.toContain('51518');
    await q(`DELETE FROM store_inventory WHERE plu = '51518'`);
  });

  it('is never touched by demo generation', async () => {
    const before = await snapshot(EVERYTHING);
    await expect(seedDatabase({ now: new Date('2026-11-20T17:00:00Z') })).rejects.toThrow(DemoRefusedError);
    await expect(seedDatabase({ history: false, demoUsers: true })).rejects.toThrow(/set up as a deployment \(by db:migrate/);
    expect(await snapshot(EVERYTHING)).toEqual(before);
    // Reference data alone is still welcome (what tests and benchmarks use).
    await seedDatabase({ history: false });
    expect(await snapshot(EVERYTHING)).toEqual(before);
  });

  it('takes the board sources as board-sources.json says: a changed value is the file\'s, a key it no longer has is disabled, never deleted', async () => {
    const rows = () => q<{ key: string; board_id: number; platform: string; poll_minutes: number; enabled: boolean }>(
      'SELECT key, board_id, platform, poll_minutes, enabled FROM board_sources ORDER BY key');
    expect(await rows()).toEqual([
      { key: 'durham_inventory', board_id: 78, platform: 'durham', poll_minutes: 240, enabled: true },
      { key: 'greensboro_inventory', board_id: 58, platform: 'suitecommerce', poll_minutes: 240, enabled: true },
      { key: 'new_hanover_inventory', board_id: 135, platform: 'abcgo', poll_minutes: 240, enabled: true },
      { key: 'wake_inventory', board_id: 179, platform: 'wake', poll_minutes: 15, enabled: true },
    ]);
    const file = loadBoardSources(new Set((await q<{ id: number }>('SELECT id FROM boards')).map((b) => b.id)));
    const changed = file.filter((e) => e.key !== 'new_hanover_inventory').map((e) => (e.key === 'durham_inventory' ? { ...e, pollMinutes: 60 } : e));
    await db.$transaction((tx) => upsertBoardSources(tx, changed));
    expect((await rows()).map((r) => [r.key, r.poll_minutes, r.enabled])).toEqual([
      ['durham_inventory', 60, true],
      ['greensboro_inventory', 240, true],
      ['new_hanover_inventory', 240, false],
      ['wake_inventory', 15, true],
    ]);
    // The next refresh puts the file back: the key is enabled again, the value is the file's.
    await refreshReferenceData();
    expect((await rows()).every((r) => r.enabled)).toBe(true);
    expect((await rows()).find((r) => r.key === 'durham_inventory')?.poll_minutes).toBe(240);
    expect(await db.$transaction((tx) => upsertBoardSources(tx, file))).toBe(0); // up to date: no row written
  });
});

describe('demo mode claims only a database it set up', () => {
  const claim = (kind: 'demo' | 'deployment') =>
    db.$transaction((tx) => (kind === 'demo' ? claimForDemo(tx, 'test') : claimForDeployment(tx, 'test')));
  const reset = () => q('TRUNCATE database_origin, scrape_runs, users CASCADE');

  it('claims a database that holds nothing but reference data', async () => {
    await reset();
    expect(await claim('demo')).toMatchObject({ purpose: 'demo', setUpBy: 'test' });
    // A deployment's start afterwards serves it as the demo it is.
    expect(await claim('deployment')).toMatchObject({ purpose: 'demo' });
  });

  it('refuses a database with scraper runs or users of its own', async () => {
    await reset();
    await q(`INSERT INTO scrape_runs (source, status) VALUES ('warehouse', 'ok')`);
    await expect(claim('demo')).rejects.toThrow(/not set up by demo mode and already holds data \(scrape_runs 1\)/);
    expect(await readOrigin(db)).toBeNull();
  });

  it('adopts a demo database from before origins were recorded (it has the demo accounts)', async () => {
    await reset();
    await q(`INSERT INTO scrape_runs (source, status) VALUES ('warehouse', 'ok')`);
    await q(`INSERT INTO users (email, password_hash, first_name, last_name, updated_at) VALUES ('admin@demo.local', 'x', 'Alex', 'Admin', now())`);
    expect(await claim('demo')).toMatchObject({ purpose: 'demo' });
  });
});

describe('a database loaded before every board was (65 stores)', () => {
  let old: TestDatabase;
  const oq = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => sql<T>(text, params, old.url);

  beforeAll(async () => {
    old = await createTestDatabase('refresh_old');
    await setDatabaseUrl(old.url);
    // What db:migrate loaded until issue 24: Wake's stores and the 37 of Durham, Greensboro and New Hanover,
    // which board-stores.json still lists first, in the same order (lib/reference/reference.test.ts).
    const ref = loadReferenceData();
    await db.$transaction((tx) => upsertReference(tx, { ...ref, boardStores: ref.boardStores.slice(0, 37) }));
  });

  afterAll(async () => {
    await disconnectDb();
    await old?.drop();
  });

  it('gets the 400 missing stores on the next db:migrate, and keeps the 65 as they were, ids included', async () => {
    expect(await oq(`SELECT count(*)::int AS n FROM stores`)).toEqual([{ n: 65 }]);
    // What the scraper learned at the old stores since: polls, stock, a Greensboro location id, a phone.
    await oq(`UPDATE stores SET first_polled_at = '2026-11-02T12:00:00Z'`);
    await oq(`UPDATE stores SET source_store_key = '127' WHERE board_id = 58 AND address_key = '2731 ring rd'`);
    await oq(`UPDATE stores SET phone = '(919) 555-0100' WHERE board_id = 78 AND store_number = 1`);
    await oq(`INSERT INTO store_inventory (store_id, plu, quantity, last_updated) VALUES (40, '27090', 3, now()), (60, '27090', 1, now())`);
    const before = await oq<{ rows: string }>(`SELECT string_agg(s::text, E'\\n' ORDER BY s.id) AS rows FROM stores s`);

    const refreshed = await refreshReferenceData({ claimDeployment: true, setUpBy: 'db:migrate' });
    expect(refreshed.changes).toEqual({ boards: 0, stores: 400, products: 0, storesFilled: 0, productsFilled: 0 });
    expect(refreshed.counts.stores).toBe(465);

    expect(await oq<{ rows: string }>(`SELECT string_agg(s::text, E'\\n' ORDER BY s.id) AS rows FROM stores s WHERE id <= 65`)).toEqual(before);
    // The new stores are those of the boards whose shelves are not read, after the old ids, never polled, holding nothing.
    expect(
      await oq(`SELECT min(id)::int AS lo, max(id)::int AS hi, count(*)::int AS n, count(DISTINCT board_id)::int AS boards,
                       count(*) FILTER (WHERE board_id IN (179, 78, 58, 135))::int AS shelf_boards,
                       count(first_polled_at)::int AS polled,
                       (SELECT count(*)::int FROM store_inventory si WHERE si.store_id > 65) AS stock
                FROM stores WHERE id > 65`),
    ).toEqual([{ lo: 66, hi: 465, n: 400, boards: 168, shelf_boards: 0, polled: 0, stock: 0 }]);
    expect(await oq(`SELECT count(*)::int AS n FROM store_inventory`)).toEqual([{ n: 2 }]);

    const again = await refreshReferenceData({ claimDeployment: true, setUpBy: 'npm start' });
    expect(again.changes).toEqual({ boards: 0, stores: 0, products: 0, storesFilled: 0, productsFilled: 0 });
  });
});
