import { beforeAll, describe, expect, it } from 'vitest';
import { POST as analysisRoute } from '@/app/api/inventory/delivery-analysis/route';
import { POST as withoutRoute } from '@/app/api/inventory/stores-without-deliveries/route';
import { TestClient, type CallOptions } from '@/testing/api';
import { expectClientError, query, signedIn, withTestDatabase } from '../../../../testing/harness.ts';
import { HUNTED_SQL } from '../../../../lib/catalog/hunted.ts';

// POST /api/inventory/delivery-analysis and POST /api/inventory/stores-without-deliveries against the
// seeded demo data. Today is Wednesday 11 March 2026 in New York: the week started Monday the 9th.

withTestDatabase('demo', 'reports');

let browser: TestClient;
let busy: { plu: string; bottles_per_case: number };

beforeAll(async () => {
  ({ browser } = await signedIn());
  [busy] = await query<{ plu: string; bottles_per_case: number }>(
    `SELECT h.plu, p.bottles_per_case FROM inventory_history h JOIN products p ON p.plu = h.plu
     WHERE p.listing_type IN ${HUNTED_SQL} AND h.change_type IN ('first', 'increase') AND h.checked_at >= '2026-02-23T05:00:00Z'
     GROUP BY h.plu, p.bottles_per_case ORDER BY count(*) DESC, h.plu LIMIT 1`,
  );
});

const analyse = (body: unknown, options: CallOptions = {}) =>
  browser.call(analysisRoute, '/api/inventory/delivery-analysis', { method: 'POST', body, ...options });

const referenceDeliveries = (plu: string, from: string) =>
  query<{ id: string; store_id: number; delta: number; day: string }>(
    `SELECT h.id::text, h.store_id, h.delta, to_char((h.checked_at AT TIME ZONE 'America/New_York')::date, 'YYYY-MM-DD') AS day
     FROM inventory_history h JOIN stores s ON s.id = h.store_id AND s.board_id = 179
     WHERE h.plu = $1 AND h.change_type IN ('first', 'increase') AND (h.checked_at AT TIME ZONE 'America/New_York')::date >= $2::date`,
    [plu, from],
  );

