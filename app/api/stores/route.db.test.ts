import { beforeAll, describe, expect, it } from 'vitest';
import { GET as historyRoute } from '@/app/api/inventory/store-history/[storeId]/route';
import { GET as inventoryRoute } from '@/app/api/stores/[storeId]/inventory/route';
import { GET as storesRoute } from '@/app/api/stores/route';
import { TestClient } from '@/testing/api';
import { expectClientError, query, signedIn, withTestDatabase } from '../../../testing/harness.ts';
import { HUNTED_SQL } from '../../../lib/catalog/hunted.ts';

// GET /api/stores, /api/stores/{storeId}/inventory and /api/inventory/store-history/{storeId} against the
// seeded demo data (today is Wednesday 11 March 2026 in New York).

withTestDatabase('demo', 'reports');

const STORE_FIELDS = [
  'store_id', 'store_number', 'nickname', 'address', 'city', 'region', 'phone', 'hours', 'mixed_beverage', 'delivery_day',
  'delivery_interval_days', 'last_delivery_date',
].sort();

let browser: TestClient;
beforeAll(async () => {
  ({ browser } = await signedIn());
});

describe('GET /api/stores', () => {
  it("lists Wake's stores by store number with the Store fields", async () => {
    const res = await browser.call(storesRoute, '/api/stores');
    expect(res.status).toBe(200);
    const ref = await query<{ id: number; store_number: number; mixed_beverage: boolean; last_delivery_date: string | null; delivery_day: string | null }>(
      `SELECT id, store_number, mixed_beverage, to_char(last_delivery_date, 'YYYY-MM-DD') AS last_delivery_date, delivery_day
       FROM stores WHERE board_id = 179 ORDER BY store_number`,
    );
    const stores = res.json.stores as Record<string, unknown>[];
    expect(stores.map((s) => s.store_id)).toEqual(ref.map((r) => r.id));
    expect(stores).toHaveLength(28);
    for (const [i, s] of stores.entries()) {
      expect(Object.keys(s).sort()).toEqual(STORE_FIELDS);
      expect(s).toMatchObject({
        store_number: ref[i].store_number,
        mixed_beverage: ref[i].mixed_beverage ? 1 : 0,
        last_delivery_date: ref[i].last_delivery_date,
        delivery_day: ref[i].delivery_day,
      });
    }
    expect(stores.filter((s) => s.mixed_beverage === 1)).toHaveLength(1);
    expect(stores.filter((s) => s.last_delivery_date === null)).toHaveLength(1); // the mixed-beverage outlet is never polled
  });

  it('is 401 without a session', async () => {
    expectClientError(await new TestClient().call(storesRoute, '/api/stores'), 401);
  });
});

const inventory = (storeId: string) => browser.call(inventoryRoute, `/api/stores/${storeId}/inventory`, { params: { storeId } });

describe('GET /api/stores/{storeId}/inventory', () => {
  it('answers the store and what it holds now, hunted types first, then by name', async () => {
    const res = await inventory('5');
    expect(res.status).toBe(200);
    expect(res.json.store).toMatchObject({ store_id: 5, store_number: 5 });
    expect(Object.keys(res.json.store).sort()).toEqual(STORE_FIELDS);
    const ref = await query<{ plu: string; quantity: number; name: string; hunted: boolean; image_url: string | null }>(
      `SELECT si.plu, si.quantity, p.name, p.listing_type IN ${HUNTED_SQL} AS hunted, p.image_url
       FROM store_inventory si JOIN products p ON p.plu = si.plu WHERE si.store_id = 5 AND si.quantity > 0`,
    );
    const items = res.json.inventory as Record<string, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(items.length).toBe(ref.length);
    expect(items.length).toBeGreaterThan(100);
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual(
        ['brand_name', 'product_name', 'Listing_Type', 'nc_code', 'retail_price', 'bottles_per_case', 'size_ml', 'quantity', 'images', 'last_seen'].sort(),
      );
      expect(Object.keys(item.images).sort()).toEqual(['image_path', 'image_url']);
      const r = ref.find((x) => x.plu === item.nc_code)!;
      expect(item).toMatchObject({ quantity: r.quantity, brand_name: r.name, product_name: r.name });
      expect(item.quantity).toBeGreaterThan(0);
      expect(item.last_seen).toBeNull(); // the demo's last poll confirmed every shelf
    }
    expect(res.json.stock_unknown).toEqual([]);
    const hunted = items.map((i) => ref.find((x) => x.plu === i.nc_code)!.hunted);
    const firstListed = hunted.indexOf(false);
    expect(hunted.slice(0, firstListed).every(Boolean)).toBe(true);
    expect(hunted.slice(firstListed).some(Boolean)).toBe(false);
    const listedNames = items.slice(firstListed).map((i) => i.product_name as string);
    expect([...listedNames].sort()).toEqual(listedNames);
  });

  it('is 404 for an unknown store and 400 for an id that is not a number', async () => {
    expectClientError(await inventory('99999'), 404);
    for (const id of ['abc', '0', '-1', '1.5', '1e3', ' 5', '99999999999']) expectClientError(await inventory(id), 400);
  });

  it('is 401 without a session', async () => {
    expectClientError(await new TestClient().call(inventoryRoute, '/api/stores/5/inventory', { params: { storeId: '5' } }), 401);
  });
});

const history = (storeId: string, days?: string) =>
  browser.call(historyRoute, `/api/inventory/store-history/${storeId}`, { params: { storeId }, query: days === undefined ? {} : { days } });

