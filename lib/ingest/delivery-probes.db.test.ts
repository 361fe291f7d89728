import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DURHAM_BOARD_ID, WAKE_BOARD_ID } from '../reference/boards.ts';
import { nyDate } from '../time.ts';
import type { RunningSimulator } from '../../simulator/index.ts';
import { nyLocal, ymd } from '../../simulator/clock.ts';
import type { TestDatabase } from '../../testing/database.ts';
import { startScraperScenario, type ScraperScenario } from '../../testing/scraper-scenario.ts';
import { sql } from '../../testing/sql.ts';
import { DELIVERY_MIN_PRODUCTS, updateDeliveryPatterns } from './delivery-pattern.ts';
import { runCycle } from './runner.ts';
import { boardProductsToPoll, deliveryProbes, DELIVERY_PROBES, huntedAndWatchedPlus } from './tiers.ts';

// Delivery probes (docs/decisions/033-delivery-probes.md): the everyday products that rise at most of Wake's
// deliveries are asked at the boards whose pages are searched product by product, so a truck at one of their
// stores shows as several rises at one poll and the store's delivery day is learned, as Wake's are.

let sim: RunningSimulator;
let database: TestDatabase;
let stop: ScraperScenario['stop'] | undefined;
const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => sql<T>(text, params, database.url);
const DAY_MS = 86_400_000;

beforeAll(async () => {
  // Monday 16 Nov 2026, 07:00 New York.
  ({ sim, database, stop } = await startScraperScenario('delivery_probes', { seed: 37, start: '2026-11-16T12:00:00Z' }, { SOURCE_TIMEOUT_MS: '2000' }));
}, 120_000);

afterAll(async () => {
  await stop?.();
});

/** Rises (store of a board, PLU, instant) written into the history as the scraper writes arrivals. */
async function rises(rows: { board: number; store: number; plu: string; at: Date }[]) {
  await q(
    `INSERT INTO inventory_history (store_id, plu, checked_at, previous_quantity, new_quantity, delta, change_type)
     SELECT s.id, r.plu, r.at, 0, 2, 2, 'increase'
       FROM unnest($1::int[], $2::int[], $3::text[], $4::timestamptz[]) AS r(board, store, plu, at)
       JOIN stores s ON s.board_id = r.board AND s.store_number = r.store
     ON CONFLICT DO NOTHING`,
    [rows.map((r) => r.board), rows.map((r) => r.store), rows.map((r) => r.plu), rows.map((r) => r.at)],
  );
}

