import { beforeAll, describe, expect, it, vi } from 'vitest';
import { routeHandler } from '../../testing/api.ts';
import { expectClientError, query as q, signedIn, TestClient, withTestDatabase } from '../../testing/harness.ts';
import { addDays, nyDate, nyTimeToUtc } from '../time.ts';
import { comingProducts } from './coming.ts';
import { productJourney, stageOf } from './journey.ts';
import { comingSchema, productJourneySchema, type JourneyStep } from './types.ts';

// The journey of a product (issue 40): its steps from the price list to the shelf, written here row by row as the
// scraper would have written them (product_events, warehouse_levels, shipments with their shipment_days,
// inventory_history, store_inventory, scrape_runs), read back through GET /api/products/{plu}/journey and
// GET /api/coming, and parsed with the answers' schemas.

withTestDatabase('reference', 'journey');

/** Frozen: Friday 20 November 2026, 12:00 in New York. */
const NOW = new Date('2026-11-20T17:00:00Z');
const TODAY = nyDate(NOW);
const day = (n: number) => addDays(TODAY, -n);
/** An instant on the New York day `n` days ago. */
const at = (n: number, hour: number, minute = 0) => nyTimeToUtc(day(n), hour, minute);

const WAKE = 179;
const DURHAM = 78;
const GREENSBORO = 58;

const P = {
  journey: '99101', // Allocation, the whole way: announced, repriced, listed, received, shipped, on shelves
  announced: '99102', // Limited, announced only
  received: '99103', // Barrel, announced and received, not shipped
  shippedAfter: '99104', // Allocation, announced, received, then shipped: gone from Coming
  listed: '99105', // Listed (not hunted), announced: never coming
  newRelease: '99106', // Unknown (a new release, hunted), announced yesterday
  tooOld: '99107', // Allocation, announced 130 days ago, never shipped: too old to be coming
};

let browser: TestClient;
let journeyRoute: Awaited<ReturnType<typeof routeHandler>>;
let comingRoute: Awaited<ReturnType<typeof routeHandler>>;
let store: { id: number; nickname: string };
let wakeStores: { id: number; nickname: string; store_number: number }[];
let greensboroStore: { id: number; nickname: string; store_number: number };
let boardName: Map<number, string>;

async function product(plu: string, name: string, type: string, fields: { list_price?: number; state_list?: string; bottles_per_case?: number; retail_price?: number } = {}) {
  await q(
    `INSERT INTO products (plu, name, listing_type, list_price, retail_price, state_list, bottles_per_case, size_ml, age, proof, updated_at)
     VALUES ($1, $2, $3::"ListingType", $4, $5, $6::"ListingType", $7, 750, '12 YR', 101.5, $8)`,
    [plu, name, type, fields.list_price ?? null, fields.retail_price ?? null, fields.state_list ?? null, fields.bottles_per_case ?? null, NOW],
  );
}

async function event(plu: string, kind: string, seenAt: Date, source: string, values: { from?: string | null; to?: string | null; bottles?: number } = {}) {
  await q(`INSERT INTO product_events (plu, kind, day, seen_at, source, from_value, to_value, bottles) VALUES ($1, $2::"ProductEventKind", $3::date, $4, $5, $6, $7, $8)`, [
    plu,
    kind,
    nyDate(seenAt),
    seenAt,
    source,
    values.from ?? null,
    values.to ?? null,
    values.bottles ?? null,
  ]);
}

const level = (plu: string, checkedAt: Date, total: number) => q(`INSERT INTO warehouse_levels (plu, checked_at, total_available) VALUES ($1, $2, $3)`, [plu, checkedAt, total]);
const shipment = (plu: string, boardId: number, shipDate: string, units: number) =>
  q(`INSERT INTO shipments (plu, board_id, ship_date, units) VALUES ($1, $2, $3::date, $4)`, [plu, boardId, shipDate, units]);
