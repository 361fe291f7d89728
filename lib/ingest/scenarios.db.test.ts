import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_RESPELLING, type FaultKind, type RunningSimulator } from '../../simulator/index.ts';
import { newUser, signedIn } from '../../testing/harness.ts';
import type { TestDatabase } from '../../testing/database.ts';
import { startScraperScenario, type ScraperScenario } from '../../testing/scraper-scenario.ts';
import {
  advanceToDelivery,
  deliveriesBetween,
  expectRestockArrival,
  nextSureRestock,
  toQuietWindow,
  toShortlyBefore,
  type SureRestock,
} from '../../testing/deliveries.ts';
import { sql } from '../../testing/sql.ts';
import { byStoreNumber, expectShownAsLastSeen, expectShownAsUnknown } from '../../testing/stock-shown.ts';
import { insertWatcher } from '../../testing/users.ts';
import { addDays, nyDate, nyTimeToUtc } from '../time.ts';
import { allocatedCurrent, productStores } from '../reports/inventory.ts';
import { CONFIRM_GRACE_MINUTES } from '../reports/stock-age.ts';
import { env } from '../env.ts';
import { runCycle } from './runner.ts';
import { DAY_MINUTES, nextAskAt } from './schedule.ts';
import { productsToPoll } from './tiers.ts';
import {
  expectExact,
  expectRunRecord,
  isArrival,
  pagesSaid,
  verdict,
  type Change,
  type PagesSaid,
  type Verdict,
} from '../../testing/ground-truth.ts';
import { routeHandler } from '../../testing/api.ts';

// The routes these tests call, by their URL (lib/ does not import app/).
const health = await routeHandler('/api/health', 'GET');
const todaysArrivals = await routeHandler('/api/inventory/todays-arrivals', 'GET');

// Ingestion judged by ground truth: the real scraper reads the simulator's pages over HTTP, and after every
// Wake poll the history it wrote is compared with what the simulated shelves really did between the
// polls. For each scenario: arrival precision = recall = 100%, no false sell-out, every recorded quantity
// equal to the shelf, the products the run records as said nothing about or failed exactly the ones the
// simulator's pages did, and the run status and error an operator sees.

let database: TestDatabase;
let stop: ScraperScenario['stop'] | undefined;
let sim: RunningSimulator;
const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => sql<T>(text, params, database.url);

/** What the scraper has observed so far, per "storeNumber:plu": the truth at the poll that last saw the cell. */
const observed = new Map<string, number>();
/** Cells that ever had stock as observed (a store_inventory row exists): the next rise is an increase, not a first. */
const everStocked = new Set<string>();
let storeNumberOf: Map<number, number>;
const WAKE = 179;
let lastPollAt = 0;
/** What the pages said about each product at the latest poll pollAndJudge made (the simulator's record). */
let latestSaid: PagesSaid;

/** Cells of products Wake said nothing about at the latest poll: their last stock must have been kept. */
let kept = new Set<string>();

/**
 * One Wake poll at the simulator's current time, judged. Which products the pages answered, said nothing
 * about or failed comes from the simulator's record of what it served, and the run record must name
 * exactly those (expectRunRecord). A product whose request failed is not observed. A product with stock at
 * a respelled store has a line that matches no store: only the stores its listing names (with stock) are
 * observed; the others keep their last stock. A product Wake said nothing about ("nothing matched": a
 * hiccup, a delisting, a debut not out yet) is not observed either: nothing may be written, its last stock
 * is kept. The board was asked, though: a store never seen holding it whose shelf is truly empty counts as
 * 0 from now on (its first bottles later are a debut). A poll in which no product answered is no evidence
 * of anything: it observes nothing at all.
 */
