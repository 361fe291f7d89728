import { beforeAll, describe, expect, it, vi } from 'vitest';
import { GET as productStoresRoute } from './product/[plu]/stores/route.ts';
import { env } from '../../../lib/env.ts';
import { productStores } from '../../../lib/reports/inventory.ts';
import { query, signedIn, withTestDatabase, type TestClient } from '../../../testing/harness.ts';

// STOCK_UNKNOWN_AFTER_MINUTES set to 3 hours instead of a day (stock-age.db.test.ts has the default): stock
// not confirmed when it should have been is unknown once it was last confirmed 3 hours ago, not a day.

vi.hoisted(() => {
  process.env.STOCK_UNKNOWN_AFTER_MINUTES = '180'; // read by env() on first use, which comes later
});

withTestDatabase('reference', 'stock_age_limit');

const NOW = new Date();
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);
const WAKE = 179;
/** Two Allocation products, each at one Wake store, that the latest asks (10 minutes ago) did not confirm. */
const [TWO_HOURS, FOUR_HOURS] = ['27090', '17892'];
let store: number[];
let browser: TestClient;

beforeAll(async () => {
  ({ browser } = await signedIn());
  store = (await query<{ id: number }>('SELECT id FROM stores WHERE board_id = $1 AND NOT mixed_beverage ORDER BY id LIMIT 2', [WAKE])).map((s) => s.id);
  for (const [i, plu, confirmedMinutesAgo] of [[0, TWO_HOURS, 120], [1, FOUR_HOURS, 240]] as const) {
    await query('INSERT INTO store_inventory (store_id, plu, quantity, last_updated) VALUES ($1, $2, 3, $3)', [store[i], plu, ago(confirmedMinutesAgo)]);
    await query('INSERT INTO board_product_polls (board_id, plu, first_polled_at, asked_at, answered_at, next_ask_at) VALUES ($1, $2, $3, $4, $5, $6)', [
      WAKE, plu, ago(60 * 24 * 10), ago(10), ago(confirmedMinutesAgo), ago(-5),
    ]);
  }
});

describe('STOCK_UNKNOWN_AFTER_MINUTES', () => {
  it('is read from the environment', () => {
    expect(env().STOCK_UNKNOWN_AFTER_MINUTES).toBe(180);
  });

  it('decides when stock turns unknown: confirmed 2 hours ago is last seen, 4 hours ago unknown (with a day, both were last seen)', async () => {
    const two = await browser.call(productStoresRoute, `/api/inventory/product/${TWO_HOURS}/stores`, { params: { plu: TWO_HOURS } });
    expect(two.json.stores).toEqual([expect.objectContaining({ store_id: store[0], quantity: 3, last_seen: ago(120).toISOString() })]);
    expect(two.json.unknown_stores).toEqual([]);
    const four = await browser.call(productStoresRoute, `/api/inventory/product/${FOUR_HOURS}/stores`, { params: { plu: FOUR_HOURS } });
    expect(four.json.stores).toEqual([]);
    expect(four.json.unknown_stores).toEqual([expect.objectContaining({ store_id: store[1], last_quantity: 3, last_seen: ago(240).toISOString() })]);
  });

  it('and the two-hour-old figure turns unknown an hour later, three hours after it was confirmed', async () => {
    expect((await productStores(TWO_HOURS, WAKE, new Date(NOW.getTime() + 59 * 60_000))).stores).toHaveLength(1);
    expect((await productStores(TWO_HOURS, WAKE, new Date(NOW.getTime() + 61 * 60_000))).unknown_stores).toHaveLength(1);
  });
});
