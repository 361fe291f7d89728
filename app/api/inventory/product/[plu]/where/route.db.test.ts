import { beforeAll, describe, expect, it } from 'vitest';
import { GET } from './route.ts';
import { expectClientError, query, signedIn, TestClient, withTestDatabase } from '../../../../../../testing/harness.ts';

// GET /api/inventory/product/{plu}/where: one product across the covered boards' shelves, the warehouse
// and the latest shipments to each board.

withTestDatabase('reference', 'where');

const PLU = '27090';
const NOW = new Date();
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000);
let stores: { wake: number; durham: number; durham2: number; greensboro: number };

beforeAll(async () => {
  const first = async (board: number, offset = 0) =>
    (await query<{ id: number }>('SELECT id FROM stores WHERE board_id = $1 AND NOT mixed_beverage ORDER BY id OFFSET $2 LIMIT 1', [board, offset]))[0].id;
  stores = { wake: await first(179), durham: await first(78), durham2: await first(78, 1), greensboro: await first(58) };
  await query(`INSERT INTO store_inventory (store_id, plu, quantity, last_updated) VALUES ($1, $5, 2, $6), ($2, $5, 5, $6), ($3, $5, 1, $6), ($4, $5, 0, $6)`, [
    stores.wake, stores.durham, stores.durham2, stores.greensboro, PLU, minutesAgo(90),
  ]);
  await query(`INSERT INTO warehouse_levels (plu, checked_at, total_available) VALUES ($1, $2, 40), ($1, $3, 12)`, [PLU, minutesAgo(60 * 24), minutesAgo(30)]);
  const day = (d: number) => new Date(NOW.getTime() - d * 86_400_000).toISOString().slice(0, 10);
  await query(`INSERT INTO shipments (plu, board_id, ship_date, units) VALUES ($1, 78, $2, 12), ($1, 78, $3, 6), ($1, 179, $3, 13), ($1, 2, $4, 6)`, [
    PLU, day(2), day(9), day(45),
  ]);
  await query(`INSERT INTO scrape_runs (source, started_at, finished_at, status) VALUES
    ('wake_inventory', $1, $1, 'ok'), ('durham_inventory', $2, $2, 'ok'), ('durham_inventory', $1, $1, 'failed')`, [minutesAgo(15), minutesAgo(200)]);
});

describe('GET /api/inventory/product/{plu}/where', () => {
  it('lists the stores holding it by board, each board\'s last check, the warehouse level and the latest shipments', async () => {
    const { browser } = await signedIn();
    const res = await browser.call(GET, `/api/inventory/product/${PLU}/where`, { params: { plu: PLU } });
    expect(res.status).toBe(200);
    const body = res.json;
    expect(body.product).toMatchObject({ plu: PLU, name: expect.any(String) });
    expect(body.warehouse).toEqual({ current_inventory: 12, checked_at: minutesAgo(30).toISOString(), precision: 'warehouse' });
    const [wake, durham, greensboro, newHanover] = body.boards;
    expect([wake.name, durham.name, greensboro.name, newHanover.name]).toEqual(['Wake County', 'Durham County', 'Greensboro', 'New Hanover County']);
    expect(wake).toMatchObject({ total_bottles: 2, failing: false, stale: false, last_check: minutesAgo(15).toISOString() });
    expect(wake.stores.map((s: { store_id: number }) => s.store_id)).toEqual([stores.wake]);
    // Durham: most bottles first; its latest run failed, so the screen warns that its shelves may be old.
    expect(durham).toMatchObject({ total_bottles: 6, failing: true, stale: false, last_check: minutesAgo(200).toISOString() });
    expect(durham.stores.map((s: { store_id: number; quantity: number }) => [s.store_id, s.quantity])).toEqual([[stores.durham, 5], [stores.durham2, 1]]);
    // A store at 0 holds none; a board never polled has no last check.
    expect(greensboro).toMatchObject({ total_bottles: 0, stores: [], last_check: null, failing: false, stale: true });
    // Shipments within 30 days, the latest first, in cases (bottles per case, else 6).
    expect(body.shipment_days).toBe(30);
    expect(body.shipments.map((s: { board_id: number }) => s.board_id)).toEqual([78, 179]);
    expect(body.shipments[0]).toMatchObject({ board_name_clean: 'Durham County', last_ship_date: new Date(NOW.getTime() - 2 * 86_400_000).toISOString().slice(0, 10) });
    // A shelf board's shipments are the board's, never a shelf reading; its shelves are in `boards`.
    expect(body.shipments[0]).toMatchObject({ units: 18, precision: 'board', board_precision: 'shelf', stores: 10, only_store: null });
    expect(body.boards.every((b: { precision: string }) => b.precision === 'shelf')).toBe(true);
  });

  it("says which days of its shipments window had no usable report, as Statewide Shipments does; nothing before the first", async () => {
    const { browser } = await signedIn();
    const notes = async () => (await browser.call(GET, `/api/inventory/product/${PLU}/where`, { params: { plu: PLU } })).json.shipment_day_notes as { date: string; status: string; note: string }[];
    expect(await notes()).toEqual([]); // no extract judged yet: not tracked, nothing to say
    const day = (d: number) => new Date(NOW.getTime() - d * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
    const md = (ymd: string) => `${Number(ymd.slice(5, 7))}/${Number(ymd.slice(8, 10))}`;
    await query(`INSERT INTO shipment_days (ship_date, covers_from, status, applied, first_extracted_at, last_extracted_at, records, missing_board_ids) VALUES
      ($1, $1, 'complete', true, now(), now(), 100, '{}'), ($2, $3, 'complete', true, now(), now(), 100, '{}')`, [day(4), day(2), day(3)]);
    try {
      const said = await notes();
      expect(said.every((d) => d.note)).toBe(true); // only the days a hunter should know about
      expect(said.find((d) => d.date === day(3))).toEqual({ date: day(3), status: 'missing', note: `No shipment report for ${md(day(3))} — shipments that day are counted on ${md(day(2))}.` });
      expect(said.find((d) => d.date === day(2))).toEqual({ date: day(2), status: 'spans', note: `Shipments on ${md(day(2))} also include ${md(day(3))}, which had no usable report of its own.` });
      expect(said.find((d) => d.date === day(1))).toMatchObject({ status: 'missing' });
      expect(said.some((d) => d.date <= day(4))).toBe(false);
    } finally {
      await query(`DELETE FROM shipment_days`);
    }
  });

  it('answers 404 for a PLU the catalog does not know, 400 for one that is not 5 digits, 401 signed out', async () => {
    const { browser } = await signedIn();
    expectClientError(await browser.call(GET, '/api/inventory/product/99999/where', { params: { plu: '99999' } }), 404);
    expectClientError(await browser.call(GET, '/api/inventory/product/2709/where', { params: { plu: '2709' } }), 400);
    expectClientError(await new TestClient().call(GET, `/api/inventory/product/${PLU}/where`, { params: { plu: PLU } }), 401);
  });
});