/** The store's increases per New York date from `from`, written independently of lib/reports. */
const referenceHistory = (storeId: number, from: string) =>
  query<{ id: string; day: string; delta: number; plu: string; listed: boolean }>(
    `SELECT h.id::text, to_char((h.checked_at AT TIME ZONE 'America/New_York')::date, 'YYYY-MM-DD') AS day, h.delta, h.plu,
            p.listing_type = 'Listed' AS listed
     FROM inventory_history h JOIN products p ON p.plu = h.plu WHERE h.store_id = $1 AND h.change_type IN ('first', 'increase')
       AND (h.checked_at AT TIME ZONE 'America/New_York')::date >= $2::date`,
    [storeId, from],
  );

describe('GET /api/inventory/store-history/{storeId}', () => {
  it("groups the store's drops of the last 30 days by New York date, newest first, with a summary", async () => {
    // Store 1: one of the stores Wake's demo allocations favour (the simulator's classic habits send a few stores
    // next to none), so its last 30 days hold hunted arrivals as well as Listed ones.
    const res = await history('1');
    expect(res.status).toBe(200);
    const ref = await referenceHistory(1, '2026-02-10');
    const changes = res.json.changes as {
      date: string; formatted_date: string; day_of_week: string; item_count: number; other_count: number; items: Record<string, unknown>[];
    }[];
    const days = [...new Set(ref.map((r) => r.day))].sort().reverse();
    expect(changes.map((c) => c.date)).toEqual(days);
    for (const c of changes) {
      const mine = ref.filter((r) => r.day === c.date);
      // Only hunted products are listed; Listed ones are counted per day.
      const listed = mine.filter((r) => !r.listed);
      expect(c.items.map((i) => i.history_id).sort()).toEqual(listed.map((r) => Number(r.id)).sort());
      expect(c.item_count).toBe(listed.length);
      expect(c.other_count).toBe(mine.length - listed.length);
      expect(c.items.every((i) => i.listing_type !== 'Listed')).toBe(true);
      const [y, m, d] = c.date.split('-');
      expect(c.formatted_date).toBe(`${m}/${d}/${y}`);
      expect(c.day_of_week).toBe(new Date(`${c.date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' }));
      for (const item of c.items) {
        expect(Object.keys(item).sort()).toEqual(['change_type', 'delta', 'history_id', 'listing_type', 'nc_code', 'product_name', 'quantity', 'retail_price']);
      }
      const hunted = c.items.map((i) => i.listing_type !== 'Listed');
      expect(hunted).toEqual([...hunted].sort((a, b) => Number(b) - Number(a)));
    }
    expect(res.json.summary).toEqual({
      totalChanges: ref.length,
      uniqueProducts: new Set(ref.map((r) => r.plu)).size,
      totalInventoryAdded: ref.reduce((n, r) => n + r.delta, 0),
      daysWithChanges: days.length,
    });
    expect(changes.some((c) => c.other_count > 0)).toBe(true);
    expect(changes.some((c) => c.items.length > 0)).toBe(true);
  });

  it('counts a day with only Listed increases, with no items', async () => {
    const [p] = await query<{ plu: string }>(`SELECT plu FROM products WHERE listing_type = 'Listed' ORDER BY plu LIMIT 1`);
    // A day with no other drops at store 6: Sunday 15 February (noon EST).
    await query(`DELETE FROM inventory_history WHERE store_id = 6 AND (checked_at AT TIME ZONE 'America/New_York')::date = '2026-02-15'`);
    await query(
      `INSERT INTO inventory_history (store_id, plu, checked_at, previous_quantity, new_quantity, delta, change_type)
       VALUES (6, $1, '2026-02-15T17:00:00Z', 2, 14, 12, 'increase')`,
      [p.plu],
    );
    const res = await history('6');
    const day = (res.json.changes as { date: string; item_count: number; other_count: number; items: unknown[] }[]).find((c) => c.date === '2026-02-15');
    expect(day).toMatchObject({ item_count: 0, other_count: 1, items: [] });
  });

  it('files a drop by its New York date across midnight UTC', async () => {
    const [p] = await query<{ plu: string }>(`SELECT plu FROM products WHERE listing_type = 'Barrel' ORDER BY plu DESC LIMIT 1`);
    // Monday 9 March, 20:30 EDT = 00:30 UTC on Tuesday the 10th.
    const [row] = await query<{ id: string }>(
      `INSERT INTO inventory_history (store_id, plu, checked_at, previous_quantity, new_quantity, delta, change_type)
       VALUES (6, $1, '2026-03-10T00:30:00Z', 0, 3, 3, 'first') RETURNING id::text`,
      [p.plu],
    );
    const changes = (await history('6')).json.changes as { date: string; items: { history_id: number; change_type: string; quantity: number }[] }[];
    expect(changes.find((c) => c.date === '2026-03-09')?.items[0]).toMatchObject({ history_id: Number(row.id), change_type: 'first', quantity: 3 });
    expect(changes.find((c) => c.date === '2026-03-10')?.items.some((i) => i.history_id === Number(row.id)) ?? false).toBe(false);
  });

  it.each([
    ['60', '2026-01-11'],
    ['90', '2025-12-12'],
  ])('covers %s days', async (days, from) => {
    const res = await history('7', days);
    expect(res.json.summary.totalChanges).toBe((await referenceHistory(7, from)).length);
  });

  it('is 404 for an unknown store, 400 for a bad id or a period other than 30, 60 or 90', async () => {
    expectClientError(await history('99999'), 404);
    for (const id of ['abc', '0', '2.5']) expectClientError(await history(id), 400);
    for (const days of ['45', '0', '', 'thirty', '30.0', '-30']) expectClientError(await history('5', days), 400);
  });

  it('is 401 without a session', async () => {
    expectClientError(await new TestClient().call(historyRoute, '/api/inventory/store-history/5', { params: { storeId: '5' } }), 401);
  });
});
