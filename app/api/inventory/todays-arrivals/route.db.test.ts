import { beforeAll, describe, expect, it } from 'vitest';
import { GET as availableDatesRoute } from '@/app/api/inventory/available-dates/route';
import { GET as arrivalsRoute } from '@/app/api/inventory/todays-arrivals/route';
import { TestClient } from '@/testing/api';
import { DEMO_TODAY, expectClientError, query, signedIn, withTestDatabase } from '../../../../testing/harness.ts';
import { HUNTED_SQL } from '../../../../lib/catalog/hunted.ts';

// GET /api/inventory/todays-arrivals and GET /api/inventory/available-dates against the seeded demo history
// (8 weeks up to Wednesday 11 March 2026, 12:40 New York time).

withTestDatabase('demo', 'reports');

const ARRIVAL_FIELDS = [
  'history_id', 'bourbon_name', 'plu', 'price', 'listing_type', 'store_id', 'store_number', 'store_nickname', 'store_address',
  'new_quantity', 'previous_quantity', 'delta', 'change_type', 'last_updated',
].sort();

/** The reference answer, written independently of lib/reports: hunted increases on a New York date. */
const historyIdsOn = async (date: string) =>
  (
    await query<{ id: string }>(
      `SELECT h.id::text FROM inventory_history h JOIN products p ON p.plu = h.plu
       WHERE p.listing_type IN ${HUNTED_SQL} AND h.change_type IN ('first', 'increase')
         AND (h.checked_at AT TIME ZONE 'America/New_York')::date = $1::date`,
      [date],
    )
  ).map((r) => Number(r.id));

const datesWithArrivals = async () =>
  (
    await query<{ d: string }>(
      `SELECT DISTINCT to_char((h.checked_at AT TIME ZONE 'America/New_York')::date, 'YYYY-MM-DD') AS d
       FROM inventory_history h JOIN products p ON p.plu = h.plu
       WHERE p.listing_type IN ${HUNTED_SQL} AND h.change_type IN ('first', 'increase') ORDER BY d DESC`,
    )
  ).map((r) => r.d);

let browser: TestClient;
let late: { id: number; plu: string; storeId: number };

beforeAll(async () => {
  ({ browser } = await signedIn());
  // Monday 9 March, 20:45 EDT = 00:45 UTC on the 10th: an arrival of a hunted product without a price, a
  // Listed increase and a hunted decrease at the same instant (neither is an arrival).
  const [hunted] = await query<{ plu: string }>(
    `SELECT plu FROM products WHERE listing_type = 'Allocation' AND retail_price IS NULL ORDER BY plu LIMIT 1`,
  );
  const [listed] = await query<{ plu: string }>(`SELECT plu FROM products WHERE listing_type = 'Listed' ORDER BY plu LIMIT 1`);
  const [other] = await query<{ plu: string }>(`SELECT plu FROM products WHERE listing_type = 'Barrel' ORDER BY plu LIMIT 1`);
  const [row] = await query<{ id: string }>(
    `INSERT INTO inventory_history (store_id, plu, checked_at, previous_quantity, new_quantity, delta, change_type)
     VALUES (3, $1, '2026-03-10T00:45:00Z', 0, 2, 2, 'first') RETURNING id::text`,
    [hunted.plu],
  );
  await query(
    `INSERT INTO inventory_history (store_id, plu, checked_at, previous_quantity, new_quantity, delta, change_type)
     VALUES (3, $1, '2026-03-10T00:45:00Z', 1, 9, 8, 'increase'), (3, $2, '2026-03-10T00:45:00Z', 3, 1, -2, 'decrease')`,
    [listed.plu, other.plu],
  );
  late = { id: Number(row.id), plu: hunted.plu, storeId: 3 };
});

const arrivals = (date?: string) =>
  browser.call(arrivalsRoute, '/api/inventory/todays-arrivals', { query: date === undefined ? {} : { date } });

