import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as todaysArrivals } from '../../app/api/inventory/todays-arrivals/route.ts';
import { disconnectDb, setDatabaseUrl } from '../db/index.ts';
import { coveredBoard, DURHAM_BOARD_ID, GREENSBORO_BOARD_ID, NEW_HANOVER_BOARD_ID, type CoveredBoard } from '../reference/boards.ts';
import type { FaultKind, RunningSimulator } from '../../scripts/simulator/index.ts';
import { signedIn } from '../../scripts/testing/harness.ts';
import { startSimulatorForScraper } from '../../scripts/testing/simulator.ts';
import { createTestDatabase, type TestDatabase } from '../../scripts/testing/database.ts';
import { sql } from '../../scripts/testing/sql.ts';
import { nyDate } from '../time.ts';
import { productStores } from '../reports/inventory.ts';
import { productWhereabouts } from '../reports/where.ts';
import { runCycle } from './runner.ts';
import { huntedAndWatchedPlus } from './tiers.ts';
import { expectExact, isArrival, verdict, type Change, type Verdict } from '../../scripts/testing/ground-truth.ts';

// The other boards' ingestion judged by ground truth, as lib/ingest/scenarios.db.test.ts judges Wake's: the
// real scraper reads the simulator's Durham, Greensboro and ABC/GO (New Hanover) answers over HTTP, and
// after every poll the history it wrote is compared with what the simulated shelves did between polls.
// Each board: a baseline, a delivery, sell-outs, a debut, pages that are no answer (a failed run that
// writes nothing), a partly failed poll, format drift, and a store line no known store matches (a partial
// run that never writes a false zero). Arrival precision = recall = 100% and no false sell-out, every time.

/** How each platform is made to misbehave, and where its per-product answers come from. */
const PLATFORM = {
  durham: { markup: 'durham', productPath: '/products', drifts: ['drift', 'alternate'] },
  greensboro: { markup: 'greensboro', productPath: '/api/items', drifts: ['drift', 'alternate'] },
  abcgo: { markup: 'abcgo', productPath: '/abcgo/nh/api/inventory/details', drifts: ['drift', 'alternate'] },
} as const;

const NOT_ANSWERS: FaultKind[] = ['error-200', 'firewall-200', 'maintenance', 'http500', 'bad-html', 'truncated-json'];

// One simulator for the file (the scraper reads its configuration once per process); each board's
// scenarios run on a database of their own, one after another on the simulator's one clock.
let sim: RunningSimulator;
beforeAll(async () => {
  // Monday 16 Nov 2026, 07:00 New York.
  sim = await startSimulatorForScraper({ seed: 31, start: '2026-11-16T12:00:00Z' }, { SOURCE_TIMEOUT_MS: '2000' });
});
afterAll(async () => {
  await sim?.stop();
});