describe('POST /api/inventory/delivery-analysis', () => {
  it("answers the product's deliveries since Monday two weeks back, with cases and the contract's fields", async () => {
    const res = await analyse({ plu: busy.plu, weeksBack: 2, includeOtherDrops: false });
    expect(res.status).toBe(200);
    expect(res.json.success).toBe(true);
    const a = res.json.analysis;
    expect(Object.keys(a).sort()).toEqual(['dateRange', 'deliveries', 'product', 'shipmentInfo', 'storesWithOtherDrops', 'summary']);
    expect(a.dateRange).toEqual({ startDate: '2026-02-23', endDate: '2026-03-11' });
    const [product] = await query<{ name: string }>('SELECT name FROM products WHERE plu = $1', [busy.plu]);
    expect(a.product).toEqual({ name: product.name, plu: busy.plu, bottles_per_case: busy.bottles_per_case });

    const ref = await referenceDeliveries(busy.plu, '2026-02-23');
    expect(a.deliveries.length).toBeGreaterThan(5);
    expect(a.deliveries.map((d: { history_id: number }) => d.history_id).sort()).toEqual(ref.map((r) => Number(r.id)).sort());
    for (const d of a.deliveries) {
      expect(Object.keys(d).sort()).toEqual(['address', 'delivery_date', 'history_id', 'mixed_beverage', 'nickname', 'quantity', 'store_id', 'store_number'].sort());
      const r = ref.find((x) => Number(x.id) === d.history_id)!;
      expect(d).toMatchObject({ quantity: r.delta, delivery_date: r.day, store_id: r.store_id, mixed_beverage: 0 });
    }
    const days = a.deliveries.map((d: { delivery_date: string }) => d.delivery_date);
    expect([...days].sort().reverse()).toEqual(days);
    expect(a.summary).toEqual({
      totalCasesDelivered: ref.reduce((n, r) => n + Math.ceil(r.delta / busy.bottles_per_case), 0),
      uniqueStores: new Set(ref.map((r) => r.store_id)).size,
    });
    const [{ units }] = await query<{ units: number }>(
      `SELECT COALESCE(sum(units), 0)::int AS units FROM shipments WHERE plu = $1 AND board_id = 179 AND ship_date BETWEEN '2026-02-23' AND '2026-03-11'`,
      [busy.plu],
    );
    expect(a.shipmentInfo).toEqual({ totalCases: Math.ceil(units / busy.bottles_per_case) });
    expect(a.storesWithOtherDrops).toEqual([]);
  });

  it('starts on Monday of this week for weeksBack 0, and accepts weeksBack as text', async () => {
    const res = await analyse({ plu: busy.plu, weeksBack: 0, includeOtherDrops: false });
    expect(res.json.analysis.dateRange).toEqual({ startDate: '2026-03-09', endDate: '2026-03-11' });
    const ref = await referenceDeliveries(busy.plu, '2026-03-09');
    expect(res.json.analysis.deliveries.map((d: { history_id: number }) => d.history_id).sort()).toEqual(ref.map((r) => Number(r.id)).sort());
    expect((await analyse({ plu: busy.plu, weeksBack: '4' })).json.analysis.dateRange.startDate).toBe('2026-02-09');
  });

  // Today is 3/11 at 12:40 in New York: past the extract's usual time.
  it("adds what the shipments extract says about each day of the range, for the board (shipment_days, newest first), with the failing note", async () => {
    await query(`INSERT INTO shipment_days (ship_date, covers_from, status, applied, first_extracted_at, last_extracted_at, records, missing_board_ids) VALUES
      ('2026-03-09', '2026-03-09', 'complete', true, now(), now(), 100, '{}'),
      ('2026-03-10', '2026-03-10', 'truncated', true, now(), now(), 90, '{179}')`);
    // The scraper's latest look at the extract (after the demo's last whole one) failed.
    const [failed] = await query<{ id: number }>(
      `INSERT INTO scrape_runs (source, started_at, finished_at, status, error) VALUES ('shipments', '2026-03-11T16:39:00Z', '2026-03-11T16:39:02Z', 'failed', 'shipments extract: cut off') RETURNING id`,
    );
    try {
      const res = await analyse({ plu: busy.plu, weeksBack: 0, includeOtherDrops: false });
      expect(res.json.shipment_days).toEqual([
        {
          date: '2026-03-11',
          status: 'late',
          note: "The shipment report for 3/11 is late — shipments that day will show up when it comes. The state's shipment report could not be read since 03/11/2026 12:39 PM.",
        },
        {
          date: '2026-03-10',
          status: 'truncated',
          note: "The report for 3/10 was incomplete: this board's shipments will show up with the next complete report. The state's shipment report could not be read since 03/11/2026 12:39 PM.",
        },
        { date: '2026-03-09', status: 'complete', note: null },
      ]);
      // Another board's view of the same days: 3/10 left out Wake only.
      const durham = await analyse({ plu: busy.plu, weeksBack: 0, includeOtherDrops: false, boardId: 78 });
      expect(durham.json.shipment_days.map((d: { status: string }) => d.status)).toEqual(['late', 'complete', 'complete']);
    } finally {
      await query(`DELETE FROM shipment_days`);
      await query(`DELETE FROM scrape_runs WHERE id = $1`, [failed.id]);
    }
  });

  it('rounds each delivery up to whole cases (at least 1), counts an unknown case size as 6, and rounds shipped units up', async () => {
    // A product without history: deliveries of 1, 6 and 7 bottles, 13 bottles shipped to Wake.
    const [p] = await query<{ plu: string }>(
      `SELECT plu FROM products p WHERE listing_type = 'Limited'
         AND NOT EXISTS (SELECT 1 FROM inventory_history h WHERE h.plu = p.plu) AND NOT EXISTS (SELECT 1 FROM shipments s WHERE s.plu = p.plu)
       ORDER BY plu LIMIT 1`,
    );
    await query(`UPDATE products SET bottles_per_case = NULL WHERE plu = $1`, [p.plu]);
    await query(
      `INSERT INTO inventory_history (store_id, plu, checked_at, previous_quantity, new_quantity, delta, change_type) VALUES
       (1, $1, '2026-03-09T15:00:00Z', 0, 1, 1, 'first'), (2, $1, '2026-03-10T15:00:00Z', 0, 6, 6, 'first'),
       (4, $1, '2026-03-11T15:00:00Z', 2, 9, 7, 'increase'), (4, $1, '2026-03-11T16:00:00Z', 9, 3, -6, 'decrease')`,
      [p.plu],
    );
    await query(`INSERT INTO shipments (plu, board_id, ship_date, units) SELECT $1, id, '2026-03-09', CASE WHEN id = 179 THEN 13 ELSE 60 END FROM boards WHERE id IN (179, 17)`, [p.plu]);
    const a = (await analyse({ plu: p.plu, weeksBack: 0, includeOtherDrops: false })).json.analysis;
    expect(a.product.bottles_per_case).toBe(6);
    expect(a.deliveries.map((d: { quantity: number; store_id: number }) => [d.store_id, d.quantity])).toEqual([[4, 7], [2, 6], [1, 1]]);
    expect(a.summary).toEqual({ totalCasesDelivered: 2 + 1 + 1, uniqueStores: 3 });
    expect(a.shipmentInfo).toEqual({ totalCases: 3 });
  });

  it('lists the Wake retail stores that got other hunted products instead, with comma lists', async () => {
    const res = await analyse({ plu: busy.plu, weeksBack: 1, includeOtherDrops: true });
    const a = res.json.analysis;
    const delivered = new Set(a.deliveries.map((d: { store_id: number }) => d.store_id));
    const ref = await query<{ store_id: number; plu: string; name: string }>(
      `SELECT DISTINCT h.store_id, p.plu, p.name FROM inventory_history h JOIN products p ON p.plu = h.plu
       JOIN stores s ON s.id = h.store_id AND s.board_id = 179 AND NOT s.mixed_beverage
       WHERE p.listing_type IN ${HUNTED_SQL} AND p.plu <> $1 AND h.change_type IN ('first', 'increase')
         AND (h.checked_at AT TIME ZONE 'America/New_York')::date >= '2026-03-02'`,
      [busy.plu],
    );
    const expected = [...new Set(ref.map((r) => r.store_id))].filter((id) => !delivered.has(id)).sort((x, y) => x - y);
    expect(expected.length).toBeGreaterThan(0);
    expect(a.storesWithOtherDrops.map((s: { store_id: number }) => s.store_id)).toEqual(expected);
    for (const s of a.storesWithOtherDrops) {
      expect(Object.keys(s).sort()).toEqual(['address', 'mixed_beverage', 'nickname', 'received_plus', 'received_products', 'store_id', 'store_number']);
      const mine = ref.filter((r) => r.store_id === s.store_id);
      expect(s.received_plus.split(', ').sort()).toEqual(mine.map((r) => r.plu).sort());
      expect(s.received_products.split(', ').sort()).toEqual(mine.map((r) => r.name).sort());
    }
  });

  it('is 404 for a PLU the catalog does not know', async () => {
    const res = await analyse({ plu: '00001', weeksBack: 1, includeOtherDrops: true });
    expectClientError(res, 404);
  });

  it.each([
    ['a 4-digit PLU', { plu: '1234', weeksBack: 1, includeOtherDrops: false }],
    ['a numeric PLU', { plu: 27090, weeksBack: 1, includeOtherDrops: false }],
    ['no PLU', { weeksBack: 1, includeOtherDrops: false }],
    ['weeksBack 5', { plu: '27090', weeksBack: 5, includeOtherDrops: false }],
    ['weeksBack -1', { plu: '27090', weeksBack: -1, includeOtherDrops: false }],
    ['weeksBack 1.5', { plu: '27090', weeksBack: 1.5, includeOtherDrops: false }],
    ['weeksBack "two"', { plu: '27090', weeksBack: 'two', includeOtherDrops: false }],
    ['weeksBack null', { plu: '27090', weeksBack: null, includeOtherDrops: false }],
    ['no weeksBack', { plu: '27090', includeOtherDrops: false }],
    ['includeOtherDrops "yes"', { plu: '27090', weeksBack: 1, includeOtherDrops: 'yes' }],
    ['an array body', [1, 2]],
  ])('refuses %s with 400', async (_label, body) => {
    expectClientError(await analyse(body), 400);
  });

  it('refuses malformed JSON with 400 and a missing X-Requested-With with 403', async () => {
    expectClientError(await browser.call(analysisRoute, '/api/inventory/delivery-analysis', { method: 'POST', rawBody: '{"plu": ' }), 400);
    expectClientError(await analyse({ plu: busy.plu, weeksBack: 1 }, { noXhr: true }), 403);
  });

  it('is 401 without a session', async () => {
    const res = await new TestClient().call(analysisRoute, '/api/inventory/delivery-analysis', {
      method: 'POST',
      body: { plu: busy.plu, weeksBack: 1, includeOtherDrops: false },
    });
    expectClientError(res, 401);
  });
});

