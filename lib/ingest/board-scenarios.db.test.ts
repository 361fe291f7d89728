import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disconnectDb, setDatabaseUrl } from '../db/index.ts';
import { DURHAM_BOARD_ID, GREENSBORO_BOARD_ID, NEW_HANOVER_BOARD_ID } from '../reference/boards.ts';
import type { FaultKind, RunningSimulator } from '../../simulator/index.ts';
import { signedIn } from '../../testing/harness.ts';
import { startSimulatorForScraper } from '../../testing/simulator.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/database.ts';
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
import { nyDate } from '../time.ts';
import { productStores } from '../reports/inventory.ts';
import { productWhereabouts } from '../reports/where.ts';
import { runCycle } from './runner.ts';
import { boardProductsToPoll, huntedAndWatchedPlus } from './tiers.ts';
import {
  expectExact,
  expectRunRecord,
  isArrival,
  pagesSaid,
  SHELF_PATHS,
  verdict,
  type Change,
  type PagesSaid,
  type Verdict,
} from '../../testing/ground-truth.ts';
import { routeHandler } from '../../testing/api.ts';

// The routes these tests call, by their URL (lib/ does not import app/).
const todaysArrivals = await routeHandler('/api/inventory/todays-arrivals', 'GET');

// The other boards' ingestion judged by ground truth, as lib/ingest/scenarios.db.test.ts judges Wake's: the
// real scraper reads the simulator's Durham, Greensboro and ABC/GO (New Hanover) answers over HTTP, and
// after every poll the history it wrote is compared with what the simulated shelves did between polls.
// Each board: a baseline, a delivery, sell-outs, a debut, pages that are no answer (a failed run that
// writes nothing), a partly failed poll, format drift, a store line no known store matches (a partial
// run that never writes a false zero), "nothing matched" (where the board can say it) and a delisted
// product. Arrival precision = recall = 100%, no false sell-out and stock equal to the shelves, every time;
// the products the run records as said nothing about or failed are exactly the ones the simulator's pages did.

/** How each platform's answers drift (its per-product answers come from SHELF_PATHS). */
const PLATFORM = {
  durham: { markup: 'durham', drifts: ['drift', 'alternate'] },
  greensboro: { markup: 'greensboro', drifts: ['drift', 'alternate'] },
  abcgo: { markup: 'abcgo', drifts: ['drift', 'alternate'] },
} as const;

