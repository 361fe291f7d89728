import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FaultKind, RunningSimulator } from '../../simulator/server.ts';
import { startScraperScenario, type ScraperScenario } from '../../testing/scraper-scenario.ts';
import { sql } from '../../testing/sql.ts';
import { nyTimeToUtc } from '../time.ts';
import { ALLOCATED_LIST_KEY, PRICE_LIST_KEY } from './catalog-lists.ts';
import { dueSources, runCycle } from './runner.ts';
import { ALLOCATED_LIST_PATH } from './sources/allocated-list.ts';
import { PRICE_LIST_PATH } from './sources/price-list.ts';
import { applyWarehouseSnapshot } from './warehouse.ts';

// Issue 40: the real scraper reads the simulator's price list (CSV) and allocated and limited list (XLSX) over
// HTTP. The first read is a baseline (the catalog learns, nothing is dated); after it, a new code becomes a product
// and an "announced" step, a new list price a "price" step, a move onto or off the allocated list a "listing" step,
// each with its day. Every broken shape sources.md allows for — a truncated CSV, an HTML page, an XLSX without its
// section rows, a cut XLSX, a list a third of its usual length, a server error — fails the run and writes nothing.

const [D0, D1, D2, D3] = ['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04'];

let sim: RunningSimulator;
let stop: ScraperScenario['stop'] | undefined;

beforeAll(async () => {
  ({ sim, stop } = await startScraperScenario('catalists', { seed: 40, start: nyTimeToUtc(D0, 7, 0).toISOString(), historyDays: 0 }));
}, 120_000);

afterAll(async () => {
  await stop?.();
});

async function readListsAt(ymd: string, hour = 7) {
  sim.world.setTime(nyTimeToUtc(ymd, hour, 5));
  const { runs } = await runCycle({ now: sim.world.now(), sources: [PRICE_LIST_KEY, ALLOCATED_LIST_KEY] });
  return Object.fromEntries(runs.map((r) => [r.source, r.outcome]));
}

const events = () =>
  sql<{ plu: string; kind: string; day: string; source: string; from_value: string | null; to_value: string | null }>(
    `SELECT plu, kind::text, to_char(day, 'YYYY-MM-DD') AS day, source, from_value, to_value FROM product_events ORDER BY id`,
  );
const product = async (plu: string) =>
  (
    await sql<{ name: string; listing_type: string; state_list: string | null; list_price: string | null; retail_price: string | null }>(
      `SELECT name, listing_type::text, state_list::text, list_price::text, retail_price::text FROM products WHERE plu = $1`,
      [plu],
    )
  )[0];
const counts = async () =>
  (await sql<{ products: number; events: number; on_list: number; prices: string }>(
    `SELECT (SELECT count(*)::int FROM products) AS products, (SELECT count(*)::int FROM product_events) AS events,
            (SELECT count(*)::int FROM products WHERE state_list IS NOT NULL) AS on_list,
            (SELECT md5(string_agg(plu || ':' || coalesce(list_price::text, '-'), ',' ORDER BY plu)) FROM products) AS prices`,
  ))[0];

