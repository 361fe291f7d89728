import { beforeAll, describe, expect, it } from 'vitest';
import { GET as allocatedRoute } from './allocated-current/route.ts';
import { GET as productStoresRoute } from './product/[plu]/stores/route.ts';
import { GET as whereRoute } from './product/[plu]/where/route.ts';
import { GET as storeInventoryRoute } from '../stores/[storeId]/inventory/route.ts';
import { env } from '../../../lib/env.ts';
import { query, signedIn, withTestDatabase, type TestClient } from '../../../testing/harness.ts';
import { productStores } from '../../../lib/reports/inventory.ts';

// How old each number is (lib/reports/stock-age.ts), as hunters read it: stock the board confirmed at its
// latest ask is current until that ask's next one is overdue; stock it was asked about since and did not
// confirm, or whose next ask is overdue with nothing written (the scraper stopped), says "last seen …";
// such stock last confirmed more than STOCK_UNKNOWN_AFTER_MINUTES ago is unknown: not counted, not shown as
// in stock, listed apart with the bottles last seen. Never a zero without evidence.

withTestDatabase('reference', 'stock_age');

const NOW = new Date();
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);
const iso = (minutes: number) => ago(minutes).toISOString();
const WAKE = 179;
const DURHAM = 78;
/** Four Allocation products of the catalog, each in its own state at Wake. */
const [CURRENT, LAST_SEEN, UNKNOWN, PARTIAL] = ['27090', '17892', '18363', '20595'];
/** Four more, at Durham, whose scraper stopped asking: in progress, stopped, stopped long ago, never planned. */
let clock: { inProgress: string; stopped: string; gone: string; unplanned: string };
let store: number[];
let durham: number[];
let browser: TestClient;