for (const boardId of [DURHAM_BOARD_ID, GREENSBORO_BOARD_ID, NEW_HANOVER_BOARD_ID]) {
  const board = coveredBoard(boardId) as CoveredBoard & { platform: keyof typeof PLATFORM };
  const platform = PLATFORM[board.platform];

  describe(`${board.name} (${board.platform}) against the simulator, judged by its ground truth`, () => {
    let database: TestDatabase;
    const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => sql<T>(text, params, database.url);
    /** What the scraper has observed so far, per "storeNumber:plu". */
    const observed = new Map<string, number>();
    const everStocked = new Set<string>();
    let storeNumberOf: Map<number, number>;

    beforeAll(async () => {
      database = await createTestDatabase(`board_${board.platform}`, 'reference');
      process.env.DATABASE_URL = database.url;
      await setDatabaseUrl(database.url);
      const stores = await q<{ id: number; store_number: number }>('SELECT id, store_number FROM stores WHERE board_id = $1', [boardId]);
      storeNumberOf = new Map(stores.map((s) => [s.id, s.store_number]));
    }, 120_000);

    afterAll(async () => {
      await disconnectDb();
      await database?.drop();
    });

    /** The shelf of every store of the board (0 where the simulator's truth lists none). */
    const truthOf = (plus: string[]) => {
      const truth = sim.world.boardStockSnapshot(boardId, plus);
      return new Map(plus.map((plu) => [plu, new Map([...storeNumberOf.values()].map((n) => [n, truth.get(plu)?.get(n) ?? 0]))]));
    };

    /**
     * One poll of the board at the simulator's time, judged. Products whose request failed are not
     * observed. With `unreadStore`, that store's lines match no known store: nothing may be written there,
     * and elsewhere every recorded cell must be the truth or the last observed value (kept, never a zero).
     */
    async function pollAndJudge(unreadStore?: number): Promise<Verdict> {
      const now = sim.world.now();
      const polled = (await huntedAndWatchedPlus(boardId)).filter((plu) => sim.world.product(plu));
      const cycle = await runCycle({ now, sources: [board.source] });
      const run = cycle.runs[0].outcome;
      const failed = new Set((run.details?.failedPlus as string[] | undefined) ?? []);
      // Products the board said nothing about (a hiccup, a delisting, a debut not out yet): nothing may be
      // written, their last stock is kept (a store never seen holding one counts as 0 from now on: the board
      // was asked, so its first bottles later are a debut).
      const silent = new Set((run.details?.noDataPlus as string[] | undefined) ?? []);
      const truth = truthOf(polled);

      const rows = await q<{ store_id: number; plu: string; previous_quantity: number; new_quantity: number; change_type: Change['type'] }>(
        `SELECT h.store_id, h.plu, h.previous_quantity, h.new_quantity, h.change_type::text AS change_type
         FROM inventory_history h JOIN stores s ON s.id = h.store_id WHERE h.checked_at = $1 AND s.board_id = $2`,
        [now, boardId],
      );
      const written = rows.map((r) => ({ storeNumber: storeNumberOf.get(r.store_id)!, plu: r.plu, before: r.previous_quantity, after: r.new_quantity, type: r.change_type }));
      const current = await q<{ store_id: number; plu: string; quantity: number }>(
        `SELECT si.store_id, si.plu, si.quantity FROM store_inventory si JOIN stores s ON s.id = si.store_id WHERE s.board_id = $1`,
        [boardId],
      );
      const recorded = new Map(current.map((r) => [`${storeNumberOf.get(r.store_id)}:${r.plu}`, r.quantity]));

      const expected: Change[] = [];
      const wrongStock: string[] = [];
      const seen = new Map<string, number>();
      for (const [plu, shelves] of truth) {
        if (failed.has(plu)) continue;
        for (const [storeNumber, after] of shelves) {
          const cell = `${storeNumber}:${plu}`;
          const before = observed.get(cell);
          const value = recorded.get(cell) ?? 0;
          if (silent.has(plu)) {
            if (value !== (before ?? 0)) wrongStock.push(`${cell}: ${value}, expected its last stock ${before ?? 0} kept`);
            seen.set(cell, before ?? 0);
            continue;
          }
          const rise = () => (everStocked.has(cell) ? 'increase' : 'first');
          if (unreadStore !== undefined) {
            // A partial answer: the unread store keeps its last stock; elsewhere the truth, or the last value kept.
            const allowed = storeNumber === unreadStore ? [before ?? 0] : [after, before ?? 0];
            if (!allowed.includes(value)) wrongStock.push(`${cell}: ${value}, expected ${allowed.join(' or ')}`);
            if (storeNumber !== unreadStore && before !== undefined && after > before) expected.push({ storeNumber, plu, before, after, type: rise() });
            seen.set(cell, value); // nothing false was written: from here on, judge against what is recorded
            continue;
          }
          if (value !== after) wrongStock.push(`${cell}: ${value} ≠ ${after}`);
          seen.set(cell, after);
          if (before === undefined || before === after) continue; // a baseline, or no change
          expected.push({ storeNumber, plu, before, after, type: after > before ? rise() : after === 0 ? 'sold_out' : 'decrease' });
        }
      }
      for (const [cell, value] of seen) {
        observed.set(cell, value);
        if (value > 0) everStocked.add(cell);
      }
      return verdict(run, expected, written, (plu, storeNumber) => truth.get(plu)?.get(storeNumber) ?? 0, wrongStock);
    }

    /** Moves the clock just past this board's next store delivery that brings hunted bottles; returns the store. */
    function advanceToDelivery(): number {
      for (let i = 0; i < 30; i++) {
        const next = sim.world
          .nextDeliveries(boardId)
          .filter((d) => d.at)
          .sort((a, b) => a.at!.getTime() - b.at!.getTime())[0];
        sim.world.setTime(new Date(next.at!.getTime() + 60_000));
        const delivered = sim.world.deliveriesOn(nyDate(next.at!), boardId).find((d) => d.storeNumber === next.storeNumber);
        if (delivered?.items.some((item) => item.listingType !== 'Listed')) return next.storeNumber;
      }
      throw new Error(`no delivery with hunted bottles at ${board.name} in 30 deliveries`);
    }

    async function counts() {
      const [row] = await q<{ history: number; inventory: string; polls: number }>(
        `SELECT (SELECT count(*)::int FROM inventory_history) AS history,
                (SELECT md5(coalesce(string_agg(store_id || ':' || plu || ':' || quantity, ',' ORDER BY store_id, plu), '')) FROM store_inventory) AS inventory,
                (SELECT count(*)::int FROM board_product_polls) AS polls`,
      );
      return row;
    }

    const lastRun = async () =>
      (await q<{ status: string; error: string | null }>(`SELECT status::text, error FROM scrape_runs WHERE source = $1::"ScrapeSource" ORDER BY id DESC LIMIT 1`, [board.source]))[0];

    it('a baseline: the first poll records current stock and no history', async () => {
      const v = await pollAndJudge();
      expect(v.status).toBe('ok');
      expect(v.written).toEqual([]);
      expect(v.expected).toEqual([]);
      expect(v.wrongStock).toEqual([]);
    }, 120_000);

    it('a delivery: every arrival at the right store with the right quantity, and nothing else; hunters see it on the board\'s arrivals', async () => {
      const store = advanceToDelivery();
      const v = await pollAndJudge();
      expect(v.status).toBe('ok');
      expect(v.arrivals.expected, 'the delivery brought hunted bottles').toBeGreaterThan(0);
      expect(v.written.some((c) => c.storeNumber === store && isArrival(c))).toBe(true);
      expectExact(v, 'delivery');
      const { browser } = await signedIn();
      const day = await browser.call(todaysArrivals, '/api/inventory/todays-arrivals', { query: { date: nyDate(sim.world.now()), boardId: String(boardId) } });
      expect(day.status).toBe(200);
      expect(day.json.total_arrivals).toBeGreaterThan(0);
    }, 120_000);

    it('sell-outs: bottles sold through the afternoon are sell-outs and decreases, never anything else', async () => {
      sim.world.advance(6 * 3600_000);
      const v = await pollAndJudge();
      expect(v.status).toBe('ok');
      expect(v.written.filter((c) => c.type === 'sold_out').length, 'allocated bottles sold out').toBeGreaterThan(0);
      expectExact(v, 'sell-outs');
    }, 120_000);

    it('a debut: a new PLU, asked about before it reaches the shelves, is first arrivals at its stores', async () => {
      const tick = Math.ceil(sim.world.now().getTime() / 900_000) * 900_000;
      const stores = [...storeNumberOf.values()].sort((a, b) => a - b).slice(0, 2);
      const plu = String(99200 + boardId);
      sim.world.scheduleDebut({
        plu,
        name: `Carolina Debut Bourbon ${board.name}`,
        listingTypeLabel: 'Special Release',
        retailPrice: 89.95,
        sizeMl: 750,
        warehouseFrom: tick,
        releaseAt: tick + 60 * 60_000,
        stores: stores.map((storeNumber, i) => ({ boardId, storeNumber, quantity: i + 2 })),
      });
      sim.world.setTime(new Date(tick + 60_000));
      expect((await runCycle({ now: sim.world.now(), sources: ['warehouse'] })).runs[0].outcome.status).toBe('ok');
      expect(await huntedAndWatchedPlus(), 'a new release is polled').toContain(plu);
      expectExact(await pollAndJudge(), 'before the release');
      sim.world.setTime(new Date(tick + 61 * 60_000));
      const debut = await pollAndJudge();
      expectExact(debut, 'the debut');
      expect(debut.written.filter((c) => c.plu === plu).map((c) => [c.storeNumber, c.type, c.after]).sort()).toEqual(
        stores.map((storeNumber, i) => [storeNumber, 'first', i + 2]).sort(),
      );
    }, 120_000);

    for (const kind of NOT_ANSWERS) {
      if (board.platform === 'abcgo' && kind === 'bad-html') {
        // ABC/GO rows in a changed format fail every product that has rows; a real empty list is still an
        // answer ("0 everywhere"), so the run is partial and everything it wrote is true.
        it('ABC/GO rows in a changed format: those products fail and keep their stock, real empty lists still count', async () => {
          advanceToDelivery();
          sim.setFault('*', kind);
          const v = await pollAndJudge();
          sim.setFault('*', 'none');
          expect(v.status).toBe('partial');
          expect(v.error).toMatch(/product request\(s\) failed: abcgo inventory: /);
          expectExact(v, 'rows in a changed format');
          sim.world.advance(15 * 60_000);
          expectExact(await pollAndJudge(), 'after the changed format');
        }, 120_000);
        continue;
      }
      it(`a ${kind} answer is a failed run that writes nothing; the next good poll finds what changed`, async () => {
        advanceToDelivery(); // real changes are waiting: none may be written from a non-answer
        const before = await counts();
        sim.setFault('*', kind);
        const cycle = await runCycle({ now: sim.world.now(), sources: [board.source] });
        sim.setFault('*', 'none');
        expect(cycle.runs[0].outcome.status).toBe('failed');
        expect((await lastRun()).error).toBeTruthy();
        expect(await counts()).toEqual(before);
        expectExact(await pollAndJudge(), `after the ${kind} answer`);
      }, 120_000);
    }

    it('some products answered by an error page: those keep their stock, the rest is exact', async () => {
      advanceToDelivery();
      sim.setFault(platform.productPath, 'error-200', 4);
      const v = await pollAndJudge();
      sim.setFault('*', 'none');
      expect(v.status).toBe('partial');
      expect(v.error).toMatch(/^4 product request\(s\) failed: /);
      expectExact(v, 'partly failed poll');
    }, 120_000);

    for (const drift of platform.drifts) {
      it(`the ${drift} shape of the ${board.platform} answers, without and with a delivery`, async () => {
        sim.setMarkup({ [platform.markup]: drift });
        sim.world.advance(15 * 60_000);
        const quiet = await pollAndJudge();
        expect(quiet.status).toBe('ok');
        expectExact(quiet, `${drift}, no delivery`);
        advanceToDelivery();
        const delivered = await pollAndJudge();
        expect(delivered.status).toBe('ok');
        expectExact(delivered, `${drift}, a delivery`);
        sim.setMarkup({ [platform.markup]: 'documented' });
      }, 120_000);
    }

    it('a store line no known store matches is reported, never a zero; when it reads again nothing false is written', async () => {
      const unread = advanceToDelivery();
      if (board.platform === 'greensboro') {
        // A new location the reference data does not know: every item lists it, so every answer is partial.
        sim.world.addGreensboroLocation({ internalid: 125, name: 'Store 19', address1: '4400 Landmark Center Blvd', city: 'Greensboro' });
      } else {
        sim.world.respell(unread, '9999 Nowhere Road, Elsewhere, NC 27000', boardId);
      }
      const v = await pollAndJudge(board.platform === 'greensboro' ? -1 : unread);
      // Partial; or failed when the unread store held the only bottles listed (every line unread: the
      // layout or the addresses changed, not the stock). Either way nothing false is written.
      expect(['partial', 'failed']).toContain(v.status);
      expect(v.error).toMatch(/store line\(s\) matched no known store/);
      expect(v.falseSellOuts).toEqual([]);
      expect(v.arrivals.precision).toBe(1);
      expect(v.arrivals.recall).toBe(1);
      expect(v.wrongStock.slice(0, 10)).toEqual([]);
      if (board.platform !== 'greensboro') expect(v.written.filter((c) => c.storeNumber === unread)).toEqual([]);
      if (board.platform === 'greensboro') sim.world.removeGreensboroLocation(125);
      else sim.world.respell(unread, null, boardId);
      sim.world.advance(15 * 60_000);
      const back = await pollAndJudge();
      expect(back.status).toBe('ok');
      expectExact(back, 'the address reads again');
    }, 120_000);

    /** Hunted products that some store of the board holds, as last observed. */
    const held = async (n: number) => {
      const polled = await huntedAndWatchedPlus(boardId);
      const found = polled.filter((plu) => [...observed].some(([cell, qty]) => cell.endsWith(`:${plu}`) && qty > 0));
      expect(found.length, `hunted products on ${board.name} shelves`).toBeGreaterThanOrEqual(n);
      return found.slice(0, n);
    };
    /** Recorded stock of some products at the board, per "storeNumber:plu" (stock > 0 only). */
    const stockOf = async (plus: string[]) =>
      new Map(
        (
          await q<{ store_id: number; plu: string; quantity: number }>(
            `SELECT si.store_id, si.plu, si.quantity FROM store_inventory si JOIN stores s ON s.id = si.store_id
              WHERE s.board_id = $1 AND si.plu = ANY($2::text[]) AND si.quantity > 0`,
            [boardId, plus],
          )
        ).map((r) => [`${storeNumberOf.get(r.store_id)}:${r.plu}`, r.quantity]),
      );
    // ABC/GO's only "nothing matched" is its search's; the per-store answer comes from details, which has none.
    const saysNothing = board.platform !== 'abcgo';

    it('"nothing matched" for products on the shelves, one poll and then three in a row through a delivery: no sell-out, stock kept, exact when found again', async () => {
      const silent = await held(2);
      const before = await stockOf(silent);
      sim.setFault('*', 'nothing-matched', undefined, silent);
      try {
        for (let i = 0; i < 3; i++) {
          if (i === 1) advanceToDelivery();
          else sim.world.advance((i === 0 ? 15 : 120) * 60_000);
          const v = await pollAndJudge();
          expect(v.status, `poll ${i + 1}`).toBe('ok');
          expectExact(v, `nothing matched, poll ${i + 1}`);
          const { details } = (await q<{ details: { noDataPlus: string[] } }>(`SELECT details FROM scrape_runs WHERE source = $1::"ScrapeSource" ORDER BY id DESC LIMIT 1`, [board.source]))[0];
          if (saysNothing) {
            expect(details.noDataPlus).toEqual(expect.arrayContaining(silent));
            expect(v.written.filter((c) => silent.includes(c.plu)), `poll ${i + 1}: nothing written`).toEqual([]);
            expect(await stockOf(silent), `poll ${i + 1}: kept`).toEqual(before);
          } else {
            expect(details.noDataPlus, 'ABC/GO: a search saying nothing never reaches the stock').toEqual([]);
          }
        }
        if (saysNothing) {
          const shown = await productStores(silent[0], boardId, sim.world.now());
          expect(shown.stores.length).toBeGreaterThan(0);
          expect(shown.stores.every((s) => s.last_seen !== null)).toBe(true);
        }
      } finally {
        sim.setFault('*', 'none');
      }
      sim.world.advance(15 * 60_000);
      const back = await pollAndJudge();
      expect(back.status).toBe('ok');
      expectExact(back, 'found again');
    }, 180_000);

    it(saysNothing
      ? 'a product truly delisted: never a zero, then unknown once a day has passed — not in stock forever'
      : 'a product truly delisted: ABC/GO\'s details list no store, which is 0 everywhere (its own positive answer), never unknown', async () => {
      const [plu] = await held(1);
      const before = await stockOf([plu]);
      const tick = Math.ceil(sim.world.now().getTime() / 900_000) * 900_000;
      sim.world.delist(plu, tick);
      sim.world.setTime(new Date(tick + 60_000));
      expectExact(await pollAndJudge(), 'delisted, first poll');
      for (const hours of [6, 12, 7]) {
        sim.world.advance(hours * 3_600_000);
        expectExact(await pollAndJudge(), `delisted, ${hours} h later`);
      }
      const now = sim.world.now();
      const shown = await productStores(plu, boardId, now);
      expect(shown.stores).toEqual([]);
      const where = (await productWhereabouts(plu, now)).boards.find((b) => b.board_id === boardId)!;
      expect(where).toMatchObject({ total_bottles: 0, stores: [] });
      if (saysNothing) {
        expect(await stockOf([plu]), 'the last known stock is kept, never zeroed').toEqual(before);
        expect(new Map(shown.unknown_stores.map((s) => [`${s.store_number}:${plu}`, s.last_quantity]))).toEqual(before);
        expect(where.unknown_stores).toHaveLength(before.size);
      } else {
        expect(await stockOf([plu])).toEqual(new Map());
        expect(shown.unknown_stores).toEqual([]);
      }
    }, 180_000);
  });
}
