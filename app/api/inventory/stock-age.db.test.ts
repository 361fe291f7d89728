import { beforeAll, describe, expect, it } from 'vitest';
import { GET as allocatedRoute } from './allocated-current/route.ts';
import { GET as productStoresRoute } from './product/[plu]/stores/route.ts';
import { GET as whereRoute } from './product/[plu]/where/route.ts';
import { GET as storeInventoryRoute } from '../stores/[storeId]/inventory/route.ts';
import { env } from '../../../lib/env.ts';
import { query, signedIn, withTestDatabase, type TestClient } from '../../../scripts/testing/harness.ts';
import { productStores } from '../../../lib/reports/inventory.ts';

// How old each number is (lib/reports/stock-age.ts), as hunters read it: stock the board confirmed at its
// latest ask is current; stock it was asked about since and did not confirm says "last seen …"; stock not
// confirmed for STOCK_UNKNOWN_AFTER_MINUTES is unknown: not counted, not shown as in stock, listed apart
// with the bottles last seen. Never a zero without evidence.

withTestDatabase('reference', 'stock_age');

const NOW = new Date();
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);
const iso = (minutes: number) => ago(minutes).toISOString();
const WAKE = 179;
/** Four Allocation products of the catalog, each in its own state at Wake. */
const [CURRENT, LAST_SEEN, UNKNOWN, PARTIAL] = ['27090', '17892', '18363', '20595'];
let store: number[];
let browser: TestClient;

beforeAll(async () => {
  ({ browser } = await signedIn());
  store = (await query<{ id: number }>('SELECT id FROM stores WHERE board_id = $1 AND NOT mixed_beverage ORDER BY id LIMIT 3', [WAKE])).map((s) => s.id);
  await query(`UPDATE products SET listing_type = 'Allocation' WHERE plu = $1`, [PARTIAL]);
  const cell = (storeId: number, plu: string, quantity: number, changedMinutesAgo: number, confirmedMinutesAgo: number | null = null) =>
    query('INSERT INTO store_inventory (store_id, plu, quantity, last_updated, confirmed_at) VALUES ($1, $2, $3, $4, $5)', [
      storeId, plu, quantity, ago(changedMinutesAgo), confirmedMinutesAgo === null ? null : ago(confirmedMinutesAgo),
    ]);
  const asked = (plu: string, askedMinutesAgo: number, answeredMinutesAgo: number) =>
    query('INSERT INTO board_product_polls (board_id, plu, first_polled_at, asked_at, answered_at) VALUES ($1, $2, $3, $4, $5)', [
      WAKE, plu, ago(60 * 24 * 10), ago(askedMinutesAgo), ago(answeredMinutesAgo),
    ]);
  // Changed 3 h ago, confirmed whole by the latest ask (10 minutes ago): current.
  await cell(store[0], CURRENT, 3, 180);
  await asked(CURRENT, 10, 10);
  // The latest asks said nothing: last whole answer 5 h ago.
  await cell(store[0], LAST_SEEN, 2, 600);
  await cell(store[1], LAST_SEEN, 1, 300);
  await asked(LAST_SEEN, 10, 300);
  // Not confirmed for 30 hours (the limit is a day): unknown.
  await cell(store[2], UNKNOWN, 4, 1800);
  await asked(UNKNOWN, 10, 1800);
  // The latest answer was partial (a store line matched no known store): it named store 1 and not store 0.
  await cell(store[0], PARTIAL, 6, 2000, 1500);
  await cell(store[1], PARTIAL, 5, 2000, 10);
  await asked(PARTIAL, 10, 2000);
});