const history = (plu: string, checkedAt: Date, previous: number, next: number, changeType: string) =>
  q(`INSERT INTO inventory_history (store_id, plu, checked_at, previous_quantity, new_quantity, delta, change_type) VALUES ($1, $2, $3, $4, $5, $6, $7::"ChangeType")`, [
    store.id,
    plu,
    checkedAt,
    previous,
    next,
    next - previous,
    changeType,
  ]);
const run = (source: string, status: string, finishedAt: Date | null) =>
  q(`INSERT INTO scrape_runs (source, started_at, finished_at, status) VALUES ($1, $2, $3, $4::"RunStatus")`, [source, new Date((finishedAt ?? NOW).getTime() - 60_000), finishedAt, status]);

/** An incoming (forecast) shipment; its shipments row must exist. */
async function incoming(plu: string, boardId: number, shipDate: string, units: number, precision: string, status: string, createdAt: Date): Promise<string> {
  const [row] = await q<{ id: string }>(
    `INSERT INTO incoming (shipment_id, plu, board_id, ship_date, units, precision, status, created_at)
     SELECT id, plu, board_id, ship_date, $4, $5, $6::"IncomingStatus", $7 FROM shipments WHERE plu = $1 AND board_id = $2 AND ship_date = $3::date RETURNING id::text`,
    [plu, boardId, shipDate, units, precision, status, createdAt],
  );
  return row.id;
}

async function forecast(
  incomingId: string,
  storeId: number | null,
  f: { named: boolean; first: number; now: number; reason: string | null; window: [string, string]; expected: string | null; outcome: string; arrivedAt?: Date },
) {
  await q(
    `INSERT INTO forecasts (incoming_id, store_id, likelihood, first_likelihood, named, basis, reason, expected_date, window_start, window_end, outcome, arrived_at, updated_at)
     VALUES ($1::bigint, $2, $3, $4, $5, 'product', $6, $7::date, $8::date, $9::date, $10::"ForecastOutcome", $11, $12)`,
    [incomingId, storeId, f.now, f.first, f.named, f.reason, f.expected, f.window[0], f.window[1], f.outcome, f.arrivedAt ?? null, NOW],
  );
}

const getJourney = (plu: string) => browser.call(journeyRoute, `/api/products/${plu}/journey`, { params: { plu } });