describe('the catalog lists through the real scraper', () => {
  const allocated = () => sim.world.data.products.filter((p) => p.listingType === 'Allocation');
  const listed = () => sim.world.data.products.filter((p) => p.listingType === 'Listed' && p.retailPrice !== null);

  it('reads both lists as a baseline first: the catalog learns, nothing is dated', async () => {
    const runs = await readListsAt(D0);
    expect(runs[PRICE_LIST_KEY]).toMatchObject({ status: 'ok', error: null, details: { baseline: true } });
    expect(runs[ALLOCATED_LIST_KEY]).toMatchObject({ status: 'ok', error: null, details: { baseline: true } });
    expect(runs[PRICE_LIST_KEY].itemsSeen).toBe(sim.world.lists.priceList(sim.world.nowMillis()).length);
    expect(await events()).toEqual([]);
    const first = allocated()[0];
    expect(await product(first.plu)).toMatchObject({ state_list: 'Allocation', list_price: Number(first.retailPrice).toFixed(2) });
    expect((await counts()).on_list).toBe(sim.world.lists.allocatedList(sim.world.nowMillis()).items.length);
  });

  it('is due once a New York day, and an hour after a failure', async () => {
    const due = async (ymd: string, hour: number, minute = 0) => (await dueSources(nyTimeToUtc(ymd, hour, minute))).filter((s) => s === PRICE_LIST_KEY || s === ALLOCATED_LIST_KEY);
    expect(await due(D0, 12)).toEqual([]);
    expect(await due(D1, 7)).toEqual([PRICE_LIST_KEY, ALLOCATED_LIST_KEY]);
  });

  it('dates what changed the next day: an announced code, a new price, moves onto and off the allocated list', async () => {
    const [gone] = allocated();
    const [moved, repriced] = listed();
    sim.world.lists.announce({ plu: '99001', name: 'Simulated Straight Bourbon 18 Year', price: 129.99, proof: 107.4, age: '18 YR' });
    sim.world.lists.announce({ plu: '99002', name: 'Simulated Barrel Proof Rye', price: 89.95, stateList: 'Limited' });
    sim.world.lists.setPrice(repriced.plu, Number(repriced.retailPrice) + 5);
    sim.world.lists.moveOnList(moved.plu, 'Allocation');
    sim.world.lists.moveOnList(gone.plu, null);

    const runs = await readListsAt(D1);
    expect(runs[PRICE_LIST_KEY]).toMatchObject({ status: 'ok', changesWritten: 3, details: { baseline: false, added: 2, priceChanges: 1 } });
    expect(runs[ALLOCATED_LIST_KEY]).toMatchObject({ status: 'ok', details: { baseline: false, moves: 3 } });
    const newPrice = (Number(repriced.retailPrice) + 5).toFixed(2);
    expect(await events()).toEqual(
      expect.arrayContaining([
        { plu: '99001', kind: 'announced', day: D1, source: 'price_list', from_value: null, to_value: null },
        { plu: '99002', kind: 'announced', day: D1, source: 'price_list', from_value: null, to_value: null },
        { plu: repriced.plu, kind: 'price', day: D1, source: 'price_list', from_value: Number(repriced.retailPrice).toFixed(2), to_value: newPrice },
        { plu: moved.plu, kind: 'listing', day: D1, source: 'allocated_list', from_value: null, to_value: 'Allocation' },
        { plu: gone.plu, kind: 'listing', day: D1, source: 'allocated_list', from_value: 'Allocation', to_value: null },
        { plu: '99002', kind: 'listing', day: D1, source: 'allocated_list', from_value: null, to_value: 'Limited' },
      ]),
    );
    expect(await events()).toHaveLength(6);
    // A new code is a new release until a list or the warehouse gives its type; the list's price is not the shelf's yet.
    expect(await product('99001')).toMatchObject({ name: 'Simulated Straight Bourbon 18 Year', listing_type: 'Unknown', state_list: null, list_price: '129.99' });
    expect(await product('99002')).toMatchObject({ listing_type: 'Limited', state_list: 'Limited' });
    expect(await product(repriced.plu)).toMatchObject({ list_price: newPrice, retail_price: Number(repriced.retailPrice).toFixed(2) });
    expect(await product(moved.plu)).toMatchObject({ listing_type: 'Listed', state_list: 'Allocation' });

    // Read again the same day (an operator's --source run): nothing new is dated.
    await readListsAt(D1, 9);
    expect(await events()).toHaveLength(6);
  });

  const BROKEN: { what: string; path: string; kind: FaultKind; says: RegExp }[] = [
    { what: 'a truncated CSV', path: PRICE_LIST_PATH, kind: 'truncated-json', says: /price list: .*(cut|line break|truncat)/i },
    { what: 'an HTML page where the CSV should be', path: PRICE_LIST_PATH, kind: 'bad-html', says: /price list: .*(page|HTML)/i },
    { what: 'a price list a third of its length', path: PRICE_LIST_PATH, kind: 'short-list', says: /price list: \d+ rows where the last whole list had \d+/ },
    { what: 'a server error', path: PRICE_LIST_PATH, kind: 'http500', says: /price list: HTTP 500/ },
    { what: 'an XLSX without its section rows', path: ALLOCATED_LIST_PATH, kind: 'bad-html', says: /allocated and limited list: .*section/i },
    { what: 'a cut XLSX', path: ALLOCATED_LIST_PATH, kind: 'truncated-json', says: /allocated and limited list: / },
    { what: 'an allocated list a third of its length', path: ALLOCATED_LIST_PATH, kind: 'short-list', says: /allocated and limited list: \d+ rows where the last whole list had \d+/ },
    { what: 'a maintenance page answered with 200', path: ALLOCATED_LIST_PATH, kind: 'maintenance-200', says: /allocated and limited list: .*maintenance/i },
  ];

  it.each(BROKEN.map((b, i) => ({ ...b, i })))('$what fails the run loudly and writes nothing', async ({ path, kind, says, i }) => {
    // Changes are waiting in the world (a product of its own per case), so a read that wrote anything would show.
    const another = listed()[10 + i];
    sim.world.lists.setPrice(another.plu, Number(another.retailPrice) + 1);
    sim.world.lists.moveOnList(another.plu, 'Limited');
    const before = await counts();
    sim.setFault(path, kind, 1);
    const runs = await readListsAt(D2, 8 + Math.floor(i / 2));
    const key = path === PRICE_LIST_PATH ? PRICE_LIST_KEY : ALLOCATED_LIST_KEY;
    expect(runs[key].status).toBe('failed');
    expect(runs[key].error).toMatch(says);
    expect(runs[key].changesWritten).toBe(0);
    // The other list read whole that cycle (it writes its own columns only).
    expect(runs[key === PRICE_LIST_KEY ? ALLOCATED_LIST_KEY : PRICE_LIST_KEY].status).toBe('ok');
    const after = await counts();
    if (key === PRICE_LIST_KEY) expect(after.prices).toBe(before.prices);
    else expect(after.on_list).toBe(before.on_list);
    expect((await events()).filter((e) => e.plu === another.plu && e.source === (key === PRICE_LIST_KEY ? 'price_list' : 'allocated_list'))).toEqual([]);
  });
});

