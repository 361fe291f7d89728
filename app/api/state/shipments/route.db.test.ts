import { beforeAll, describe, expect, it } from 'vitest';
import { GET as boardsRoute } from '@/app/api/state/boards/route';
import { GET as productsRoute } from '@/app/api/state/products/route';
import { GET as shipmentsRoute } from '@/app/api/state/shipments/route';
import { TestClient } from '@/testing/api';
import { expectClientError, query, signedIn, withTestDatabase } from '../../../../testing/harness.ts';
import { HUNTED_SQL } from '../../../../lib/catalog/hunted.ts';

// GET /api/state/boards, /api/state/products and /api/state/shipments against the seeded demo shipments
// (today is Wednesday 11 March 2026 in New York).

withTestDatabase('demo', 'reports');

let browser: TestClient;
beforeAll(async () => {
  ({ browser } = await signedIn());
});

describe('GET /api/state/boards', () => {
  it('answers every board, by name, as { success, boards } (the original client reads boards from it)', async () => {
    const res = await browser.call(boardsRoute, '/api/state/boards');
    expect(res.status).toBe(200);
    expect(res.json.success).toBe(true);
    const boards = res.json.boards as { board_id: number; board_name_clean: string }[];
    expect(boards).toHaveLength(173);
    expect(boards).toContainEqual({ board_id: 179, board_name_clean: 'Wake County' });
    const names = boards.map((b) => b.board_name_clean);
    expect([...names].sort()).toEqual(names);
  });

  it('is 401 without a session', async () => {
    expectClientError(await new TestClient().call(boardsRoute, '/api/state/boards'), 401);
  });
});

describe('GET /api/state/products', () => {
  it('lists the hunted products that have shipments, by name', async () => {
    const res = await browser.call(productsRoute, '/api/state/products');
    expect(res.status).toBe(200);
    const ref = await query<{ plu: string }>(
      `SELECT DISTINCT p.plu FROM products p JOIN shipments s ON s.plu = p.plu WHERE p.listing_type IN ${HUNTED_SQL}`,
    );
    const products = res.json.products as { nc_code: string; brand_name: string; Listing_Type: string }[];
    expect(products.map((p) => p.nc_code).sort()).toEqual(ref.map((r) => r.plu).sort());
    expect(Object.keys(products[0]).sort()).toEqual(['Listing_Type', 'brand_name', 'nc_code']);
    const names = products.map((p) => p.brand_name);
    expect([...names].sort()).toEqual(names);
  });

  it('is 401 without a session', async () => {
    expectClientError(await new TestClient().call(productsRoute, '/api/state/products'), 401);
  });
});

const shipments = (q: Record<string, string> = {}) => browser.call(shipmentsRoute, '/api/state/shipments', { query: q });

const referenceShipments = (where: string, params: unknown[] = []) =>
  query<{ plu: string; board_id: number; ship_date: string; units: number; bpc: number | null }>(
    `SELECT s.plu, s.board_id, to_char(s.ship_date, 'YYYY-MM-DD') AS ship_date, s.units, p.bottles_per_case AS bpc
     FROM shipments s JOIN products p ON p.plu = s.plu WHERE ${where}`,
    params,
  );

const key = (s: { plu?: string; nc_code?: string; board_id: number; ship_date: string }) => `${s.plu ?? s.nc_code}|${s.board_id}|${s.ship_date}`;