beforeAll(async () => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  ({ browser } = await signedIn());
  journeyRoute = await routeHandler('/api/products/[plu]/journey', 'GET');
  comingRoute = await routeHandler('/api/coming', 'GET');
  [store] = await q<{ id: number; nickname: string }>(`SELECT id, nickname FROM stores WHERE board_id = $1 AND NOT mixed_beverage ORDER BY id LIMIT 1`, [WAKE]);
  wakeStores = await q(`SELECT id, nickname, store_number FROM stores WHERE board_id = $1 AND NOT mixed_beverage ORDER BY id LIMIT 3`, [WAKE]);
  [greensboroStore] = await q(`SELECT id, nickname, store_number FROM stores WHERE board_id = $1 AND NOT mixed_beverage ORDER BY id LIMIT 1`, [GREENSBORO]);
  boardName = new Map((await q<{ id: number; name_clean: string }>(`SELECT id, name_clean FROM boards`)).map((b) => [b.id, b.name_clean]));

  // The whole way, in the order the state's pages showed it.
  await product(P.journey, 'Journey Test Straight Bourbon', 'Allocation', { list_price: 69.99, retail_price: 64.99, state_list: 'Allocation', bottles_per_case: 6 });
  await event(P.journey, 'announced', at(60, 7, 5), 'price_list');
  await event(P.journey, 'price', at(45, 7, 5), 'price_list', { from: '59.99', to: '69.99' });
  await event(P.journey, 'listing', at(45, 7, 6), 'allocated_list', { from: null, to: 'Allocation' });
  await event(P.journey, 'listing', at(40, 9, 15), 'warehouse', { from: 'Unknown', to: 'Allocation' });
  await event(P.journey, 'received', at(40, 9, 15), 'warehouse', { bottles: 120 });
  await level(P.journey, at(40, 9, 15), 120);
  await level(P.journey, at(20, 9, 15), 30);
  // Shipped on day 20 to Wake and Durham (that day's extract recorded at 09:00), on day 10 to Greensboro (no extract row: the day's start).
  await q(
    `INSERT INTO shipment_days (ship_date, covers_from, status, applied, first_extracted_at, last_extracted_at, records, missing_board_ids)
     VALUES ($1::date, $1::date, 'complete', true, $2, $2, 1000, '{}')`,
    [day(20), at(20, 9)],
  );
  await shipment(P.journey, WAKE, day(20), 60);
  await shipment(P.journey, DURHAM, day(20), 30);
  await shipment(P.journey, GREENSBORO, day(10), 9);
  // On a Wake shelf: a debut, a rise, a sale (not an arrival).
  await history(P.journey, at(18, 10), 0, 6, 'first');
  await history(P.journey, at(15, 10), 6, 10, 'increase');
  await history(P.journey, at(12, 10), 10, 8, 'decrease');
  await q(`INSERT INTO store_inventory (store_id, plu, quantity, last_updated) VALUES ($1, $2, 8, $3)`, [store.id, P.journey, new Date(NOW.getTime() - 2 * 3_600_000)]);
  // Wake's shipment forecast as the extract was read: the first store named (8 in 10, as stated; the evidence moved
  // it to 1 since) got it, the second (6 in 10) did not by its window's end, the third was not named (left out).
  const wakeForecast = await incoming(P.journey, WAKE, day(20), 60, 'shelf', 'closed', at(20, 9, 5));
  await forecast(wakeForecast, store.id, { named: true, first: 0.8, now: 1, reason: 'gets every Allocation', window: [day(19), day(16)], expected: day(18), outcome: 'arrived', arrivedAt: at(18, 10) });
  await forecast(wakeForecast, wakeStores[1].id, { named: true, first: 0.6, now: 0.3, reason: null, window: [day(19), day(16)], expected: null, outcome: 'not_arrived' });
  await forecast(wakeForecast, wakeStores[2].id, { named: false, first: 0.1, now: 0.05, reason: null, window: [day(19), day(16)], expected: null, outcome: 'not_arrived' });
  // Greensboro's, still open: its one named store's window is not over.
  const greensboroForecast = await incoming(P.journey, GREENSBORO, day(10), 9, 'shelf', 'open', at(10, 11, 20));
  await forecast(greensboroForecast, greensboroStore.id, { named: true, first: 0.55, now: 0.55, reason: null, window: [day(1), addDays(TODAY, 2)], expected: TODAY, outcome: 'open' });

  await product(P.announced, 'Journey Test Barrel Proof Rye', 'Limited', { list_price: 89.95, state_list: 'Limited' });
  await event(P.announced, 'announced', at(5, 7, 5), 'price_list');

  await product(P.received, 'Journey Test Single Barrel', 'Barrel', { list_price: 54.99, bottles_per_case: 12 });
  await event(P.received, 'announced', at(30, 7, 5), 'price_list');
  await event(P.received, 'received', at(3, 9, 15), 'warehouse', { bottles: 60 });
  await level(P.received, at(3, 9, 15), 60);

  await product(P.shippedAfter, 'Journey Test Small Batch', 'Allocation', { list_price: 39.99 });
  await event(P.shippedAfter, 'announced', at(50, 7, 5), 'price_list');
  await event(P.shippedAfter, 'received', at(40, 9, 15), 'warehouse', { bottles: 24 });
  await level(P.shippedAfter, at(40, 9, 15), 24);
  await level(P.shippedAfter, at(35, 9, 15), 0);
  await shipment(P.shippedAfter, WAKE, day(35), 24);

  await product(P.listed, 'Journey Test Everyday Bourbon', 'Listed', { list_price: 24.99 });
  await event(P.listed, 'announced', at(2, 7, 5), 'price_list');

  await product(P.newRelease, 'Journey Test New Release', 'Unknown', { list_price: 149.99 });
  await event(P.newRelease, 'announced', at(1, 7, 5), 'price_list');

  await product(P.tooOld, 'Journey Test Forgotten', 'Allocation', { list_price: 44.99 });
  await event(P.tooOld, 'announced', at(130, 7, 5), 'price_list');

  // How old each source is: the latest whole run (ok or partial), a later failure or a running one not counted.
  await run('price_list', 'ok', at(1, 7, 6));
  await run('price_list', 'ok', at(2, 7, 6));
  await run('allocated_list', 'ok', at(1, 7, 7));
  await run('allocated_list', 'failed', at(0, 7, 7));
  await run('warehouse', 'partial', at(0, 11, 46));
  await run('warehouse', 'running', null);
  await run('shipments', 'failed', at(0, 9, 1));
});