/** The three boards as prisma/seed-data/board-sources.json lists them (source: the entry's key), by the simulator's platform names. */
const BOARDS: Record<number, { id: number; name: string; platform: keyof typeof PLATFORM; source: string }> = {
  [DURHAM_BOARD_ID]: { id: DURHAM_BOARD_ID, name: 'Durham County', platform: 'durham', source: 'durham_inventory' },
  [GREENSBORO_BOARD_ID]: { id: GREENSBORO_BOARD_ID, name: 'Greensboro', platform: 'greensboro', source: 'greensboro_inventory' },
  [NEW_HANOVER_BOARD_ID]: { id: NEW_HANOVER_BOARD_ID, name: 'New Hanover County', platform: 'abcgo', source: 'new_hanover_inventory' },
};

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
  const board = BOARDS[boardId];
  const platform = PLATFORM[board.platform];

  describe(`${board.name} (${board.platform}) against the simulator, judged by its ground truth`, () => {
    let database: TestDatabase;
    const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => sql<T>(text, params, database.url);
    /** What the scraper has observed so far, per "storeNumber:plu". */
    const observed = new Map<string, number>();
    const everStocked = new Set<string>();
    let storeNumberOf: Map<number, number>;
    let lastPollAt = 0;
    /** What the pages said about each product at the latest poll pollAndJudge made (the simulator's record). */
    let latestSaid: PagesSaid;

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
     * One poll of the board at the simulator's time, judged. Which products the pages answered, said
     * nothing about or failed comes from the simulator's record of what it served, and the run record must
     * name exactly those (expectRunRecord). Products whose request failed are not observed. With
     * `unreadStore`, that store's lines match no known store: nothing may be written there, and elsewhere
     * every recorded cell must be the truth or the last observed value (kept, never a zero).
     */
    async function pollAndJudge(unreadStore?: number): Promise<Verdict> {
      const now = sim.world.now();
      // Each poll is read back by its time: two at one instant would mix their rows.
      expect(now.getTime(), 'a poll after the last one').toBeGreaterThan(lastPollAt);
      lastPollAt = now.getTime();
      const polled = (await boardProductsToPoll(boardId, now)).filter((plu) => sim.world.product(plu));
      sim.takeServedAnswers(); // only this poll's answers count
      const cycle = await runCycle({ now, sources: [board.source] });
      const run = cycle.runs[0].outcome;
      const said = pagesSaid(sim.takeServedAnswers(), boardId);
      latestSaid = said;
      expectRunRecord(run, said, `${board.name} poll at ${now.toISOString()}`);
      expect(run.details?.skipped ?? 0, 'every product asked').toBe(0);
      // A poll in which no product answered is no evidence of anything: it observes nothing at all.
      const anyAnswer = said.answered.size > 0;
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
        if (!said.answered.has(plu) && !said.silent.has(plu)) continue; // no answer: not observed
        for (const [storeNumber, after] of shelves) {
          const cell = `${storeNumber}:${plu}`;
          const before = observed.get(cell);
          const value = recorded.get(cell) ?? 0;
          if (said.silent.has(plu)) {
            // Said nothing (a hiccup, a delisting, a debut not out yet): nothing may be written, the last
            // stock is kept. The board was asked, though: a store never seen holding it whose shelf is truly
            // empty counts as 0 from now on (its first bottles later are a debut).
            if (value !== (before ?? 0)) wrongStock.push(`${cell}: ${value}, expected its last stock ${before ?? 0} kept`);
            if (before === undefined && anyAnswer && after === 0) seen.set(cell, 0);
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
    const toDelivery = () => advanceToDelivery(sim.world, boardId);

    async function counts() {
      const [row] = await q<{ history: number; inventory: string; polls: number }>(
        `SELECT (SELECT count(*)::int FROM inventory_history) AS history,
                (SELECT md5(coalesce(string_agg(store_id || ':' || plu || ':' || quantity, ',' ORDER BY store_id, plu), '')) FROM store_inventory) AS inventory,
                (SELECT count(*)::int FROM board_product_polls) AS polls`,
      );
      return row;
    }

    const lastRun = async () =>
      (await q<{ status: string; error: string | null }>(`SELECT status::text, error FROM scrape_runs WHERE source = $1 ORDER BY id DESC LIMIT 1`, [board.source]))[0];

    it('a baseline: the first poll records current stock and no history', async () => {
      const v = await pollAndJudge();
      expect(v.status).toBe('ok');
      expect(v.written).toEqual([]);
      expect(v.expected).toEqual([]);
      expect(v.wrongStock).toEqual([]);
    }, 120_000);

    it('a delivery: every arrival at the right store with the right quantity, and nothing else; hunters see it on the board\'s arrivals', async () => {
      const store = toDelivery();
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
          toDelivery();
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
        toDelivery(); // real changes are waiting: none may be written from a non-answer
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
      toDelivery();
      sim.setFault(SHELF_PATHS[boardId], 'error-200', 4);
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
        toDelivery();
        const delivered = await pollAndJudge();
        expect(delivered.status).toBe('ok');
        expectExact(delivered, `${drift}, a delivery`);
        sim.setMarkup({ [platform.markup]: 'documented' });
      }, 120_000);
    }

    it('a store line no known store matches is reported, never a zero; when it reads again nothing false is written', async () => {
      const unread = toDelivery();
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

    /** Products polled every poll that some store of the board holds, as last observed and on the shelves now. */
    const onShelves = async (n: number) => {
      const polled = await boardProductsToPoll(boardId, sim.world.now());
      const found = polled.filter(
        (plu) =>
          sim.world.product(plu) &&
          [...observed].some(([cell, qty]) => cell.endsWith(`:${plu}`) && qty > 0) &&
          [...sim.world.boardStockOf(boardId, plu).values()].some((qty) => qty > 0),
      );
      expect(found.length, `products on ${board.name} shelves`).toBeGreaterThan(0);
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
    const advanceMinutes = (minutes: number) => sim.world.advance(minutes * 60_000);

    // The "nothing matched" scenarios run where the board can say it: Durham's "Product Not Found" and
    // Greensboro's search without the code (as Wake's results page without the product). ABC/GO's reader
    // asks `details`, which answers every code — a `[]` is its statement that no store holds it (sources.md
    // §6), never "nothing matched" — and the nothing-matched fault applies only to its search, which the
    // reader never calls: a scenario here would prove nothing.
    if (board.platform !== 'abcgo') {
      const silence = (plus?: string[]) => sim.setFault(SHELF_PATHS[boardId], 'nothing-matched', undefined, plus);
      const watched = new Set<string>();
      /**
       * The board's next delivery sure to bring back a product on its shelves (SimWorld.sureRestocks), that
       * product watched by a hunter so every poll asks about it, and one poll that observes it.
       */
      const watchedRestock = async (): Promise<SureRestock> => {
        advanceMinutes(15);
        const catalog = new Set((await q<{ plu: string }>('SELECT plu FROM products')).map((r) => r.plu));
        const restock = nextSureRestock(sim.world, boardId, (plu) => catalog.has(plu) && !watched.has(plu));
        await insertWatcher(database.url, [restock.plu]);
        watched.add(restock.plu);
        expectExact(await pollAndJudge(), 'the watched product observed');
        expect(observed.get(`${restock.storeNumber}:${restock.plu}`), 'its shelf at the store the delivery restocks').toBe(restock.shelf);
        return restock;
      };

      it('"nothing matched" for a product on the shelves, then found again after a delivery of that very product: the true increase at that store, nothing else', async () => {
        const restock = await watchedRestock();
        const silent = [restock.plu, ...(await onShelves(3)).filter((plu) => plu !== restock.plu).slice(0, 2)];
        const before = await stockOf(silent);
        toShortlyBefore(sim.world, restock.at);
        const silencedAt = sim.world.now();
        silence(silent);
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
        const delivery = sim.world.deliveriesOn(nyDate(restock.at), boardId).find((d) => d.storeNumber === restock.storeNumber && d.at.getTime() === restock.at.getTime());
        expect(delivery?.items.find((i) => i.plu === restock.plu), 'the delivery brought it back to par').toMatchObject({ after: restock.par });
        const back = await pollAndJudge();
        expect(back.status).toBe('ok');
        expectExact(back, 'found again after the delivery');
        expectRestockArrival(sim.world, boardId, back, restock, silencedAt, restock.par);
      }, 120_000);

      it('a single "nothing matched" hiccup, then found again with no delivery in between: no arrival, no sell-out, stock equal to the shelves', async () => {
        advanceMinutes(15);
        toQuietWindow(sim.world, boardId, 45);
        const from = sim.world.now();
        expectExact(await pollAndJudge(), 'before the hiccup');
        const silent = await onShelves(3);
        const before = await stockOf(silent);
        advanceMinutes(15);
        silence(silent);
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
        const shown = await productStores(silent[0], boardId, sim.world.now());
        expect(shown.stores.length).toBeGreaterThan(0);
        expect(shown.stores.every((s) => s.last_seen !== null)).toBe(true);

        advanceMinutes(15);
        const back = await pollAndJudge();
        expect(deliveriesBetween(sim.world, boardId, from, sim.world.now()), 'no delivery in between').toEqual([]);
        expect(back.status).toBe('ok');
        expectExact(back, 'found again');
        expect(back.written.filter((c) => silent.includes(c.plu) && isArrival(c)), 'no arrival of the silenced products').toEqual([]);
        expect((await productStores(silent[0], boardId, sim.world.now())).stores.every((s) => s.last_seen === null)).toBe(true);
      }, 120_000);

      it('"nothing matched" for products on the shelves, three polls in a row through a delivery of one of them and sales: exact every time, never a sell-out, the true increase when found again', async () => {
        const restock = await watchedRestock();
        const silent = [restock.plu, ...(await onShelves(3)).filter((plu) => plu !== restock.plu).slice(0, 2)];
        const before = await stockOf(silent);
        const silencedAt = sim.world.now();
        silence(silent);
        try {
          for (let i = 0; i < 3; i++) {
            if (i === 0) toShortlyBefore(sim.world, restock.at);
            else if (i === 1) sim.world.setTime(new Date(restock.at.getTime() + 60_000)); // the silenced product is delivered
            else advanceMinutes(120);
            const v = await pollAndJudge();
            expect(v.status, `poll ${i + 1}`).toBe('ok');
            expectExact(v, `nothing matched, poll ${i + 1}`);
            expect(v.written.filter((c) => silent.includes(c.plu)), `poll ${i + 1}: nothing written`).toEqual([]);
            expect(await stockOf(silent), `poll ${i + 1}: kept`).toEqual(before);
          }
        } finally {
          sim.setFault('*', 'none');
        }
        advanceMinutes(15);
        const back = await pollAndJudge();
        expect(back.status).toBe('ok');
        expectExact(back, 'found again after three polls');
        const shelf = sim.world.boardStockOf(boardId, restock.plu).get(restock.storeNumber) ?? 0;
        expect(shelf, 'still more than before the delivery').toBeGreaterThan(restock.shelf);
        expectRestockArrival(sim.world, boardId, back, restock, silencedAt, shelf);
      }, 180_000);

      it('"nothing matched" for every product of one poll (the site looks broken): a failed run that writes nothing, and the next good poll is exact', async () => {
        // A product on the board's shelves it was never asked about, watched from now: that broken
        // answer's "nothing" must not make its first answer a debut.
        const asked = new Set((await q<{ plu: string }>('SELECT plu FROM board_product_polls WHERE board_id = $1', [boardId])).map((r) => r.plu));
        const catalog = new Set((await q<{ plu: string }>('SELECT plu FROM products')).map((r) => r.plu));
        const [fresh] = [...sim.world.boardStockSnapshot(boardId)].filter(([plu, shelves]) => catalog.has(plu) && !asked.has(plu) && shelves.size > 0).map(([plu]) => plu);
        expect(fresh, 'a product on the shelves never asked about').toBeDefined();
        await insertWatcher(database.url, [fresh]);
        advanceMinutes(15);
        const before = await counts();
        silence();
        let broken: Verdict;
        try {
          broken = await pollAndJudge();
        } finally {
          sim.setFault('*', 'none');
        }
        expect(latestSaid.answered.size, 'no product answered').toBe(0);
        expect(latestSaid.silent).toContain(fresh);
        expect(broken.status).toBe('failed');
        expect(broken.error).toMatch(new RegExp(`^${board.name} inventory said nothing about any of the \\d+ product\\(s\\) asked`));
        expect((await lastRun()).status).toBe('failed');
        expectExact(broken, 'every product said nothing');
        expect(await counts(), 'no stock, history or product marked as asked').toEqual(before);

        advanceMinutes(1);
        const next = await pollAndJudge();
        expect(next.status).toBe('ok');
        expectExact(next, 'the next good poll');
        expect(next.written.filter((c) => c.plu === fresh), 'its first answer is a baseline').toEqual([]);
      }, 120_000);

      it('a product truly delisted: never a zero, shown as last seen, then as unknown once a day has passed — not in stock forever', async () => {
        advanceMinutes(15);
        expectExact(await pollAndJudge(), 'the last answer about it');
        const [plu] = await onShelves(1);
        const lastAnswer = sim.world.now();
        const before = await stockOf([plu]);
        expect(before.size).toBeGreaterThan(0);
        const tick = Math.ceil(sim.world.now().getTime() / 900_000) * 900_000;
        sim.world.delist(plu, tick);
        sim.world.setTime(new Date(tick + 60_000));
        expectExact(await pollAndJudge(), 'delisted, first poll');
        expect(latestSaid.silent).toContain(plu);
        expect(await stockOf([plu])).toEqual(before);
        // The screens show the last known stock, "last seen" when the board last answered about it.
        await expectShownAsLastSeen(plu, boardId, sim.world.now(), byStoreNumber(before), lastAnswer);
        for (const hours of [6, 12, 7]) {
          sim.world.advance(hours * 3_600_000);
          expectExact(await pollAndJudge(), `delisted, ${hours} h later`);
        }
        expect(await stockOf([plu]), 'the last known stock is kept, never zeroed').toEqual(before);
        await expectShownAsUnknown(plu, boardId, sim.world.now(), byStoreNumber(before), lastAnswer);
      }, 180_000);
    } else {
      it("a product truly delisted: ABC/GO's details answer [], its own statement that no store holds it, so its stock ends at 0 (sell-outs), never unknown", async () => {
        advanceMinutes(15);
        expectExact(await pollAndJudge(), 'the last answer about it');
        const [plu] = await onShelves(1);
        const before = await stockOf([plu]);
        expect(before.size).toBeGreaterThan(0);
        const tick = Math.ceil(sim.world.now().getTime() / 900_000) * 900_000;
        sim.world.delist(plu, tick);
        sim.world.setTime(new Date(tick + 60_000));
        const first = await pollAndJudge();
        expect(latestSaid.answered).toContain(plu);
        expectExact(first, 'delisted, first poll');
        expect(first.written.filter((c) => c.plu === plu).map((c) => [c.storeNumber, c.type]).sort()).toEqual([...byStoreNumber(before).keys()].map((n) => [n, 'sold_out']).sort());
        expect(await stockOf([plu])).toEqual(new Map());
        const shown = await productStores(plu, boardId, sim.world.now());
        expect(shown).toMatchObject({ stores: [], unknown_stores: [] });
        sim.world.advance(25 * 3_600_000);
        expectExact(await pollAndJudge(), 'delisted, a day later');
        const where = (await productWhereabouts(plu, sim.world.now())).boards.find((b) => b.board_id === boardId)!;
        expect(where).toMatchObject({ total_bottles: 0, stores: [], unknown_stores: [] });
      }, 180_000);
    }
  });
}