async function pollAndJudge(): Promise<Verdict> {
  const now = sim.world.now();
  // Each poll is read back by its time: two at one instant would mix their rows.
  expect(now.getTime(), 'a poll after the last one').toBeGreaterThan(lastPollAt);
  lastPollAt = now.getTime();
  const { hot, listed } = await productsToPoll(now);
  const polled = [...hot, ...listed].filter((plu) => sim.world.product(plu));
  sim.takeServedAnswers(); // only this poll's answers count
  const cycle = await runCycle({ now, sources: ['wake_inventory'] });
  const run = cycle.runs[0].outcome;
  const said = pagesSaid(sim.takeServedAnswers(), WAKE);
  latestSaid = said;
  expectRunRecord(run, said, `Wake poll at ${now.toISOString()}`);
  expect(run.details?.skipped ?? 0, 'every product asked').toBe(0);

  const anyAnswer = said.answered.size > 0;
  const respelled = new Set(sim.world.respellings().keys());
  const truth = sim.world.stockSnapshot(polled);

  const expected: Change[] = [];
  const observable = new Set<string>();
  kept = new Set();
  for (const [plu, shelves] of truth) {
    if (said.silent.has(plu)) {
      for (const [storeNumber, shelf] of shelves) {
        const cell = `${storeNumber}:${plu}`;
        if (anyAnswer && !observed.has(cell) && shelf === 0) observed.set(cell, 0);
        kept.add(cell);
      }
      continue;
    }
    if (!said.answered.has(plu)) continue; // no answer: not observed
    // A listing with a line for a respelled store is partial: only the stores it names are observed.
    const partial = [...respelled].some((storeNumber) => (shelves.get(storeNumber) ?? 0) > 0);
    for (const [storeNumber, after] of shelves) {
      const cell = `${storeNumber}:${plu}`;
      if (partial && (after === 0 || respelled.has(storeNumber))) continue;
      observable.add(cell);
      const before = observed.get(cell);
      observed.set(cell, after);
      if (before === undefined || before === after) continue; // a baseline, or no change
      const type = after > before ? (everStocked.has(cell) ? 'increase' : 'first') : after === 0 ? 'sold_out' : 'decrease';
      expected.push({ storeNumber, plu, before, after, type });
    }
  }
  for (const cell of observable) if ((observed.get(cell) ?? 0) > 0) everStocked.add(cell);

  const rows = await q<{ store_id: number; plu: string; previous_quantity: number; new_quantity: number; change_type: Change['type'] }>(
    `SELECT store_id, plu, previous_quantity, new_quantity, change_type::text AS change_type FROM inventory_history WHERE checked_at = $1`,
    [now],
  );
  const written = rows.map((r) => ({ storeNumber: storeNumberOf.get(r.store_id)!, plu: r.plu, before: r.previous_quantity, after: r.new_quantity, type: r.change_type }));

  const current = await q<{ store_id: number; plu: string; quantity: number }>(
    `SELECT store_id, plu, quantity FROM store_inventory WHERE plu = ANY($1::text[])`,
    [polled],
  );
  const recorded = new Map(current.map((r) => [`${storeNumberOf.get(r.store_id)}:${r.plu}`, r.quantity]));
  // Answered cells equal the shelves; the cells of a product that said nothing keep their last stock.
  const wrongStock = [...observable, ...kept].filter((cell) => (recorded.get(cell) ?? 0) !== (observed.get(cell) ?? 0));
  return verdict(run, expected, written, (plu, storeNumber) => truth.get(plu)?.get(storeNumber) ?? 0, wrongStock);
}

/** Moves the simulated clock just past the next Wake delivery that brings hunted bottles. */
const toDelivery = () => advanceToDelivery(sim.world, WAKE);
const advanceMinutes = (minutes: number) => sim.world.advance(minutes * 60_000);
/** The simulator's next 15-minute tick (when scheduled events happen), in ms. */
const nextTick = () => Math.ceil(sim.world.now().getTime() / 900_000) * 900_000;
/** Moves the clock to a minute past `ms`. */
const minuteAfter = (ms: number) => sim.world.setTime(new Date(ms + 60_000));

async function lastRun(source: string) {
  const [run] = await q<{ status: string; error: string | null; details: Record<string, unknown> | null }>(
    `SELECT status::text, error, details FROM scrape_runs WHERE source = $1 ORDER BY id DESC LIMIT 1`,
    [source],
  );
  return run;
}

async function counts() {
  const [row] = await q<{ history: number; inventory: string; polls: number; levels: number; shipments: number }>(
    `SELECT (SELECT count(*)::int FROM inventory_history) AS history,
            (SELECT md5(coalesce(string_agg(store_id || ':' || plu || ':' || quantity, ',' ORDER BY store_id, plu), '')) FROM store_inventory) AS inventory,
            (SELECT count(*)::int FROM board_product_polls) AS polls,
            (SELECT count(*)::int FROM warehouse_levels) AS levels,
            (SELECT count(*)::int FROM shipments) AS shipments`,
  );
  return row;
}

