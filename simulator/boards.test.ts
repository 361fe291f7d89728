// The other boards' paths judged by the product's own adapters (lib/ingest/sources/durham.ts, greensboro.ts,
// abcgo.ts) over HTTP: after simulated days of deliveries, sales and sell-outs every answer is complete and
// equals the world's ground truth, in both shapes of each platform; faults and drift behave as documented.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DURHAM_BOARD_ID, GREENSBORO_BOARD_ID, NEW_HANOVER_BOARD_ID } from '../lib/reference/boards.ts';
import { fetchAbcgoDetails, searchAbcgo } from '../lib/ingest/sources/abcgo.ts';
import { fetchDurhamProduct, searchDurham } from '../lib/ingest/sources/durham.ts';
import { SourceError } from '../lib/ingest/sources/errors.ts';
import {
  fetchGreensboroLocations,
  matchGreensboroLocations,
  searchGreensboroItems,
  type GreensboroLocationMatch,
} from '../lib/ingest/sources/greensboro.ts';
import { judgeAbcgo, judgeDurham, judgeGreensboro, type Judgement, type StockJudgement } from '../lib/ingest/sources/judgement.ts';
import { knownBoardStores } from '../lib/ingest/sources/fixtures/board-stores.ts';
import { nyInstant, parseYmd } from './clock.ts';
import { startSimulator, type FaultKind, type RunningSimulator } from './server.ts';
import { diffStock, type StockSnapshot } from './world.ts';

const MONDAY = parseYmd('2026-07-20')!;
const at = (day: number, h: number, m = 0) => new Date(nyInstant(day, h, m));
const BOARDS: readonly number[] = [DURHAM_BOARD_ID, GREENSBORO_BOARD_ID, NEW_HANOVER_BOARD_ID];
const STORES = new Map(BOARDS.map((b) => [b, knownBoardStores(b)]));
const nonZero = (stock: Map<number, number>) => new Map([...stock].filter(([, q]) => q > 0));