describe('GET /api/state/shipments', () => {
  it('answers the hunted shipments of the last 16 days to every board by default, newest first', async () => {
    const res = await shipments();
    expect(res.status).toBe(200);
    const ref = await referenceShipments(`p.listing_type IN ${HUNTED_SQL} AND s.ship_date BETWEEN '2026-02-24' AND '2026-03-11'`);
    const list = res.json.shipments as Record<string, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(list.length).toBeGreaterThan(10);
    expect(list.map((s) => key(s as never)).sort()).toEqual(ref.map(key).sort());
    for (const s of list) {
      expect(Object.keys(s).sort()).toEqual(
        ['brand_name', 'nc_code', 'Listing_Type', 'retail_price', 'bottles_per_case', 'board_name_clean', 'board_id', 'ship_date', 'ship_date_formatted', 'cases'].sort(),
      );
      const r = ref.find((x) => key(x) === key(s as never))!;
      expect(s.cases).toBe(Math.ceil(r.units / (r.bpc ?? 6)));
      const [y, m, d] = s.ship_date.split('-');
      expect(s.ship_date_formatted).toBe(`${m}/${d}/${y}`);
    }
    // Newest first, then by product name, board name and board id (code-point order).
    const order = (s: Record<string, any>) => [s.ship_date, s.brand_name, s.board_name_clean, String(s.board_id).padStart(6, '0')]; // eslint-disable-line @typescript-eslint/no-explicit-any
    for (let i = 1; i < list.length; i++) {
      const [a, b] = [order(list[i - 1]), order(list[i])];
      const byDate = a[0] > b[0] || (a[0] === b[0] && a.slice(1).join('\u0000') <= b.slice(1).join('\u0000'));
      expect(byDate, `${key(list[i - 1] as never)} before ${key(list[i] as never)}`).toBe(true);
    }
  });

  it('filters by product type, board, search term and date range', async () => {
    const barrel = (await shipments({ productType: 'barrel', dateRange: 'last-24-days' })).json.shipments;
    expect(barrel.length).toBeGreaterThan(0);
    expect(barrel.every((s: { Listing_Type: string }) => s.Listing_Type === 'Barrel')).toBe(true);
    expect(barrel.length).toBe((await referenceShipments(`p.listing_type = 'Barrel' AND s.ship_date >= '2026-02-16'`)).length);

    const wake = (await shipments({ boardId: '179', dateRange: 'current-month' })).json.shipments;
    expect(wake.length).toBeGreaterThan(0);
    expect(wake.every((s: { board_id: number; board_name_clean: string; ship_date: string }) => s.board_id === 179 && s.board_name_clean === 'Wake County' && s.ship_date >= '2026-03-01')).toBe(true);

    const [p] = await query<{ plu: string; name: string }>(
      `SELECT p.plu, p.name FROM shipments s JOIN products p ON p.plu = s.plu WHERE p.listing_type = 'Allocation' AND s.ship_date >= '2026-02-24' ORDER BY s.units DESC LIMIT 1`,
    );
    const word = p.name.split(' ')[0].toUpperCase();
    const byName = (await shipments({ searchTerm: word })).json.shipments;
    expect(byName.some((s: { nc_code: string }) => s.nc_code === p.plu)).toBe(true);
    expect(byName.every((s: { brand_name: string; nc_code: string }) => s.brand_name.toUpperCase().includes(word) || s.nc_code.startsWith(word))).toBe(true);
    const byCode = (await shipments({ searchTerm: p.plu })).json.shipments;
    expect(byCode.length).toBeGreaterThan(0);
    expect(byCode.every((s: { nc_code: string }) => s.nc_code === p.plu)).toBe(true);
    expect((await shipments({ searchTerm: '%' })).json.shipments).toEqual([]);
  });

  it('rounds units up to whole cases, counting an unknown case size as 6', async () => {
    const [p] = await query<{ plu: string }>(
      `SELECT plu FROM products p WHERE listing_type = 'Barrel' AND NOT EXISTS (SELECT 1 FROM shipments s WHERE s.plu = p.plu) ORDER BY plu LIMIT 1`,
    );
    await query(`UPDATE products SET bottles_per_case = NULL WHERE plu = $1`, [p.plu]);
    await query(`INSERT INTO shipments (plu, board_id, ship_date, units) VALUES ($1, 179, '2026-03-10', 13), ($1, 17, '2026-03-10', 6)`, [p.plu]);
    const list = (await shipments({ searchTerm: p.plu })).json.shipments;
    expect(list.map((s: { board_id: number; cases: number; bottles_per_case: number | null }) => [s.board_id, s.cases, s.bottles_per_case]).sort()).toEqual([
      [17, 1, null],
      [179, 3, null],
    ]);
  });

  it('is 404 for an unknown board', async () => {
    expectClientError(await shipments({ boardId: '99999' }), 404);
  });

  it.each([
    [{ productType: 'wine' }],
    [{ productType: '' }],
    [{ boardId: 'wake' }],
    [{ boardId: '0' }],
    [{ boardId: '-179' }],
    [{ dateRange: 'last-7-days' }],
    [{ dateRange: 'current_month' }],
    [{ searchTerm: 'x'.repeat(101) }],
  ])('refuses %j with 400', async (q) => {
    expectClientError(await shipments(q), 400);
  });

  it('is 401 without a session', async () => {
    expectClientError(await new TestClient().call(shipmentsRoute, '/api/state/shipments'), 401);
  });

  // Today is 3/11 at 12:40 in New York: past the extract's usual time.
  it("says which days of the range had no extract, a partial one or one spanning several days, in words; the screen's field is additive", async () => {
    const none = (await shipments()).json.days as { date: string; status: string; note: string | null }[];
    expect(none).toHaveLength(16); // no extract judged yet in the demo: every day not tracked, no note
    expect(none.every((d) => d.status === 'not_tracked' && d.note === null)).toBe(true);

    await query(`INSERT INTO shipment_days (ship_date, covers_from, status, applied, first_extracted_at, last_extracted_at, records, missing_board_ids) VALUES
      ('2026-03-05', '2026-03-05', 'complete', true, now(), now(), 100, '{}'),
      ('2026-03-06', '2026-03-06', 'truncated', true, now(), now(), 90, '{17}'),
      ('2026-03-08', '2026-03-07', 'complete', true, now(), now(), 100, '{}')`);
    try {
      const days = (await shipments()).json.days as { date: string; status: string; note: string | null }[];
      expect([days.length, days[0].date, days[15].date]).toEqual([16, '2026-03-11', '2026-02-24']); // newest first
      const byDate = Object.fromEntries(days.map((d) => [d.date, d]));
      expect(byDate['2026-03-11']).toEqual({ date: '2026-03-11', status: 'late', note: 'The shipment report for 3/11 is late — shipments that day will show up when it comes.' });
      expect(byDate['2026-03-10'].note).toBe('No shipment report for 3/10 — shipments that day will show up with the next report.');
      expect(byDate['2026-03-08']).toMatchObject({ status: 'spans', note: 'Shipments on 3/8 also include 3/7, which had no usable report of its own.' });
      expect(byDate['2026-03-07'].note).toBe('No shipment report for 3/7 — shipments that day are counted on 3/8.');
      expect(byDate['2026-03-06'].note).toBe("The report for 3/6 was incomplete: some boards' shipments are counted on 3/8.");
      expect(byDate['2026-03-05']).toEqual({ date: '2026-03-05', status: 'complete', note: null });
      expect(byDate['2026-03-04']).toEqual({ date: '2026-03-04', status: 'not_tracked', note: null });
      // One board's view: 3/6 left out board 17 only.
      const wake = Object.fromEntries(((await shipments({ boardId: '179' })).json.days as { date: string; status: string }[]).map((d) => [d.date, d.status]));
      expect(wake['2026-03-06']).toBe('complete');
      const other = Object.fromEntries(((await shipments({ boardId: '17' })).json.days as { date: string; status: string }[]).map((d) => [d.date, d.status]));
      expect(other['2026-03-06']).toBe('truncated');
    } finally {
      await query(`DELETE FROM shipment_days`);
    }
  });
});