describe('GET /api/inventory/todays-arrivals', () => {
  it("lists exactly the day's increases of hunted products, newest first, with the contract's fields", async () => {
    const res = await arrivals('2026-03-10');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, date: '2026-03-10', last_check: '2026-03-11T16:30:00.000Z' });
    const list = res.json.arrivals as Record<string, unknown>[];
    expect(list.length).toBeGreaterThan(5);
    expect(res.json.total_arrivals).toBe(list.length);
    expect(list.map((a) => a.history_id).sort()).toEqual((await historyIdsOn('2026-03-10')).sort());
    for (const a of list) {
      expect(Object.keys(a).sort()).toEqual(ARRIVAL_FIELDS);
      expect(['first', 'increase']).toContain(a.change_type);
      expect(a.delta).toBe((a.new_quantity as number) - (a.previous_quantity as number));
      expect(a.delta as number).toBeGreaterThan(0);
      expect(['Allocation', 'Limited', 'Barrel', 'Unknown']).toContain(a.listing_type);
      expect(typeof a.price === 'number' || a.price === 'Not Available').toBe(true);
      expect(a.last_updated).toMatch(/^2026-03-1\dT\d\d:\d\d:00\.000Z$/);
    }
    const times = list.map((a) => a.last_updated as string);
    expect([...times].sort().reverse()).toEqual(times);

    const [ref] = await query<{ name: string; store_number: number; nickname: string; address: string }>(
      `SELECT p.name, s.store_number, s.nickname, s.address FROM inventory_history h JOIN products p ON p.plu = h.plu
       JOIN stores s ON s.id = h.store_id WHERE h.id = $1`,
      [list[0].history_id],
    );
    expect(list[0]).toMatchObject({ bourbon_name: ref.name, store_number: ref.store_number, store_nickname: ref.nickname, store_address: ref.address });
  });

  it('files an arrival by its New York date across midnight UTC, and prices it "Not Available" when unknown', async () => {
    const monday = (await arrivals('2026-03-09')).json.arrivals as Record<string, unknown>[];
    expect(monday[0]).toMatchObject({
      history_id: late.id,
      plu: late.plu,
      store_id: late.storeId,
      price: 'Not Available',
      change_type: 'first',
      new_quantity: 2,
      previous_quantity: 0,
      delta: 2,
      last_updated: '2026-03-10T00:45:00.000Z',
    });
    expect(monday.map((a) => a.history_id).sort()).toEqual((await historyIdsOn('2026-03-09')).sort());
    const tuesday = (await arrivals('2026-03-10')).json.arrivals as Record<string, unknown>[];
    expect(tuesday.some((a) => a.history_id === late.id)).toBe(false);
    expect(tuesday.some((a) => a.last_updated === '2026-03-10T00:45:00.000Z')).toBe(false);
  });

  it('defaults to today in New York, and answers an empty list for a day without arrivals', async () => {
    const today = await arrivals();
    expect(today.status).toBe(200);
    expect(today.json.date).toBe(DEMO_TODAY);
    expect(today.json.arrivals.map((a: { history_id: number }) => a.history_id).sort()).toEqual((await historyIdsOn(DEMO_TODAY)).sort());

    const sunday = await arrivals('2026-03-08');
    // The spec's fields exactly; the board's precision and what was shipped to it that day (lib/reports/types.ts) beside them.
    expect(sunday.json).toEqual({
      success: true,
      date: '2026-03-08',
      total_arrivals: 0,
      arrivals: [],
      last_check: '2026-03-11T16:30:00.000Z',
      precision: 'shelf',
      total_shipments: sunday.json.shipments.length,
      shipments: expect.any(Array),
      shipment_day: expect.objectContaining({ covers_from: '2026-03-08' }),
    });
  });

  it.each([['2026-02-30'], ['2026-3-10'], ['03/10/2026'], ['yesterday'], [''], ['2026-03-10T00:00'], ['1999-12-31'], ['2026-03-10\u0000']])(
    'refuses the date %j with 400',
    async (date) => {
      expectClientError(await arrivals(date), 400);
    },
  );

  it('is 401 without a session', async () => {
    expectClientError(await new TestClient().call(arrivalsRoute, '/api/inventory/todays-arrivals'), 401);
  });
});

const dates = (q: Record<string, string>) => browser.call(availableDatesRoute, '/api/inventory/available-dates', { query: q });

describe('GET /api/inventory/available-dates', () => {
  it('lists the 30 latest dates with arrivals, newest first, and no neighbour without a direction', async () => {
    const res = await dates({ currentDate: DEMO_TODAY });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, allAvailableDates: (await datesWithArrivals()).slice(0, 30), availableDate: null, basis: 'shelf' });
    expect(res.json.allAvailableDates).toHaveLength(30);
    expect(res.json.allAvailableDates[0]).toBe(DEMO_TODAY);
    expect(res.json.allAvailableDates).not.toContain('2026-03-08'); // a Sunday
  });

  it('finds the neighbouring dates with arrivals, skipping days without any', async () => {
    expect((await dates({ currentDate: '2026-03-09', direction: 'previous' })).json.availableDate).toBe('2026-03-06');
    expect((await dates({ currentDate: '2026-03-08', direction: 'previous' })).json.availableDate).toBe('2026-03-06');
    expect((await dates({ currentDate: '2026-03-06', direction: 'next' })).json.availableDate).toBe('2026-03-09');
    expect((await dates({ currentDate: '2026-03-10', direction: 'next' })).json.availableDate).toBe(DEMO_TODAY);
  });

  it('answers null for next from today and previous from the first date, and reads dates older than the list', async () => {
    expect((await dates({ currentDate: DEMO_TODAY, direction: 'next' })).json.availableDate).toBeNull();
    const all = await datesWithArrivals();
    const first = all.at(-1)!;
    expect((await dates({ currentDate: first, direction: 'previous' })).json.availableDate).toBeNull();
    // Older than the 30 listed dates: answered from the history itself.
    expect((await dates({ currentDate: all[35], direction: 'previous' })).json.availableDate).toBe(all[36]);
    expect((await dates({ currentDate: all[35], direction: 'next' })).json.availableDate).toBe(all[34]);
    expect((await dates({ currentDate: '2025-06-01', direction: 'next' })).json.availableDate).toBe(first);
  });

  it('defaults currentDate to today', async () => {
    expect((await dates({ direction: 'previous' })).json.availableDate).toBe('2026-03-10');
  });

  it.each([
    [{ currentDate: '2026-02-29' }],
    [{ currentDate: 'today' }],
    [{ currentDate: DEMO_TODAY, direction: 'sideways' }],
    [{ currentDate: DEMO_TODAY, direction: '' }],
  ])('refuses %j with 400', async (q) => {
    expectClientError(await dates(q), 400);
  });

  it('is 401 without a session', async () => {
    expectClientError(await new TestClient().call(availableDatesRoute, '/api/inventory/available-dates'), 401);
  });
});