describe('the other boards over HTTP, read by the product\'s adapters', () => {
  let sim: RunningSimulator;
  const durham = () => ({ baseUrl: sim.url, retries: 0 });
  const greensboro = () => ({ baseUrl: sim.url, retries: 0 });
  const abcgo = () => ({ boardUrl: `${sim.url}/abcgo/135`, retries: 0 });
  let match: GreensboroLocationMatch<number>;

  beforeAll(async () => {
    sim = await startSimulator({ port: 0, seed: 21, start: at(MONDAY, 8) });
  });
  afterAll(async () => {
    await sim.stop();
  });
  beforeEach(async () => {
    sim.setFault('*', 'none');
    sim.setMarkup({ durham: 'alternate', greensboro: 'alternate', abcgo: 'alternate' });
    match = matchGreensboroLocations(await fetchGreensboroLocations(greensboro()), STORES.get(GREENSBORO_BOARD_ID)!);
  });

  /** The judgement of the board's answer about one product, as the scraper reads it. */
  const judgement = async (boardId: number, plu: string): Promise<Judgement> => {
    const stores = STORES.get(boardId)!;
    if (boardId === DURHAM_BOARD_ID) return judgeDurham(plu, await fetchDurhamProduct(plu, durham()), stores);
    if (boardId === GREENSBORO_BOARD_ID) return judgeGreensboro(plu, await searchGreensboroItems(plu, greensboro()), match, stores);
    return judgeAbcgo(plu, await fetchAbcgoDetails(plu, abcgo()), stores);
  };
  /** The answer as stock per store: `none` (0 everywhere, confirmed) is a complete answer with no bottles. */
  const answer = async (boardId: number, plu: string): Promise<Omit<StockJudgement, 'kind' | 'product'>> => {
    const j = await judgement(boardId, plu);
    if (j.kind === 'none') return { plu, status: 'complete', stock: new Map(), unmatched: [], unlisted: [] };
    if (j.kind !== 'stock') throw new Error(`board ${boardId} ${plu}: ${j.kind === 'failed' ? j.error.message : j.reason}`);
    return j;
  };

  /** Polls each PLU on the board and checks the answer is complete and equals the truth. */
  const judge = async (boardId: number, plus: string[]) => {
    for (const plu of plus) {
      const got = await answer(boardId, plu);
      expect({ board: boardId, plu, status: got.status, unmatched: got.unmatched, unlisted: got.unlisted }).toEqual({
        board: boardId,
        plu,
        status: 'complete',
        unmatched: [],
        unlisted: [],
      });
      expect(nonZero(got.stock), `board ${boardId} ${plu}`).toEqual(sim.world.boardStockOf(boardId, plu));
    }
  };

  it('the Greensboro locator maps every location: its stores by id, the others left out', () => {
    expect(match.unmatched).toEqual([]);
    expect(match.learned).toEqual([]);
    expect(match.stores.size).toBe(16);
    expect([...match.notStores].sort()).toEqual(['124', '23', '24', '43']);
  });

  it('every answer is complete and equals the truth through days of deliveries, sales and sell-outs, in both shapes', async () => {
    // The allocated products a board holds now or held at the last check (sell-outs), 20 tracked Listed
    // ones (sales, restocks), and one no store holds.
    const allocated = sim.world.data.allocated.map((p) => p.plu);
    const listed = sim.world.data.trackedListed.slice(0, 20).map((p) => p.plu);
    const previous = new Map<number, StockSnapshot>();
    const seen = new Map(BOARDS.map((b) => [b, { arrivals: 0, sales: 0, sellOuts: 0, held: 0 }]));
    // Just after each weekday's deliveries (10:00–13:00), so allocated arrivals are still on the shelves.
    for (const when of [at(MONDAY, 9), at(MONDAY, 13), at(MONDAY + 1, 13), at(MONDAY + 2, 13), at(MONDAY + 3, 13), at(MONDAY + 4, 20)]) {
      sim.world.setTime(when);
      for (const boardId of BOARDS) {
        const now = sim.world.boardStockSnapshot(boardId, [...allocated, ...listed]);
        const before = previous.get(boardId);
        const held = allocated.filter((plu) => now.get(plu)!.size > 0);
        const soldOut = before ? allocated.filter((plu) => before.get(plu)!.size > 0 && now.get(plu)!.size === 0) : [];
        const nowhere = allocated.find((plu) => now.get(plu)!.size === 0)!;
        await judge(boardId, [...new Set([...held, ...soldOut, ...listed, nowhere])]);
        const count = seen.get(boardId)!;
        count.held += held.length;
        if (before) {
          for (const c of diffStock(before, now)) {
            if (c.after > c.before) count.arrivals++;
            else if (c.after === 0) count.sellOuts++;
            else count.sales++;
          }
        }
        previous.set(boardId, now);
      }
    }
    for (const [boardId, count] of seen) {
      expect(count.arrivals, `arrivals at board ${boardId}`).toBeGreaterThan(0);
      expect(count.sellOuts, `sell-outs at board ${boardId}`).toBeGreaterThan(0);
      expect(count.held, `allocated products judged on the shelves of board ${boardId}`).toBeGreaterThan(0);
    }
  });

  it('search paths: Durham cards, Greensboro items paged by 50, ABC/GO only what is in stock', async () => {
    const blanton = await searchDurham('blanton', durham());
    expect(blanton.map((r) => r.plu)).toEqual(sim.world.search('blanton', 100).map((p) => p.plu));
    expect(await searchDurham('27090', durham())).toEqual([expect.objectContaining({ plu: '27090' })]);
    expect(await searchDurham('no such product anywhere', durham())).toEqual([]);

    const items = await searchGreensboroItems('bourbon', greensboro());
    const bourbons = sim.world.search('bourbon', Infinity);
    expect(bourbons.length).toBeGreaterThan(50);
    expect(items.map((i) => i.plu)).toEqual(bourbons.map((p) => p.plu));
    expect(items[0].locations.map((l) => l.locationId)).toEqual(['23', '24', '25', '26', '27', '28', '29', '30', '31', '32', '33', '36', '37', '38', '39', '40', '41', '42', '43', '124']);

    const found = await searchAbcgo('bourbon', abcgo());
    const inStock = bourbons.filter((p) => sim.world.boardStockOf(NEW_HANOVER_BOARD_ID, p.plu).size > 0);
    expect(found.map((r) => r.plu)).toEqual(inStock.map((p) => p.plu));
    for (const row of found) {
      const truth = sim.world.boardStockOf(NEW_HANOVER_BOARD_ID, row.plu);
      expect([row.onHand, row.stores]).toEqual([[...truth.values()].reduce((a, b) => a + b, 0), truth.size]);
    }
  });

  it('a product no store holds: Durham without a table, Greensboro all zeros, ABC/GO an empty details list', async () => {
    const plu = sim.world.data.allocated.find((p) => BOARDS.every((b) => sim.world.boardStockOf(b, p.plu).size === 0))!.plu;
    sim.setMarkup({ durham: 'documented' });
    expect(await fetchDurhamProduct(plu, durham())).toMatchObject({ plu, carriedNowhere: true, stores: [] });
    for (const boardId of BOARDS) expect(await judgement(boardId, plu), `board ${boardId}`).toMatchObject({ kind: 'none' });
    expect(await fetchAbcgoDetails(plu, abcgo())).toEqual([]);
    expect((await searchAbcgo(plu, abcgo())).length).toBe(0);
  });

  it('a code a board does not know: Durham "Product Not Found" and a Greensboro search without it are no answers; ABC/GO says []', async () => {
    expect(await judgement(DURHAM_BOARD_ID, '99991')).toMatchObject({ kind: 'no_data' });
    expect(await judgement(GREENSBORO_BOARD_ID, '99991')).toMatchObject({ kind: 'no_data' });
    expect(await fetchAbcgoDetails('99991', abcgo())).toEqual([]);
  });

  it('a debut at Durham store 2 and Greensboro store 5: nothing before its release tick, then exactly the listed bottles', async () => {
    const now = sim.world.nowMillis();
    const plu = '99125';
    sim.world.scheduleDebut({
      plu,
      name: 'Boards Test Barrel Proof Bourbon',
      listingTypeLabel: '',
      retailPrice: 64.95,
      sizeMl: 750,
      releaseAt: new Date(now + 60 * 60_000),
      stores: [
        { boardId: DURHAM_BOARD_ID, storeNumber: 2, quantity: 4 },
        { boardId: GREENSBORO_BOARD_ID, storeNumber: 5, quantity: 2 },
      ],
    });
    expect(await judgement(DURHAM_BOARD_ID, plu)).toMatchObject({ kind: 'no_data' });
    expect(await judgement(GREENSBORO_BOARD_ID, plu)).toMatchObject({ kind: 'no_data' });
    expect(await searchAbcgo(plu, abcgo())).toEqual([]);
    sim.world.advance(60 * 60_000);
    expect(sim.world.boardStockOf(DURHAM_BOARD_ID, plu)).toEqual(new Map([[2, 4]]));
    expect(sim.world.boardStockOf(GREENSBORO_BOARD_ID, plu)).toEqual(new Map([[5, 2]]));
    for (const boardId of BOARDS) await judge(boardId, [plu]);
    expect((await searchDurham(plu, durham()))[0]).toMatchObject({ plu, name: 'Boards Test Barrel Proof Bourbon', badge: 'New Arrival' });
  });

  it('drift: Durham spaced counts, absolute dashed links and only the stores holding it; Greensboro floats and numeric itemids; ABC/GO numbers as strings', async () => {
    const plu = sim.world.data.trackedListed.find((p) => BOARDS.every((b) => sim.world.boardStockOf(b, p.plu).size > 1))!.plu;
    sim.setMarkup({ durham: 'drift', greensboro: 'drift', abcgo: 'drift' });
    const page = await (await fetch(`${sim.url}/products/${plu}`)).text();
    expect(page).toMatch(/In Stock \( \d+ \)/);
    expect(page).not.toContain('Out of Stock');
    expect(await (await fetch(`${sim.url}/search?q=${plu}`)).text()).toContain(`href="https://durhamabc.com/products/${plu.slice(0, 2)}-${plu.slice(2)}?q=${plu}"`);
    const items = await (await fetch(`${sim.url}/api/items?q=${plu}&limit=50&offset=0`)).text();
    expect(items).toContain(`"itemid":${Number(plu)},`);
    expect(items).toMatch(/"qtyavailableforstorepickup":\d+\.0,/);
    expect(items).toMatch(/"qtyavailableforstorepickup":"\d+\.0"/);
    const details = await fetch(`${sim.url}/abcgo/135/api/inventory/details`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ code: plu }),
    });
    const rows = (await details.json()) as Record<string, unknown>[];
    expect(rows[0]).toMatchObject({ StoreId: expect.any(String), OnHand: expect.any(String), Code: Number(plu) });
    for (const boardId of BOARDS) await judge(boardId, [plu]);
  });

  it('respellings and an unknown Greensboro location: the answers turn partial with the line reported, never a zero', async () => {
    const plu = sim.world.data.trackedListed.find((p) => [1, 3].every((n) => sim.world.boardStockOf(DURHAM_BOARD_ID, p.plu).has(n) && sim.world.boardStockOf(NEW_HANOVER_BOARD_ID, p.plu).has(n)))!.plu;
    sim.respell(1, '1928 Holloway Street Extension, Durham, NC 27703', DURHAM_BOARD_ID);
    sim.respell(3, '6990 Wrightsville Avenue East, Wilmington, NC 28403', NEW_HANOVER_BOARD_ID);
    sim.addGreensboroLocation({ internalid: 125, name: 'Store 19', address1: '4712 Hicone Road', city: 'Greensboro' });
    try {
      const d = await answer(DURHAM_BOARD_ID, plu);
      expect(d.status).toBe('partial');
      expect(d.unmatched).toEqual([expect.objectContaining({ address: expect.stringContaining('1928 Holloway Street Extension'), reason: 'unknown' })]);
      expect(d.stock.has(1)).toBe(false);
      const n = await answer(NEW_HANOVER_BOARD_ID, plu);
      expect(n.unmatched).toEqual([expect.objectContaining({ reason: 'unknown', quantity: sim.world.boardStockOf(NEW_HANOVER_BOARD_ID, plu).get(3) })]);

      match = matchGreensboroLocations(await fetchGreensboroLocations(greensboro()), STORES.get(GREENSBORO_BOARD_ID)!);
      expect(match.unmatched).toEqual([{ locationId: '125', description: 'location 125 (Store 19, 4712 Hicone Road, Greensboro)', reason: 'unknown' }]);
      const g = await answer(GREENSBORO_BOARD_ID, plu);
      expect(g.status).toBe('partial');
      expect(g.unmatched).toEqual([expect.objectContaining({ sourceKey: '125', reason: 'unknown' })]);
      expect(nonZero(g.stock)).toEqual(sim.world.boardStockOf(GREENSBORO_BOARD_ID, plu));
      // A keyed store whose locator address gets another street number is a conflict, not followed.
      sim.respell(13, '2735 Ring Road, Greensboro, NC 27405', GREENSBORO_BOARD_ID);
      const conflict = matchGreensboroLocations(await fetchGreensboroLocations(greensboro()), STORES.get(GREENSBORO_BOARD_ID)!);
      expect(conflict.unmatched).toContainEqual(expect.objectContaining({ locationId: '27', reason: 'conflict' }));
    } finally {
      sim.respell(1, null, DURHAM_BOARD_ID);
      sim.respell(3, null, NEW_HANOVER_BOARD_ID);
      sim.respell(13, null, GREENSBORO_BOARD_ID);
      sim.removeGreensboroLocation(125);
    }
    for (const boardId of BOARDS) await judge(boardId, [plu]);
  });

  it('every fault kind on every new data path is a failure, never an answer; then the answer is back', async () => {
    const plu = sim.world.data.trackedListed.find((p) => BOARDS.every((b) => sim.world.boardStockOf(b, p.plu).size > 0))!.plu;
    const calls: [path: string, call: () => Promise<unknown>][] = [
      ['/search', () => searchDurham('bourbon', durham())],
      ['/products', () => fetchDurhamProduct(plu, durham())],
      ['/api/items', () => searchGreensboroItems(plu, greensboro())],
      ['/scs/services/Location.Service.ss', () => fetchGreensboroLocations(greensboro())],
      ['/abcgo/135/api/inventory/search', () => searchAbcgo('bourbon', abcgo())],
      ['/abcgo/135/api/inventory/details', () => fetchAbcgoDetails(plu, abcgo())],
    ];
    const kinds: FaultKind[] = ['http500', 'bad-html', 'error-200', 'not-found-200', 'maintenance', 'maintenance-200', 'firewall', 'firewall-200', 'refuse'];
    for (const [path, call] of calls) {
      const json = !path.startsWith('/search') && !path.startsWith('/products');
      for (const kind of [...kinds, ...(json ? (['truncated-json'] as const) : [])]) {
        sim.setFault(path, kind, 1);
        const error = await call().then(
          (value) => new Error(`${kind} on ${path} read as an answer: ${JSON.stringify(value).slice(0, 200)}`),
          (e: unknown) => e,
        );
        expect(error, `${kind} on ${path}`).toBeInstanceOf(SourceError);
        await call(); // count 1: the real answer again
      }
    }
  });

  it('ABC/GO: 403 without X-Requested-With, 415 for a form body, 405 for a GET', async () => {
    const url = `${sim.url}/abcgo/135/api/inventory/details`;
    expect((await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"code":"27090"}' })).status).toBe(403);
    expect((await fetch(url, { method: 'POST', headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/x-www-form-urlencoded' }, body: 'code=27090' })).status).toBe(415);
    expect((await fetch(url)).status).toBe(405);
    expect((await fetch(`${sim.url}/abcgo/xx/api/inventory/details`, { method: 'POST' })).status).toBe(404);
  });

  it('control: /__sim/stock and /__sim/deliveries per board, respell and Greensboro locations over HTTP', async () => {
    const plu = sim.world.data.trackedListed[0].plu;
    const stock = (await (await fetch(`${sim.url}/__sim/stock?board=${DURHAM_BOARD_ID}&plu=${plu}`)).json()) as { board: number; stock: Record<string, Record<string, number>> };
    expect(stock.board).toBe(DURHAM_BOARD_ID);
    expect(stock.stock[plu]).toEqual(Object.fromEntries(sim.world.boardStockOf(DURHAM_BOARD_ID, plu)));
    expect((await fetch(`${sim.url}/__sim/stock?board=1&plu=${plu}`)).status).toBe(400);
    const deliveries = (await (await fetch(`${sim.url}/__sim/deliveries?date=2026-07-21&board=${DURHAM_BOARD_ID}`)).json()) as { deliveries: { boardId: number }[] };
    expect(deliveries.deliveries.length).toBeGreaterThan(0);
    expect(deliveries.deliveries.every((d) => d.boardId === DURHAM_BOARD_ID)).toBe(true);
    const post = (path: string, body: unknown) => fetch(`${sim.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const respelled = (await (await post('/__sim/respell', { storeNumber: 2, address: '2806 Hillsboro Road, Durham, NC 27705', boardId: DURHAM_BOARD_ID })).json()) as { respellings: unknown };
    expect(respelled.respellings).toEqual({ '2': '2806 Hillsboro Road, Durham, NC 27705' });
    expect((await post('/__sim/respell', { storeNumber: 2, address: null, boardId: DURHAM_BOARD_ID })).status).toBe(200);
    expect((await post('/__sim/greensboro-location', { internalid: 125, name: 'Store 19', address1: '4712 Hicone Road', city: 'Greensboro' })).status).toBe(200);
    expect((await post('/__sim/greensboro-location', { internalid: 27, name: 'Store 11', address1: 'x', city: 'y' })).status).toBe(400);
    const state = (await (await fetch(`${sim.url}/__sim/state`)).json()) as { boards: Record<string, { nextDeliveries: unknown[] }>; greensboroLocations: unknown[]; boardMarkup: unknown };
    expect(Object.keys(state.boards).sort()).toEqual(['135', '58', '78']);
    expect(state.boards['58'].nextDeliveries).toHaveLength(16);
    expect(state.greensboroLocations).toHaveLength(1);
    expect((await post('/__sim/greensboro-location', { internalid: 125, remove: true })).status).toBe(200);
    expect((await post('/__sim/markup', { durham: 'live' })).status).toBe(400);
    const set = (await (await post('/__sim/markup', { abcgo: 'drift' })).json()) as { boardMarkup: unknown };
    expect(set.boardMarkup).toEqual({ durham: 'alternate', greensboro: 'alternate', abcgo: 'drift' });
  });
});