describe('the warehouse report dates receipts and new labels', () => {
  const at = (ymd: string, hour: number) => nyTimeToUtc(ymd, hour, 0);
  const row = (plu: string, total: number, listingType = 'Allocation') => ({ ncCode: plu, brandName: `Product ${plu}`, listingType, totalAvailable: total });

  it('after its first report: stock from none is "received", a new label a "listing" step', async () => {
    await sql('DELETE FROM product_events');
    await sql('DELETE FROM warehouse_levels');
    const [a, b, c] = (await sql<{ plu: string }>(`SELECT plu FROM products WHERE listing_type = 'Allocation' ORDER BY plu LIMIT 3`)).map((r) => r.plu);
    // The first report is a baseline: b in stock is not a receipt that day.
    await applyWarehouseSnapshot(at(D2, 8), [row(a, 0), row(b, 48)]);
    expect(await events()).toEqual([]);
    await applyWarehouseSnapshot(at(D3, 8), [row(a, 120), row(b, 30), row(c, 60, 'Limited'), row('99001', 24, 'Allocation')]);
    expect(await sql(`SELECT plu, kind::text, bottles, from_value, to_value, to_char(day, 'YYYY-MM-DD') AS day FROM product_events ORDER BY plu, kind`)).toEqual(
      [
        { plu: a, kind: 'received', bottles: 120, from_value: null, to_value: null, day: D3 },
        { plu: c, kind: 'listing', bottles: null, from_value: 'Allocation', to_value: 'Limited', day: D3 },
        { plu: c, kind: 'received', bottles: 60, from_value: null, to_value: null, day: D3 },
        { plu: '99001', kind: 'listing', bottles: null, from_value: 'Unknown', to_value: 'Allocation', day: D3 },
        { plu: '99001', kind: 'received', bottles: 24, from_value: null, to_value: null, day: D3 },
      ].sort((x, y) => (x.plu + x.kind).localeCompare(y.plu + y.kind)),
    );
  });
});