const without = (body: unknown) => browser.call(withoutRoute, '/api/inventory/stores-without-deliveries', { method: 'POST', body });

describe('POST /api/inventory/stores-without-deliveries', () => {
  it('answers the Wake retail stores in neither list, by store number, as Store rows', async () => {
    const res = await without({ deliveredStoreIds: [1, 2, 5], otherDropStoreIds: [7, 2] });
    expect(res.status).toBe(200);
    const retail = await query<{ id: number }>('SELECT id FROM stores WHERE board_id = 179 AND NOT mixed_beverage ORDER BY store_number');
    const ids = res.json.stores.map((s: { store_id: number }) => s.store_id);
    expect(ids).toEqual(retail.map((r) => r.id).filter((id) => ![1, 2, 5, 7].includes(id)));
    expect(Object.keys(res.json.stores[0]).sort()).toEqual(
      ['address', 'city', 'delivery_day', 'delivery_interval_days', 'hours', 'last_delivery_date', 'mixed_beverage', 'nickname', 'phone', 'region', 'store_id', 'store_number'].sort(),
    );
    expect((await without({ deliveredStoreIds: [], otherDropStoreIds: [] })).json.stores).toHaveLength(retail.length);
    expect((await without({})).json.stores).toHaveLength(retail.length);
    expect((await without({ deliveredStoreIds: [999999], otherDropStoreIds: [] })).json.stores).toHaveLength(retail.length);
  });

  it.each([
    ['a text instead of a list', { deliveredStoreIds: 'all', otherDropStoreIds: [] }],
    ['a fractional id', { deliveredStoreIds: [1.5], otherDropStoreIds: [] }],
    ['an id as text', { deliveredStoreIds: ['3'], otherDropStoreIds: [] }],
    ['a null id', { deliveredStoreIds: [], otherDropStoreIds: [null] }],
    ['a negative id', { deliveredStoreIds: [-1], otherDropStoreIds: [] }],
    ['1001 ids', { deliveredStoreIds: Array.from({ length: 1001 }, (_, i) => i + 1) }],
    ['a text body', 'just text'],
  ])('refuses %s with 400', async (_label, body) => {
    expectClientError(await without(body), 400);
  });

  it('is 401 without a session', async () => {
    const res = await new TestClient().call(withoutRoute, '/api/inventory/stores-without-deliveries', { method: 'POST', body: {} });
    expectClientError(res, 401);
  });
});