/** The latest recorded warehouse level of every product the report lists, against that report. */
async function expectWarehouseLevels(dayNumber?: number) {
  const report = sim.world.warehouseRows(dayNumber);
  expect(report.rows, 'the report has rows').not.toBeNull();
  const latest = await q<{ plu: string; total_available: number }>(
    `SELECT DISTINCT ON (plu) plu, total_available FROM warehouse_levels ORDER BY plu, checked_at DESC`,
  );
  const recorded = new Map(latest.map((r) => [r.plu, r.total_available]));
  expect(report.rows!.length).toBeGreaterThan(3000);
  const wrong = report.rows!.filter((r) => recorded.get(r.product.plu) !== r.available).map((r) => `${r.product.plu}: ${recorded.get(r.product.plu)} ≠ ${r.available}`);
  expect(wrong.slice(0, 5), 'warehouse levels equal the report').toEqual([]);
}

beforeAll(async () => {
  // Monday 16 Nov 2026, 07:00 New York.
  ({ sim, database, stop } = await startScraperScenario('scenarios', { seed: 29, start: '2026-11-16T12:00:00Z' }, { SOURCE_TIMEOUT_MS: '2000' }));
  storeNumberOf = new Map((await q<{ id: number; store_number: number }>('SELECT id, store_number FROM stores WHERE board_id = 179')).map((s) => [s.id, s.store_number]));
}, 120_000);

afterAll(async () => {
  await stop?.();
});