describe('delivery probes', () => {
  it("are the Listed products that rose at the most of Wake's store deliveries in the last 30 days", async () => {
    const now = new Date('2026-11-16T17:00:00Z');
    const listed = await q<{ plu: string }>(`SELECT plu FROM products WHERE listing_type = 'Listed' ORDER BY plu LIMIT 5`);
    const [a, b, c, d, e] = listed.map((r) => r.plu);
    const [hunted] = await q<{ plu: string }>(`SELECT plu FROM products WHERE listing_type = 'Allocation' ORDER BY plu LIMIT 1`);
    const day = (n: number, hour = 15) => new Date(now.getTime() - n * DAY_MS + (hour - 17) * 3_600_000);
    await rises([
      // c: four store-days; a and b: three each (a before b by PLU); a's two rises at one store on one day count once.
      ...[1, 2, 3, 4].map((n) => ({ board: WAKE_BOARD_ID, store: n, plu: c, at: day(n) })),
      ...[1, 2, 3].map((n) => ({ board: WAKE_BOARD_ID, store: n, plu: a, at: day(n) })),
      { board: WAKE_BOARD_ID, store: 1, plu: a, at: day(1, 16) },
      ...[1, 2, 3].map((n) => ({ board: WAKE_BOARD_ID, store: n, plu: b, at: day(n) })),
      // Not probes: a hunted product, a Listed one rising only at Durham, one that rose 40 days ago, one after now.
      ...[1, 2, 3, 4, 5, 6].map((n) => ({ board: WAKE_BOARD_ID, store: n, plu: hunted.plu, at: day(n) })),
      ...[1, 2, 3, 4, 5, 6].map((n) => ({ board: DURHAM_BOARD_ID, store: n, plu: d, at: day(n) })),
      ...[1, 2, 3, 4, 5, 6].map((n) => ({ board: WAKE_BOARD_ID, store: n, plu: e, at: day(40 + n) })),
      { board: WAKE_BOARD_ID, store: 7, plu: e, at: new Date(now.getTime() + 3_600_000) },
    ]);
    expect(await deliveryProbes(now)).toEqual([c, a, b]);
    expect(await deliveryProbes(now, 2)).toEqual([c, a]);
    // Durham's poll asks them beside the hunted and watched products; Wake, whose whole catalog is read, needs none.
    const asked = await boardProductsToPoll(DURHAM_BOARD_ID, now);
    expect(asked).toEqual(expect.arrayContaining([c, a, b, hunted.plu]));
    expect(asked).not.toContain(d);
    expect(await huntedAndWatchedPlus()).not.toContain(c);
    await q('DELETE FROM inventory_history');
  });

  it("make a Durham store's truck show through the real scraper, so its delivery day is learned", async () => {
    // Two weeks of Wake's deliveries, as Wake's scraper records them: every product a truck raised.
    const wakeRises: { board: number; store: number; plu: string; at: Date }[] = [];
    const listed = new Set((await q<{ plu: string }>(`SELECT plu FROM products WHERE listing_type = 'Listed'`)).map((r) => r.plu));
    for (let k = 0; k < 14; k++) {
      sim.world.advance(DAY_MS);
      for (const r of sim.world.deliveriesOn(ymd(nyLocal(sim.world.nowMillis()).dayNumber - 1), WAKE_BOARD_ID)) {
        for (const item of r.items) if (item.after > item.before && listed.has(item.plu)) wakeRises.push({ board: WAKE_BOARD_ID, store: r.storeNumber, plu: item.plu, at: r.at });
      }
    }
    // Only the busiest products matter: write the rises of the 60 that rose at the most Wake store-days.
    const count = new Map<string, number>();
    for (const r of wakeRises) count.set(r.plu, (count.get(r.plu) ?? 0) + 1);
    const busiest = new Set([...count].sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0])).slice(0, 60).map(([plu]) => plu));
    await rises(wakeRises.filter((r) => busiest.has(r.plu)));
    const probes = await deliveryProbes(sim.world.now());
    expect(probes).toHaveLength(DELIVERY_PROBES);

    // Durham: a first poll (a baseline), then a poll just after the next truck at one of its stores.
    expect((await runCycle({ now: sim.world.now(), sources: ['durham_inventory'] })).runs[0].outcome.status).toBe('ok');
    const baselineAt = sim.world.nowMillis();
    let truck: { storeNumber: number; at: Date } | undefined;
    for (let hours = 0; !truck && hours < 24 * 10; hours++) {
      sim.world.advance(3_600_000);
      const today = nyLocal(sim.world.nowMillis()).dayNumber;
      truck = [today - 1, today]
        .flatMap((d) => sim.world.deliveriesOn(ymd(d), DURHAM_BOARD_ID))
        .find((r) => !r.drop && r.at.getTime() > baselineAt && r.at.getTime() <= sim.world.nowMillis());
    }
    expect(truck, 'a truck at a Durham store within 10 days').toBeDefined();
    const now = sim.world.now();
    expect((await runCycle({ now, sources: ['durham_inventory'] })).runs[0].outcome.status).toBe('ok');

    const risen = await q<{ plu: string }>(
      `SELECT DISTINCT h.plu FROM inventory_history h JOIN stores s ON s.id = h.store_id
        WHERE s.board_id = $1 AND s.store_number = $2 AND h.change_type IN ('first', 'increase') AND h.checked_at = $3`,
      [DURHAM_BOARD_ID, truck!.storeNumber, now],
    );
    const probeRises = risen.filter((r) => probes.includes(r.plu)).length;
    expect(probeRises, 'probes the truck raised').toBeGreaterThanOrEqual(DELIVERY_MIN_PRODUCTS);
    await updateDeliveryPatterns(nyDate(now));
    const [store] = await q<{ last: string }>(
      `SELECT to_char(last_delivery_date, 'YYYY-MM-DD') AS last FROM stores WHERE board_id = $1 AND store_number = $2`,
      [DURHAM_BOARD_ID, truck!.storeNumber],
    );
    expect(store.last).toBe(nyDate(now));
  }, 240_000);
});