beforeAll(async () => {
  ({ browser } = await signedIn());
  store = (await query<{ id: number }>('SELECT id FROM stores WHERE board_id = $1 AND NOT mixed_beverage ORDER BY id LIMIT 3', [WAKE])).map((s) => s.id);
  await query(`UPDATE products SET listing_type = 'Allocation' WHERE plu = $1`, [PARTIAL]);
  const cell = (storeId: number, plu: string, quantity: number, changedMinutesAgo: number, confirmedMinutesAgo: number | null = null) =>
    query('INSERT INTO store_inventory (store_id, plu, quantity, last_updated, confirmed_at) VALUES ($1, $2, $3, $4, $5)', [
      storeId, plu, quantity, ago(changedMinutesAgo), confirmedMinutesAgo === null ? null : ago(confirmedMinutesAgo),
    ]);
  // The scraper asks Wake about these every cycle: the next ask, 5 minutes from now, is planned at each.
  const asked = (plu: string, askedMinutesAgo: number, answeredMinutesAgo: number, nextAskMinutesAgo: number | null = -5, board = WAKE) =>
    query('INSERT INTO board_product_polls (board_id, plu, first_polled_at, asked_at, answered_at, next_ask_at) VALUES ($1, $2, $3, $4, $5, $6)', [
      board, plu, ago(60 * 24 * 10), ago(askedMinutesAgo), ago(answeredMinutesAgo), nextAskMinutesAgo === null ? null : ago(nextAskMinutesAgo),
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

  // Durham: every product confirmed whole at the latest poll that asked it; no poll asked since.
  durham = (await query<{ id: number }>('SELECT id FROM stores WHERE board_id = $1 AND NOT mixed_beverage ORDER BY id LIMIT 2', [DURHAM])).map((s) => s.id);
  const [inProgress, stopped, gone, unplanned] = (
    await query<{ plu: string }>(`SELECT plu FROM products WHERE listing_type = 'Allocation' AND plu <> ALL($1::text[]) ORDER BY plu LIMIT 4`, [[CURRENT, LAST_SEEN, UNKNOWN, PARTIAL]])
  ).map((p) => p.plu);
  clock = { inProgress, stopped, gone, unplanned };
  // Confirmed 4 h 10 min ago; its next poll was due 10 minutes ago: within the grace for a poll in progress.
  await cell(durham[0], inProgress, 3, 250);
  await asked(inProgress, 250, 250, 10, DURHAM);
  // Confirmed 5 h ago; its next poll was due an hour ago and never came (the scraper stopped): last seen.
  await cell(durham[0], stopped, 2, 300);
  await cell(durham[1], stopped, 4, 900);
  await asked(stopped, 300, 300, 60, DURHAM);
  // Confirmed 26 h ago, next poll due 22 h ago, nothing since: unknown, with no ask to say so.
  await cell(durham[1], gone, 1, 60 * 26);
  await asked(gone, 60 * 26, 60 * 26, 60 * 22, DURHAM);
  // Stock with no next ask recorded (written before the plan was): taken as asked again a day later.
  await cell(durham[0], unplanned, 5, 60 * 23);
  await asked(unplanned, 60 * 23, 60 * 23, null, DURHAM);
});

describe('stock that was not confirmed ages visibly', () => {
  it('the limit is a day unless configured (stock-age-limit.db.test.ts configures another)', () => {
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

describe('by the clock: stock whose next ask is overdue ages though nothing was asked since', () => {
  const plus = (products: { plu: string }[]) => products.map((p) => p.plu).sort();

  it('Current Inventory: an overdue number says "last seen" and is still counted; one overdue and older than the limit is unknown', async () => {
    const res = await browser.call(allocatedRoute, '/api/inventory/allocated-current', { query: { boardId: String(DURHAM) } });
    expect(res.status).toBe(200);
    const byPlu = Object.fromEntries((res.json.products as { plu: string }[]).map((p) => [p.plu, p]));
    expect(plus(res.json.products)).toEqual([clock.inProgress, clock.stopped, clock.unplanned].sort());
    expect(byPlu[clock.inProgress]).toMatchObject({ total_bottles: 3, last_seen: null, stores_unknown: 0 });
    expect(byPlu[clock.unplanned]).toMatchObject({ total_bottles: 5, last_seen: null, stores_unknown: 0 });
    expect(byPlu[clock.stopped]).toMatchObject({ total_bottles: 6, stores_with_stock: 2, last_seen: iso(300), stores_unknown: 0 });
    expect(res.json.summary).toMatchObject({ totalProducts: 3, totalBottles: 14, uniqueStores: 2 });
    expect(res.json.stock_unknown).toEqual([expect.objectContaining({ plu: clock.gone, last_bottles: 1, last_seen: iso(60 * 26) })]);
  });

  it('a store page and Where is it now say the same', async () => {
    const page = await browser.call(storeInventoryRoute, `/api/stores/${durham[0]}/inventory`, { params: { storeId: String(durham[0]) } });
    expect(page.json.inventory.map((i: { nc_code: string; last_seen: string | null }) => [i.nc_code, i.last_seen]).sort()).toEqual(
      [[clock.inProgress, null], [clock.stopped, iso(300)], [clock.unplanned, null]].sort(),
    );
    const other = await browser.call(storeInventoryRoute, `/api/stores/${durham[1]}/inventory`, { params: { storeId: String(durham[1]) } });
    expect(other.json.stock_unknown).toEqual([expect.objectContaining({ nc_code: clock.gone, last_quantity: 1, last_seen: iso(60 * 26) })]);
    const where = await browser.call(whereRoute, `/api/inventory/product/${clock.stopped}/where`, { params: { plu: clock.stopped } });
    const board = (where.json.boards as { board_id: number; total_bottles: number; stores: { store_id: number; last_seen: string | null }[] }[]).find((b) => b.board_id === DURHAM)!;
    expect(board.total_bottles).toBe(6);
    expect(board.stores.map((s) => [s.store_id, s.last_seen])).toEqual([[durham[1], iso(300)], [durham[0], iso(300)]]);
  });

  it('time alone moves each number on: past the grace "last seen", past the limit unknown; no plan recorded ages a day after it was confirmed', async () => {
    const at = (minutesFromNow: number) => new Date(NOW.getTime() + minutesFromNow * 60_000);
    const stores = (plu: string, minutesFromNow: number) => productStores(plu, DURHAM, at(minutesFromNow));
    // The poll in progress had 30 minutes from its planned time (10 minutes ago) to confirm it.
    expect((await stores(clock.inProgress, 19)).stores.map((s) => s.last_seen)).toEqual([null]);
    expect((await stores(clock.inProgress, 21)).stores.map((s) => s.last_seen)).toEqual([iso(250)]);
    // Last confirmed 5 h ago: unknown once a day has passed since.
    const limit = env().STOCK_UNKNOWN_AFTER_MINUTES;
    expect((await stores(clock.stopped, limit - 300 - 1)).stores).toHaveLength(2);
    const later = await stores(clock.stopped, limit - 300 + 1);
    expect(later.stores).toEqual([]);
    expect(later.unknown_stores.map((s) => [s.store_id, s.last_quantity]).sort()).toEqual([[durham[0], 2], [durham[1], 4]].sort());
    // Confirmed 23 h ago with no next ask recorded: due a day after, overdue 30 minutes later; by then older than the limit.
    expect((await stores(clock.unplanned, 60 + 29)).stores).toHaveLength(1);
    expect((await stores(clock.unplanned, 60 + 31)).unknown_stores).toHaveLength(1);
  });
});