describe('ingestion scenarios against the simulator, judged by its ground truth', () => {
  it('a baseline: the first poll of every source records current stock and no history', async () => {
    const first = await runCycle({ now: sim.world.now(), sources: ['wake_locator', 'warehouse', 'shipments'] });
    expect(first.runs.map((r) => [r.source, r.outcome.status])).toEqual([['wake_locator', 'ok'], ['warehouse', 'ok'], ['shipments', 'ok']]);
    const v = await pollAndJudge();
    expect(v.status).toBe('ok');
    expect(v.written).toEqual([]);
    expect(v.expected).toEqual([]);
    expect(v.wrongStock).toEqual([]);
    await expectWarehouseLevels();
    // The catalog's own unclassified rows (the report prints no type for them) are ordinary products, not news.
    expect(await q(`SELECT plu, listing_type::text FROM products WHERE plu IN ('51518', '23076') ORDER BY plu`)).toEqual([
      { plu: '23076', listing_type: 'Listed' },
      { plu: '51518', listing_type: 'Listed' },
    ]);
    expect((await productsToPoll(sim.world.now())).hot).not.toContain('51518');
  }, 60_000);

  it('a delivery: every arrival at the right store with the right quantity, and nothing else', async () => {
    toDelivery();
    const v = await pollAndJudge();
    expect(v.status).toBe('ok');
    expect(v.arrivals.expected, 'the delivery brought hunted bottles').toBeGreaterThan(0);
    expectExact(v, 'delivery');
  }, 60_000);

  it('a debut: a new PLU learned from the warehouse report, then on three shelves, is three first arrivals', async () => {
    const tick = nextTick();
    sim.world.scheduleDebut({
      plu: '99111',
      name: 'Old Forester Birthday Bourbon 2026',
      listingTypeLabel: 'Special Release',
      retailPrice: 149.95,
      sizeMl: 750,
      warehouseFrom: tick,
      releaseAt: tick + 60 * 60_000,
      classifyAt: tick + 3 * 60 * 60_000,
      classifyAs: 'Allocation',
      stores: [{ storeNumber: 3, quantity: 2 }, { storeNumber: 7, quantity: 4 }, { storeNumber: 12, quantity: 1 }],
    });
    minuteAfter(tick);
    const warehouse = await runCycle({ now: sim.world.now(), sources: ['warehouse'] });
    expect(warehouse.runs[0].outcome.status).toBe('ok');
    // Unknown to the catalog, with a listing type the product does not know: a new release, hunted.
    expect(await q(`SELECT name, listing_type::text FROM products WHERE plu = '99111'`)).toEqual([
      { name: 'Old Forester Birthday Bourbon 2026', listing_type: 'Unknown' },
    ]);
    expect((await productsToPoll(sim.world.now())).hot, 'a new release is polled every cycle').toContain('99111');

    // Searched before it is on any shelf: Wake answers "nothing", which is recorded.
    const before = await pollAndJudge();
    expectExact(before, 'before the release');
    minuteAfter(tick + 60 * 60_000);
    const debut = await pollAndJudge();
    expectExact(debut, 'the debut');
    expect(debut.written.filter((c) => c.plu === '99111').map((c) => [c.storeNumber, c.type, c.after]).sort()).toEqual([
      [12, 'first', 1],
      [3, 'first', 2],
      [7, 'first', 4],
    ]);

    // Hunters see it on Today's Arrivals.
    const { browser } = await signedIn();
    const day = await browser.call(todaysArrivals, '/api/inventory/todays-arrivals', { query: { date: nyDate(sim.world.now()) } });
    expect(day.json.arrivals.filter((a: { plu: string }) => a.plu === '99111')).toHaveLength(3);

    // The warehouse report classifies it later: from then on it is an Allocation product.
    minuteAfter(tick + 3 * 60 * 60_000);
    await runCycle({ now: sim.world.now(), sources: ['warehouse'] });
    expect(await q(`SELECT listing_type::text FROM products WHERE plu = '99111'`)).toEqual([{ listing_type: 'Allocation' }]);
    expectExact(await pollAndJudge(), 'after the classification');
  }, 90_000);

  it('a debut of a catalog product never seen at Wake before: first arrivals, not a baseline', async () => {
    const tick = nextTick();
    // An Allocation product of the catalog, polled every cycle and so far found nowhere.
    const [{ plu }] = await q<{ plu: string }>(
      `SELECT p.plu FROM products p WHERE p.listing_type = 'Allocation'
          AND NOT EXISTS (SELECT 1 FROM store_inventory si WHERE si.plu = p.plu AND si.quantity > 0)
          AND EXISTS (SELECT 1 FROM board_product_polls b WHERE b.plu = p.plu) ORDER BY p.plu LIMIT 1`,
    );
    const product = sim.world.product(plu)!;
    sim.world.scheduleDebut({
      plu,
      name: product.name,
      listingTypeLabel: 'Allocation',
      retailPrice: product.retailPrice,
      sizeMl: product.sizeMl,
      warehouseFrom: tick,
      releaseAt: tick + 15 * 60_000,
      stores: [{ storeNumber: 5, quantity: 6 }, { storeNumber: 9, quantity: 3 }],
    });
    minuteAfter(tick);
    expectExact(await pollAndJudge(), 'before the release');
    minuteAfter(tick + 15 * 60_000);
    const debut = await pollAndJudge();
    expectExact(debut, 'the debut');
    expect(debut.written.filter((c) => c.plu === plu).map((c) => c.type)).toEqual(['first', 'first']);
  }, 60_000);

  it('a respelled address never reads as a sell-out, and its return never as an arrival', async () => {
    const store = EXAMPLE_RESPELLING.storeNumber;
    advanceMinutes(15);
    sim.respell(store, EXAMPLE_RESPELLING.address);
    const stocked = [...observed].filter(([cell, qty]) => cell.startsWith(`${store}:`) && qty > 0);
    expect(stocked.length, `store ${store} holds polled products`).toBeGreaterThan(0);

    let respelled: Verdict;
    try {
      respelled = await pollAndJudge();
    } finally {
      sim.respell(store, null);
    }
    expect(respelled.status).toBe('partial');
    expect(respelled.error).toMatch(/store line\(s\) matched no known store, e\.g\. "7200 Sandy Forks Road/);
    expect(respelled.falseSellOuts).toEqual([]);
    expectExact(respelled, 'respelled');
    // Its products kept their last known stock there.
    const kept = await q<{ plu: string; quantity: number }>(
      `SELECT si.plu, si.quantity FROM store_inventory si JOIN stores s ON s.id = si.store_id WHERE s.store_number = $1 AND si.quantity > 0`,
      [store],
    );
    for (const [cell, qty] of stocked) if (sim.world.stockOf(cell.split(':')[1]).get(store)! > 0) expect(kept).toContainEqual({ plu: cell.split(':')[1], quantity: qty });
    // The operator (signed-in staff) sees the line on /api/health.
    const { browser: staff } = await signedIn(await newUser({ role: 'admin' }));
    const report = await staff.call(health, '/api/health');
    const wake = report.json.scrapers.find((s: { source: string }) => s.source === 'wake_inventory');
    expect(wake.unmatched_store_lines.count).toBeGreaterThan(0);
    expect(wake.unmatched_store_lines.examples[0]).toMatchObject({ address: expect.stringContaining('Sandy Forks Road'), reason: 'unknown' });

    // The old spelling returns (cleared above): only real changes since are written.
    advanceMinutes(15);
    const back = await pollAndJudge();
    expect(back.status).toBe('ok');
    expectExact(back, 'the spelling returns');
  }, 60_000);

  /** Products polled every cycle that some Wake store holds, as last observed and on the shelves now. */
  const onShelves = async (n: number) => {
    const { hot } = await productsToPoll(sim.world.now());
    const held = hot.filter((plu) => sim.world.product(plu) && [...observed].some(([cell, qty]) => cell.endsWith(`:${plu}`) && qty > 0));
    const now = held.filter((plu) => [...sim.world.stockOf(plu).values()].some((qty) => qty > 0));
    expect(now.length, 'products on Wake shelves').toBeGreaterThanOrEqual(n);
    return now.slice(0, n);
  };
  /** Recorded stock of some products, per "storeNumber:plu" (stock > 0 only). */
  const stockOf = async (plus: string[]) =>
    new Map(
      (await q<{ store_id: number; plu: string; quantity: number }>(`SELECT store_id, plu, quantity FROM store_inventory WHERE plu = ANY($1::text[]) AND quantity > 0`, [plus])).map(
        (r) => [`${storeNumberOf.get(r.store_id)}:${r.plu}`, r.quantity],
      ),
    );
  const watched = new Set<string>();
  /**
   * The next Wake delivery sure to bring back a product on its shelves (SimWorld.sureRestocks), that
   * product watched by a hunter so every poll asks about it, and one poll that observes it.
   */
  async function watchedRestock(): Promise<SureRestock> {
    advanceMinutes(15);
    const catalog = new Set((await q<{ plu: string }>('SELECT plu FROM products')).map((r) => r.plu));
    const restock = nextSureRestock(sim.world, WAKE, (plu) => catalog.has(plu) && !watched.has(plu));
    await insertWatcher(database.url, [restock.plu]);
    watched.add(restock.plu);
    expectExact(await pollAndJudge(), 'the watched product observed');
    expect(observed.get(`${restock.storeNumber}:${restock.plu}`), 'its shelf at the store the delivery restocks').toBe(restock.shelf);
    return restock;
  }

  it('a single "nothing matched" hiccup, then found again with no delivery in between: no arrival, no sell-out, stock equal to the shelves', async () => {
    advanceMinutes(15);
    toQuietWindow(sim.world, WAKE, 45);
    const from = sim.world.now();
    expectExact(await pollAndJudge(), 'before the hiccup');
    const silent = await onShelves(3);
    const before = await stockOf(silent);
    advanceMinutes(15);
    sim.setFault('/search-results', 'nothing-matched', undefined, silent);
    let hiccup: Verdict;
    try {
      hiccup = await pollAndJudge();
    } finally {
      sim.setFault('*', 'none');
    }
    expect(hiccup.status).toBe('ok');
    expect([...latestSaid.silent]).toEqual(expect.arrayContaining(silent));
    expectExact(hiccup, 'nothing matched, one poll');
    expect(hiccup.written.filter((c) => silent.includes(c.plu))).toEqual([]);
    expect(await stockOf(silent)).toEqual(before);
    // Where the stock is shown, it says when it was last confirmed.
    const shown = await productStores(silent[0], WAKE, sim.world.now());
    expect(shown.stores.length).toBeGreaterThan(0);
    expect(shown.stores.every((s) => s.last_seen !== null && Date.parse(s.last_seen) < sim.world.nowMillis())).toBe(true);

    advanceMinutes(15);
    const back = await pollAndJudge();
    expect(deliveriesBetween(sim.world, WAKE, from, sim.world.now()), 'no delivery in between').toEqual([]);
    expect(back.status).toBe('ok');
    expectExact(back, 'found again');
    expect(back.written.filter((c) => silent.includes(c.plu) && isArrival(c)), 'no arrival of the silenced products').toEqual([]);
    expect((await productStores(silent[0], WAKE, sim.world.now())).stores.every((s) => s.last_seen === null)).toBe(true);
  }, 60_000);

  it('"nothing matched" for a product on the shelves, then found again after a delivery of that very product: the true increase at that store, nothing else', async () => {
    const restock = await watchedRestock();
    const silent = [restock.plu, ...(await onShelves(3)).filter((plu) => plu !== restock.plu).slice(0, 2)];
    const before = await stockOf(silent);
    toShortlyBefore(sim.world, restock.at);
    const silencedAt = sim.world.now();
    sim.setFault('/search-results', 'nothing-matched', undefined, silent);
    let hiccup: Verdict;
    try {
      hiccup = await pollAndJudge();
    } finally {
      sim.setFault('*', 'none');
    }
    expect(hiccup.status).toBe('ok');
    expect([...latestSaid.silent]).toEqual(expect.arrayContaining(silent));
    expectExact(hiccup, 'nothing matched, before the delivery');
    expect(await stockOf(silent)).toEqual(before);

    sim.world.setTime(new Date(restock.at.getTime() + 60_000));
    const delivery = sim.world.deliveriesOn(nyDate(restock.at)).find((d) => d.storeNumber === restock.storeNumber && d.at.getTime() === restock.at.getTime());
    expect(delivery?.items.find((i) => i.plu === restock.plu), 'the delivery brought it back to par').toMatchObject({ after: restock.par });
    const back = await pollAndJudge();
    expect(back.status).toBe('ok');
    expectExact(back, 'found again after the delivery');
    expectRestockArrival(sim.world, WAKE, back, restock, silencedAt, restock.par);
  }, 60_000);

  it('"nothing matched" for products on the shelves, several polls in a row through a delivery of one of them and sales: exact every time, never a sell-out, the true increase when found again', async () => {
    const restock = await watchedRestock();
    const silent = [restock.plu, ...(await onShelves(4)).filter((plu) => plu !== restock.plu).slice(0, 3)];
    const before = await stockOf(silent);
    const silencedAt = sim.world.now();
    sim.setFault('/search-results', 'nothing-matched', undefined, silent);
    try {
      for (let i = 0; i < 3; i++) {
        if (i === 0) toShortlyBefore(sim.world, restock.at);
        else if (i === 1) sim.world.setTime(new Date(restock.at.getTime() + 60_000)); // the silenced product is delivered
        else advanceMinutes(90);
        const v = await pollAndJudge();
        expect(v.status, `poll ${i + 1}`).toBe('ok');
        expectExact(v, `nothing matched, poll ${i + 1}`);
        expect(await stockOf(silent), `poll ${i + 1}: kept`).toEqual(before);
      }
    } finally {
      sim.setFault('*', 'none');
    }
    advanceMinutes(15);
    const back = await pollAndJudge();
    expectExact(back, 'found again after three polls');
    expect(back.falseSellOuts).toEqual([]);
    const shelf = sim.world.stockOf(restock.plu).get(restock.storeNumber)!;
    expect(shelf, 'still more than before the delivery').toBeGreaterThan(restock.shelf);
    expectRestockArrival(sim.world, WAKE, back, restock, silencedAt, shelf);
  }, 120_000);

  it('"nothing matched" for every product of one poll (the search looks broken): a failed run that writes nothing, and the next good poll is exact', async () => {
    // A product on Wake's shelves that Wake was never asked about, watched from now: that broken search's
    // "nothing" must not make its first answer a debut.
    const asked = new Set((await q<{ plu: string }>('SELECT plu FROM board_product_polls WHERE board_id = $1', [WAKE])).map((r) => r.plu));
    const catalog = new Set((await q<{ plu: string }>('SELECT plu FROM products')).map((r) => r.plu));
    const [fresh] = [...sim.world.stockSnapshot()].filter(([plu, shelves]) => catalog.has(plu) && !asked.has(plu) && [...shelves.values()].some((n) => n > 0)).map(([plu]) => plu);
    expect(fresh, 'a product on the shelves never asked about').toBeDefined();
    await insertWatcher(database.url, [fresh]);
    advanceMinutes(15);
    const before = await counts();
    sim.setFault('/search-results', 'nothing-matched');
    let broken: Verdict;
    try {
      broken = await pollAndJudge();
    } finally {
      sim.setFault('*', 'none');
    }
    expect(latestSaid.answered.size, 'no product answered').toBe(0);
    expect(latestSaid.silent).toContain(fresh);
    expect(broken.status).toBe('failed');
    expect(broken.error).toMatch(/^Wake County inventory said nothing about any of the \d+ product\(s\) asked/);
    expect((await lastRun('wake_inventory')).status).toBe('failed');
    expectExact(broken, 'every product said nothing');
    expect(await counts(), 'no stock, history or product marked as asked').toEqual(before);

    advanceMinutes(1); // the same cycle slot: the same products are asked
    const next = await pollAndJudge();
    expect(next.status).toBe('ok');
    expectExact(next, 'the next good poll');
    expect(next.written.filter((c) => c.plu === fresh), 'its first answer is a baseline').toEqual([]);
  }, 60_000);

  it('a product truly delisted: never a zero, shown as last seen, then as unknown once a day has passed — not in stock forever', async () => {
    advanceMinutes(15);
    expectExact(await pollAndJudge(), 'the last answer about it');
    const [plu] = await onShelves(1);
    const lastAnswer = sim.world.now();
    const before = await stockOf([plu]);
    expect(before.size).toBeGreaterThan(0);
    const tick = nextTick();
    sim.world.delist(plu, tick);
    minuteAfter(tick);
    const first = await pollAndJudge();
    expect(latestSaid.silent).toContain(plu);
    expectExact(first, 'delisted, first poll');
    expect(await stockOf([plu])).toEqual(before);
    // The screens show the last known stock, "last seen" when Wake last answered about it.
    await expectShownAsLastSeen(plu, WAKE, sim.world.now(), byStoreNumber(before), lastAnswer);

    // A day and more of polls that find nothing about it.
    for (const hours of [6, 12, 7]) {
      sim.world.advance(hours * 3_600_000);
      expectExact(await pollAndJudge(), `delisted, ${hours} h later`);
    }
    expect(await stockOf([plu]), 'the last known stock is kept, never zeroed').toEqual(before);
    const now = sim.world.now();
    await expectShownAsUnknown(plu, WAKE, now, byStoreNumber(before), lastAnswer);
    const current = await allocatedCurrent(WAKE, now);
    expect(current.products.map((p) => p.plu)).not.toContain(plu);
    if ((await q<{ hunted: boolean }>(`SELECT listing_type IN ('Allocation', 'Limited', 'Barrel') AS hunted FROM products WHERE plu = $1`, [plu]))[0].hunted) {
      expect(current.stock_unknown.map((p) => p.plu)).toContain(plu);
    }
  }, 120_000);

  it('the scraper stops asking: its stock ages by the clock all the same — last seen once the next cycle is overdue, unknown a day after', async () => {
    advanceMinutes(15);
    expectExact(await pollAndJudge(), 'the last poll before the scraper stops');
    const polledAt = sim.world.now();
    // The plan the poll recorded: hunted, Premium and watched products the next cycle, the day's share of the
    // rest of the catalog the same slot tomorrow.
    const daily = new Set((await productsToPoll(polledAt)).listed);
    const [nextCycle, nextDay] = [nextAskAt(polledAt, 15), nextAskAt(polledAt, DAY_MINUTES)];
    const plans = await q<{ plu: string; next_ask_at: Date }>(`SELECT plu, next_ask_at FROM board_product_polls WHERE board_id = $1 AND asked_at = $2`, [WAKE, polledAt]);
    expect(plans.length).toBeGreaterThan(daily.size);
    expect(plans.filter((p) => p.next_ask_at.getTime() !== (daily.has(p.plu) ? nextDay : nextCycle).getTime())).toEqual([]);

    // No poll follows: nothing is written, yet the stock of a product the poll confirmed ages.
    const [{ plu }] = await q<{ plu: string }>(
      `SELECT bp.plu FROM board_product_polls bp JOIN store_inventory si ON si.plu = bp.plu AND si.quantity > 0
        WHERE bp.board_id = $1 AND bp.answered_at = $2 AND bp.plu <> ALL($3::text[]) ORDER BY bp.plu LIMIT 1`,
      [WAKE, polledAt, [...daily]],
    );
    const shown = (ms: number) => productStores(plu, WAKE, new Date(ms));
    const overdue = nextCycle.getTime() + CONFIRM_GRACE_MINUTES * 60_000;
    const before = await shown(overdue - 60_000);
    expect(before.stores.length).toBeGreaterThan(0);
    expect(before.stores.every((s) => s.last_seen === null)).toBe(true);
    const seen = await shown(overdue);
    expect(seen.stores.map((s) => s.last_seen)).toEqual(before.stores.map(() => polledAt.toISOString()));
    const unknown = await shown(polledAt.getTime() + env().STOCK_UNKNOWN_AFTER_MINUTES * 60_000);
    expect(unknown.stores).toEqual([]);
    expect(unknown.unknown_stores.map((s) => s.store_id).sort()).toEqual(before.stores.map((s) => s.store_id).sort());
  }, 60_000);

  for (const [wake, warehouse] of [['live', 'live'], ['alternate', 'alternate'], ['documented', 'live']] as const) {
    it(`the ${wake} Wake markup and the ${warehouse} warehouse markup, without and with a delivery`, async () => {
      sim.setMarkup({ wake, warehouse });
      advanceMinutes(15);
      const quiet = await pollAndJudge();
      expect(quiet.status).toBe('ok');
      expectExact(quiet, `${wake} markup, no delivery`);
      toDelivery();
      const delivered = await pollAndJudge();
      expect(delivered.status).toBe('ok');
      expect(delivered.arrivals.expected).toBeGreaterThan(0);
      expectExact(delivered, `${wake} markup, a delivery`);
      const report = await runCycle({ now: sim.world.now(), sources: ['warehouse'] });
      expect(report.runs[0].outcome.status).toBe('ok');
      await expectWarehouseLevels();
    }, 90_000);
  }

  const ERROR_PAGES: FaultKind[] = ['error-200', 'not-found-200', 'maintenance', 'maintenance-200', 'firewall', 'firewall-200', 'http500'];
  for (const kind of ERROR_PAGES) {
    it(`a ${kind} page on either site is a failed run that writes nothing`, async () => {
      sim.setMarkup({ wake: 'documented', warehouse: 'documented' });
      toDelivery(); // real changes are waiting: none may be written from an error page
      const before = await counts();
      sim.setFault('*', kind);
      const cycle = await runCycle({ now: sim.world.now(), sources: ['wake_inventory', 'warehouse', 'shipments'] });
      sim.setFault('*', 'none');
      expect(cycle.runs.map((r) => [r.source, r.outcome.status])).toEqual([['wake_inventory', 'failed'], ['warehouse', 'failed'], ['shipments', 'failed']]);
      expect(await counts()).toEqual(before);
      for (const source of ['wake_inventory', 'warehouse', 'shipments']) expect((await lastRun(source)).error, source).toBeTruthy();
      // The delivery is found by the next good poll (judged against what was last observed).
      expectExact(await pollAndJudge(), `after the ${kind} page`);
    }, 60_000);
  }

  it('some searches answered by an error page: those products keep their stock, the rest is exact', async () => {
    toDelivery();
    sim.setFault('/search-results', 'error-200', 4);
    const v = await pollAndJudge();
    sim.setFault('*', 'none');
    expect(v.status).toBe('partial');
    expect(v.error).toMatch(/^4 product request\(s\) failed: wake inventory: /);
    expectExact(v, 'partly failed poll');
  }, 60_000);

  it("an empty warehouse table just after midnight falls back to the previous day's report", async () => {
    const yesterday = nyDate(sim.world.now());
    sim.world.setTime(nyTimeToUtc(addDays(yesterday, 1), 0, 10));
    const cycle = await runCycle({ now: sim.world.now(), sources: ['warehouse'] });
    expect(cycle.runs[0].outcome).toMatchObject({ status: 'ok', error: expect.stringContaining(`read ${yesterday}'s final report`) });
    expect((await lastRun('warehouse')).details).toMatchObject({ reportDate: yesterday });
    await expectWarehouseLevels(sim.world.warehouseRows().dayNumber - 1);
  }, 60_000);

  it('a truncated shipments extract is a failed run that writes nothing', async () => {
    sim.world.setTime(nyTimeToUtc(nyDate(sim.world.now()), 11, 30)); // today's extract is out
    const before = await counts();
    sim.setFault('/Search/StockShippedData', 'truncated-json');
    const cycle = await runCycle({ now: sim.world.now(), sources: ['shipments'] });
    sim.setFault('*', 'none');
    expect(cycle.runs[0].outcome.status).toBe('failed');
    expect(cycle.runs[0].outcome.error).toMatch(/shipments/i);
    expect(await counts()).toEqual(before);
    const again = await runCycle({ now: sim.world.now(), sources: ['shipments'] });
    expect(again.runs[0].outcome.status).toBe('ok');
  }, 60_000);
});