const iso = (d: Date) => d.toISOString();

describe('GET /api/products/{plu}/journey', () => {
  it('lists every step oldest first, with cases where the case size is known, and says it is on shelves', async () => {
    const res = await getJourney(P.journey);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const journey = productJourneySchema.parse(res.json);
    expect(journey.product).toEqual({
      plu: P.journey,
      name: 'Journey Test Straight Bourbon',
      listing_type: 'Allocation',
      state_list: 'Allocation',
      list_price: 69.99,
      retail_price: 64.99,
      size_ml: 750,
      age: '12 YR',
      proof: 101.5,
    });
    expect(journey.stage).toBe('on_shelves');
    expect(journey.warehouse_bottles).toBe(30);
    const expected: JourneyStep[] = [
      // Announced at the price it had before the price list changed it.
      { kind: 'announced', day: day(60), at: iso(at(60, 7, 5)), price: 59.99 },
      { kind: 'price', day: day(45), at: iso(at(45, 7, 5)), from: 59.99, to: 69.99 },
      { kind: 'listing', day: day(45), at: iso(at(45, 7, 6)), source: 'allocated_list', from: null, to: 'Allocation' },
      // The same run's relabel and receipt: in the order a product goes through them.
      { kind: 'listing', day: day(40), at: iso(at(40, 9, 15)), source: 'warehouse', from: 'Unknown', to: 'Allocation' },
      { kind: 'received', day: day(40), at: iso(at(40, 9, 15)), bottles: 120, cases: 20 },
      { kind: 'shipped', day: day(20), at: iso(at(20, 9)), board_id: DURHAM, board_name: boardName.get(DURHAM)!, units: 30, cases: 5 },
      { kind: 'shipped', day: day(20), at: iso(at(20, 9)), board_id: WAKE, board_name: boardName.get(WAKE)!, units: 60, cases: 10 },
      // Forecast after the extract was read: the stated likelihoods, and how each came out; the unnamed store left out.
      {
        kind: 'forecast',
        day: day(20),
        at: iso(at(20, 9, 5)),
        incoming_id: expect.any(String) as string,
        board_id: WAKE,
        board_name: boardName.get(WAKE)!,
        precision: 'shelf',
        units: 60,
        status: 'closed',
        places: [
          {
            store: { store_id: store.id, store_number: wakeStores[0].store_number, nickname: store.nickname },
            named: true,
            stated_likelihood: 0.8,
            likelihood_words: 'very likely',
            likelihood_in_ten: '8 in 10',
            why: 'gets every Allocation',
            expected_date: day(18),
            window_start: day(19),
            window_end: day(16),
            outcome: 'arrived',
            arrived_at: iso(at(18, 10)),
          },
          {
            store: { store_id: wakeStores[1].id, store_number: wakeStores[1].store_number, nickname: wakeStores[1].nickname },
            named: true,
            stated_likelihood: 0.6,
            likelihood_words: 'likely',
            likelihood_in_ten: '6 in 10',
            why: null,
            expected_date: null,
            window_start: day(19),
            window_end: day(16),
            outcome: 'not_arrived',
            arrived_at: null,
          },
        ],
      },
      { kind: 'arrived', day: day(18), at: iso(at(18, 10)), store_id: store.id, store_name: store.nickname, board_name: boardName.get(WAKE)!, quantity: 6 },
      { kind: 'arrived', day: day(15), at: iso(at(15, 10)), store_id: store.id, store_name: store.nickname, board_name: boardName.get(WAKE)!, quantity: 4 },
      // No extract recorded that day: dated at the day's start; a part case is not rounded up.
      { kind: 'shipped', day: day(10), at: iso(nyTimeToUtc(day(10), 0)), board_id: GREENSBORO, board_name: boardName.get(GREENSBORO)!, units: 9, cases: 1.5 },
      {
        kind: 'forecast',
        day: day(10),
        at: iso(at(10, 11, 20)),
        incoming_id: expect.any(String) as string,
        board_id: GREENSBORO,
        board_name: boardName.get(GREENSBORO)!,
        precision: 'shelf',
        units: 9,
        status: 'open',
        places: [
          {
            store: { store_id: greensboroStore.id, store_number: greensboroStore.store_number, nickname: greensboroStore.nickname },
            named: true,
            stated_likelihood: 0.55,
            likelihood_words: 'likely',
            likelihood_in_ten: '6 in 10',
            why: null,
            expected_date: TODAY,
            window_start: day(1),
            window_end: addDays(TODAY, 2),
            outcome: 'open',
            arrived_at: null,
          },
        ],
      },
    ];
    expect(journey.steps).toEqual(expected);
  });

  it("says how old each source is: its latest whole run's finish, null when never read whole", async () => {
    const journey = productJourneySchema.parse((await getJourney(P.journey)).json);
    expect(journey.as_of).toEqual({ price_list: iso(at(1, 7, 6)), allocated_list: iso(at(1, 7, 7)), warehouse: iso(at(0, 11, 46)), shipments: null });
  });

  it('moves through the stages as time passes: shipped, at the warehouse, then listed', async () => {
    // Off the shelf (sold out): shipped to Greensboro ten days ago.
    await q(`UPDATE store_inventory SET quantity = 0 WHERE plu = $1`, [P.journey]);
    expect((await productJourney(P.journey, NOW)).stage).toBe('shipped');
    // 25 days on: the last shipment is 35 days old, the warehouse still holds 30.
    const later = new Date(NOW.getTime() + 25 * 86_400_000);
    expect((await productJourney(P.journey, later)).stage).toBe('at_warehouse');
    await level(P.journey, at(1, 9, 15), 0);
    expect((await productJourney(P.journey, later)).stage).toBe('listed');
    // Stock nobody has confirmed for over a day is not on shelves.
    await q(`UPDATE store_inventory SET quantity = 8, last_updated = $2 WHERE plu = $1`, [P.journey, at(3, 10)]);
    expect((await productJourney(P.journey, NOW)).stage).toBe('shipped');
  });

  it('announced: only the price list has shown it, at its list price', async () => {
    const journey = productJourneySchema.parse((await getJourney(P.announced)).json);
    expect(journey).toMatchObject({ stage: 'announced', warehouse_bottles: null, product: { state_list: 'Limited', list_price: 89.95, retail_price: null } });
    expect(journey.steps).toEqual([{ kind: 'announced', day: day(5), at: iso(at(5, 7, 5)), price: 89.95 }]);
    const received = productJourneySchema.parse((await getJourney(P.received)).json);
    expect(received).toMatchObject({ stage: 'at_warehouse', warehouse_bottles: 60 });
    expect(received.steps.at(-1)).toEqual({ kind: 'received', day: day(3), at: iso(at(3, 9, 15)), bottles: 60, cases: 5 });
    // Announced, received and shipped long ago, the warehouse empty: listed.
    expect(productJourneySchema.parse((await getJourney(P.shippedAfter)).json).stage).toBe('listed');
  });

  it('names the stage by its rules', () => {
    const announced: JourneyStep = { kind: 'announced', day: day(9), at: iso(at(9, 7)), price: null };
    const now = { onShelves: false, warehouseBottles: null, today: TODAY };
    expect(stageOf([], now)).toBe('listed');
    expect(stageOf([announced], now)).toBe('announced');
    expect(stageOf([announced], { ...now, warehouseBottles: 0 })).toBe('announced');
    expect(stageOf([announced, { kind: 'received', day: day(8), at: iso(at(8, 9)), bottles: 6, cases: null }], now)).toBe('listed');
    expect(stageOf([announced], { ...now, warehouseBottles: 6 })).toBe('at_warehouse');
    expect(stageOf([announced], { ...now, warehouseBottles: 6, onShelves: true })).toBe('on_shelves');
  });

  it('answers a PLU the catalog does not know with a 404, a malformed one with a 400, and nobody signed in with a 401', async () => {
    const missing = await getJourney('99999');
    expectClientError(missing, 404);
    expect(missing.json).toMatchObject({ code: 'PRODUCT_NOT_FOUND', error: 'No product with PLU 99999' });
    for (const bad of ['abc', '1234', '123456', '27090x', '']) {
      const res = await getJourney(bad);
      expectClientError(res, 400);
      expect(res.json.code).toBe('INVALID_INPUT');
    }
    expectClientError(await new TestClient().call(journeyRoute, `/api/products/${P.journey}/journey`, { params: { plu: P.journey } }), 401);
  });
});