describe('stock that was not confirmed ages visibly', () => {
  it('the limit is a day unless configured', () => {
    expect(env().STOCK_UNKNOWN_AFTER_MINUTES).toBe(24 * 60);
  });

  it('Current Inventory counts current and last-seen stock, says when the latter was last confirmed, and lists unknown stock apart', async () => {
    const res = await browser.call(allocatedRoute, '/api/inventory/allocated-current');
    expect(res.status).toBe(200);
    const byPlu = Object.fromEntries((res.json.products as { plu: string }[]).map((p) => [p.plu, p]));
    expect(Object.keys(byPlu).sort()).toEqual([CURRENT, LAST_SEEN, PARTIAL].sort());
    expect(byPlu[CURRENT]).toMatchObject({ total_bottles: 3, stores_with_stock: 1, last_seen: null, stores_unknown: 0 });
    // The oldest confirmation among the stores counted.
    expect(byPlu[LAST_SEEN]).toMatchObject({ total_bottles: 3, stores_with_stock: 2, last_seen: iso(300), stores_unknown: 0 });
    // Store 0's bottles were not confirmed for 25 hours: unknown, not counted; store 1's were, 10 minutes ago.
    expect(byPlu[PARTIAL]).toMatchObject({ total_bottles: 5, stores_with_stock: 1, last_seen: null, stores_unknown: 1 });
    expect(res.json.summary).toMatchObject({ totalProducts: 3, totalBottles: 11, uniqueStores: 2 });
    expect(res.json.stock_unknown).toEqual([
      { plu: UNKNOWN, product_name: expect.any(String), Listing_Type: 'Allocation', retail_price: expect.any(Number), size_ml: expect.any(Number), stores_unknown: 1, last_bottles: 4, last_seen: iso(1800) },
    ]);
  });

  it('a product\'s stores: last seen per store, unknown stores apart with the bottles last seen', async () => {
    const res = await browser.call(productStoresRoute, `/api/inventory/product/${PARTIAL}/stores`, { params: { plu: PARTIAL } });
    expect(res.json.stores.map((s: { store_id: number; quantity: number; last_seen: string | null }) => [s.store_id, s.quantity, s.last_seen])).toEqual([[store[1], 5, null]]);
    expect(res.json.unknown_stores).toEqual([expect.objectContaining({ store_id: store[0], last_quantity: 6, last_seen: iso(1500) })]);
    const seen = await browser.call(productStoresRoute, `/api/inventory/product/${LAST_SEEN}/stores`, { params: { plu: LAST_SEEN } });
    expect(seen.json.stores.map((s: { store_id: number; last_seen: string | null }) => [s.store_id, s.last_seen])).toEqual([
      [store[0], iso(300)],
      [store[1], iso(300)],
    ]);
  });

  it('a store page: last seen per item, unknown items apart and never in its inventory', async () => {
    const res = await browser.call(storeInventoryRoute, `/api/stores/${store[2]}/inventory`, { params: { storeId: String(store[2]) } });
    expect(res.json.inventory).toEqual([]);
    expect(res.json.stock_unknown).toEqual([expect.objectContaining({ nc_code: UNKNOWN, last_quantity: 4, last_seen: iso(1800) })]);
    expect(res.json.stock_unknown[0]).not.toHaveProperty('quantity');
    const first = await browser.call(storeInventoryRoute, `/api/stores/${store[0]}/inventory`, { params: { storeId: String(store[0]) } });
    expect(first.json.inventory.map((i: { nc_code: string; quantity: number; last_seen: string | null }) => [i.nc_code, i.quantity, i.last_seen]).sort()).toEqual(
      [[CURRENT, 3, null], [LAST_SEEN, 2, iso(300)]].sort(),
    );
    expect(first.json.stock_unknown.map((i: { nc_code: string }) => i.nc_code)).toEqual([PARTIAL]);
  });

  it('where is it now: last seen per store, unknown stores apart and out of the board\'s total', async () => {
    const res = await browser.call(whereRoute, `/api/inventory/product/${PARTIAL}/where`, { params: { plu: PARTIAL } });
    const [wake] = res.json.boards;
    expect(wake.total_bottles).toBe(5);
    expect(wake.stores.map((s: { store_id: number; last_seen: string | null }) => [s.store_id, s.last_seen])).toEqual([[store[1], null]]);
    expect(wake.unknown_stores).toEqual([expect.objectContaining({ store_id: store[0], last_quantity: 6, last_seen: iso(1500) })]);
  });

  it('last-seen stock turns unknown once the limit has passed since it was last confirmed, and never becomes a zero', async () => {
    const later = new Date(ago(300).getTime() + env().STOCK_UNKNOWN_AFTER_MINUTES * 60_000 + 60_000);
    const answer = await productStores(LAST_SEEN, WAKE, later);
    expect(answer.stores).toEqual([]);
    expect(answer.unknown_stores.map((s) => [s.store_id, s.last_quantity]).sort()).toEqual([[store[0], 2], [store[1], 1]].sort());
    expect((await query<{ quantity: number }>('SELECT quantity FROM store_inventory WHERE plu = $1 ORDER BY store_id', [LAST_SEEN])).map((r) => r.quantity)).toEqual([2, 1]);
  });
});
