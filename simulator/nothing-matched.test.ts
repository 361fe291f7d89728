// "Nothing matched" for a product on the shelves (a search index hiccup), and a product truly delisted, on
// every board, read by the product's own adapters over HTTP: the simulator serves each site's own "found
// nothing" answer, and the judgement of answers (lib/ingest/sources/judgement.ts) reads it as no data,
// never as 0 everywhere — except ABC/GO's details, whose `[]` does say no store holds it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DURHAM_BOARD_ID, GREENSBORO_BOARD_ID, NEW_HANOVER_BOARD_ID, WAKE_BOARD_ID } from '../lib/reference/boards.ts';
import { fetchAbcgoDetails, searchAbcgo } from '../lib/ingest/sources/abcgo.ts';
import type { BoardStore } from '../lib/ingest/sources/board-stock.ts';
import { fetchDurhamProduct } from '../lib/ingest/sources/durham.ts';
import { fetchGreensboroLocations, matchGreensboroLocations, searchGreensboroItems, type GreensboroLocationMatch } from '../lib/ingest/sources/greensboro.ts';
import { judgeAbcgo, judgeDurham, judgeGreensboro, judgeWake, type Judgement } from '../lib/ingest/sources/judgement.ts';
import { searchWakeInventory } from '../lib/ingest/sources/wake-inventory.ts';
import { knownBoardStores } from '../lib/ingest/sources/fixtures/board-stores.ts';
import { loadReferenceData } from '../lib/reference/reference.ts';
import { normalizeAddress } from '../lib/text/address.ts';
import { startSimulator, type RunningSimulator } from './server.ts';

const BOARDS = [WAKE_BOARD_ID, DURHAM_BOARD_ID, GREENSBORO_BOARD_ID, NEW_HANOVER_BOARD_ID];
const WAKE: BoardStore[] = loadReferenceData().stores.map((s) => ({
  id: s.store_number,
  addressKey: normalizeAddress(s.address),
  city: s.city,
  mixedBeverage: s.mixed_beverage,
  sourceKey: null,
}));
const STORES = new Map<number, BoardStore[]>([[WAKE_BOARD_ID, WAKE], ...[DURHAM_BOARD_ID, GREENSBORO_BOARD_ID, NEW_HANOVER_BOARD_ID].map((b) => [b, knownBoardStores(b)] as const)]);