describe('GET /api/coming', () => {
  it('lists the hunted products announced or received and not shipped since, newest first', async () => {
    const res = await browser.call(comingRoute, '/api/coming');
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const coming = comingSchema.parse(res.json);
    // Not the product shipped after its receipt, nor the Listed one, nor the one announced 130 days ago, nor the
    // one whose latest receipt (40 days ago) was shipped since.
    expect(coming.products.map((p) => p.plu)).toEqual([P.newRelease, P.received, P.announced]);
    expect(coming.products[0]).toEqual({
      plu: P.newRelease,
      name: 'Journey Test New Release',
      listing_type: 'Unknown',
      state_list: null,
      list_price: 149.99,
      size_ml: 750,
      stage: 'announced',
      announced_on: day(1),
      received_on: null,
      warehouse_bottles: null,
      latest_step_on: day(1),
    });
    expect(coming.products[1]).toMatchObject({ stage: 'at_warehouse', announced_on: day(30), received_on: day(3), warehouse_bottles: 60, latest_step_on: day(3) });
    expect(coming.products[2]).toMatchObject({ stage: 'announced', state_list: 'Limited', list_price: 89.95, announced_on: day(5), received_on: null });
    expect(coming.as_of).toEqual(productJourneySchema.parse((await getJourney(P.announced)).json).as_of);
  });

  it('drops a product once it ships, and shows it again when received again', async () => {
    await shipment(P.received, WAKE, day(1), 12);
    expect((await comingProducts(NOW)).products.map((p) => p.plu)).toEqual([P.newRelease, P.announced]);
    await event(P.received, 'received', at(0, 9, 15), 'warehouse', { bottles: 36 });
    const again = (await comingProducts(NOW)).products.find((p) => p.plu === P.received);
    expect(again).toMatchObject({ stage: 'at_warehouse', received_on: TODAY, latest_step_on: TODAY });
  });

  it('needs a signed-in user', async () => {
    expectClientError(await new TestClient().call(comingRoute, '/api/coming'), 401);
  });
});