describe('nothing matched and delisted, on every board', () => {
  let sim: RunningSimulator;
  let match: GreensboroLocationMatch<number>;
  const judgement = async (boardId: number, plu: string): Promise<Judgement> => {
    const stores = STORES.get(boardId)!;
    if (boardId === WAKE_BOARD_ID) return judgeWake(plu, await searchWakeInventory(plu, { baseUrl: sim.url, retries: 0 }), stores);
    if (boardId === DURHAM_BOARD_ID) return judgeDurham(plu, await fetchDurhamProduct(plu, { baseUrl: sim.url, retries: 0 }), stores);
    if (boardId === GREENSBORO_BOARD_ID) return judgeGreensboro(plu, await searchGreensboroItems(plu, { baseUrl: sim.url, retries: 0 }), match, stores);
    return judgeAbcgo(plu, await fetchAbcgoDetails(plu, { boardUrl: `${sim.url}/abcgo/135`, retries: 0 }), stores);
  };
  /** A product some store of every board holds now. */
  const onEveryShelf = () => sim.world.data.trackedListed.find((p) => BOARDS.every((b) => [...sim.world.boardStockOf(b, p.plu).values()].some((q) => q > 0)))!.plu;

  beforeAll(async () => {
    sim = await startSimulator({ port: 0, seed: 21, start: '2026-07-21T16:00:00Z' });
    match = matchGreensboroLocations(await fetchGreensboroLocations({ baseUrl: sim.url, retries: 0 }), STORES.get(GREENSBORO_BOARD_ID)!);
  });
  afterAll(async () => {
    await sim.stop();
  });

  it('a search index hiccup: each site says it found nothing about a product on its shelves, which is no data, never 0 everywhere', async () => {
    const plu = onEveryShelf();
    const other = sim.world.data.trackedListed.find((p) => p.plu !== plu && sim.world.boardStockOf(WAKE_BOARD_ID, p.plu).size > 0)!.plu;
    sim.setFault('*', 'nothing-matched', undefined, [plu]);
    try {
      for (const boardId of [WAKE_BOARD_ID, DURHAM_BOARD_ID, GREENSBORO_BOARD_ID]) {
        expect(await judgement(boardId, plu), `board ${boardId}`).toMatchObject({ kind: 'no_data' });
      }
      // ABC/GO's search says nothing too; its details, the only per-store answer, are not a search and stay true.
      expect(await searchAbcgo(plu, { boardUrl: `${sim.url}/abcgo/135`, retries: 0 })).toEqual([]);
      expect(await judgement(NEW_HANOVER_BOARD_ID, plu)).toMatchObject({ kind: 'stock', status: 'complete' });
      // Another product is answered as usual: the hiccup is this product's.
      expect(await judgement(WAKE_BOARD_ID, other)).toMatchObject({ kind: 'stock' });
      // The shelves did not change: the truth still has the bottles.
      expect([...sim.world.stockOf(plu).values()].some((q) => q > 0)).toBe(true);
    } finally {
      sim.setFault('*', 'none');
    }
    for (const boardId of BOARDS) expect(await judgement(boardId, plu), `board ${boardId} after`).toMatchObject({ kind: 'stock' });
  });

  it('counts only the requests about the PLUs it names, then the answer is back', async () => {
    const plu = onEveryShelf();
    sim.setFault('/search-results', 'nothing-matched', 2, [plu]);
    const other = sim.world.data.trackedListed.find((p) => p.plu !== plu && sim.world.stockOf(p.plu).size > 0)!.plu;
    expect(await judgement(WAKE_BOARD_ID, other)).toMatchObject({ kind: 'stock' });
    expect(await judgement(WAKE_BOARD_ID, plu)).toMatchObject({ kind: 'no_data' });
    expect(await judgement(WAKE_BOARD_ID, plu)).toMatchObject({ kind: 'no_data' });
    expect(await judgement(WAKE_BOARD_ID, plu)).toMatchObject({ kind: 'stock' });
    expect(sim.faults()).toEqual([]);
  });

  it('has no "nothing matched" for ABC/GO details or the pages that are not searches', async () => {
    expect(() => sim.setFault('/abcgo/135/api/inventory/details', 'nothing-matched')).toThrow(/applies to/);
    expect(() => sim.setFault('/StoresBoards/Stocks', 'nothing-matched')).toThrow(/applies to/);
    const res = await fetch(`${sim.url}/__sim/fault`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/search-results', kind: 'nothing-matched', plus: ['2709'] }),
    });
    expect(res.status).toBe(400);
  });

  it('records what each answer said about the product it was asked for (the scenarios\' ground truth)', async () => {
    const plu = onEveryShelf();
    const other = sim.world.data.trackedListed.find((p) => p.plu !== plu && sim.world.stockOf(p.plu).size > 0)!.plu;
    sim.takeServedAnswers();
    sim.setFault('*', 'nothing-matched', undefined, [plu]);
    try {
      for (const boardId of BOARDS) await judgement(boardId, plu);
    } finally {
      sim.setFault('*', 'none');
    }
    await judgement(WAKE_BOARD_ID, other);
    sim.setFault('/products', 'error-200', 1);
    await expect(judgement(DURHAM_BOARD_ID, other)).rejects.toThrow(/server error page/);
    // ABC/GO without its header: a 403, no answer.
    await fetch(`${sim.url}/abcgo/135/api/inventory/details`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: other }) });
    expect(sim.takeServedAnswers()).toEqual([
      { path: '/search-results', plu, said: 'nothing' },
      { path: '/products', plu, said: 'nothing' },
      { path: '/api/items', plu, said: 'nothing' },
      { path: '/abcgo/135/api/inventory/details', plu, said: 'shelf' },
      { path: '/search-results', plu: other, said: 'shelf' },
      { path: '/products', plu: other, said: 'no-answer' },
      { path: '/abcgo/135/api/inventory/details', plu: other, said: 'no-answer' },
    ]);
    expect(sim.takeServedAnswers(), 'taken once').toEqual([]);
  });

  it('a delisted product is gone from every board\'s pages from its tick on: no data, and ABC/GO\'s details list no store', async () => {
    const plu = onEveryShelf();
    const at = Math.ceil(sim.world.nowMillis() / 900_000) * 900_000 + 900_000;
    sim.world.delist(plu, at);
    for (const boardId of BOARDS) expect(await judgement(boardId, plu), `board ${boardId} before`).toMatchObject({ kind: 'stock' });
    sim.world.setTime(at + 60_000);
    for (const boardId of [WAKE_BOARD_ID, DURHAM_BOARD_ID, GREENSBORO_BOARD_ID]) {
      expect(await judgement(boardId, plu), `board ${boardId} delisted`).toMatchObject({ kind: 'no_data' });
    }
    expect(await judgement(NEW_HANOVER_BOARD_ID, plu)).toMatchObject({ kind: 'none', evidence: 'details answered []' });
    expect(sim.takeServedAnswers().slice(-4).map((a) => a.said), 'said nothing, but ABC/GO answered').toEqual(['nothing', 'nothing', 'nothing', 'shelf']);
    expect([...sim.world.stockOf(plu).values()].every((q) => q === 0)).toBe(true);
    const state = (await (await fetch(`${sim.url}/__sim/state`)).json()) as { delistings: Record<string, string> };
    expect(state.delistings[plu]).toBe(new Date(at).toISOString());
    expect(() => sim.world.delist(plu, at + 3_600_000)).toThrow(/already delisted/);
  });
});
