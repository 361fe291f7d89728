import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../simulator/server.ts';
import { signedIn } from '../../testing/harness.ts';
import type { TestDatabase } from '../../testing/database.ts';
import { startScraperScenario, type ScraperScenario } from '../../testing/scraper-scenario.ts';
import { sql } from '../../testing/sql.ts';
import { runCycle } from './runner.ts';
import { routeHandler } from '../../testing/api.ts';

// The routes these tests call, by their URL (lib/ does not import app/).
const todaysArrivals = await routeHandler('/api/inventory/todays-arrivals', 'GET');

// The real path end to end: the scraper's HTTP adapters read the simulator's pages over loopback, the
// parsers turn them into snapshots, and the diff writes history to a real database.

let database: TestDatabase;
let stop: ScraperScenario['stop'] | undefined;
let sim: RunningSimulator;
const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => sql<T>(text, params, database.url);


beforeAll(async () => {
  // Monday 16 Nov 2026, 07:00 New York.
  ({ sim, database, stop } = await startScraperScenario('scraper', { seed: 7, start: '2026-11-16T12:00:00Z' }));
}, 120_000);

afterAll(async () => {
  await stop?.();
});

describe('scraper against the simulator', () => {
  it('baselines the first poll, then finds a delivery as arrivals at the right store', async () => {
    const first = await runCycle({ now: sim.world.now(), sources: ['wake_locator', 'wake_inventory', 'warehouse', 'shipments'] });
    expect(first.runs.map((r) => [r.source, r.outcome.status])).toEqual([
      ['wake_locator', 'ok'],
      ['wake_inventory', 'ok'],
      ['warehouse', 'ok'],
      ['shipments', 'ok'],
    ]);
    // Every locator row (27 retail stores and the mixed-beverage outlet) matched a known store.
    expect(first.runs[0].outcome.itemsSeen).toBe(28);
    expect((await q<{ n: number }>('SELECT count(*)::int AS n FROM inventory_history'))[0].n).toBe(0);
    expect((await q<{ n: number }>('SELECT count(*)::int AS n FROM store_inventory WHERE quantity > 0'))[0].n).toBeGreaterThan(0);

    // Advance to just after the next delivery that brings allocated bottles.
    let delivery;
    for (let i = 0; i < 10 && !delivery; i++) {
      const next = sim.world
        .nextDeliveries()
        .filter((d) => d.at)
        .sort((a, b) => a.at!.getTime() - b.at!.getTime())[0];
      sim.world.setTime(new Date(next.at!.getTime() + 60_000));
      const today = sim.world.deliveriesOn(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(next.at!));
      delivery = today.find(
        (d) => d.storeNumber === next.storeNumber && d.items.some((item) => item.listingType !== 'Listed' && item.after > item.before),
      );
      if (!delivery) await runCycle({ now: sim.world.now(), sources: ['wake_inventory'] });
    }
    expect(delivery, 'the simulator delivers allocated bottles within a few deliveries').toBeTruthy();

    const cycle = await runCycle({ now: sim.world.now(), sources: ['wake_inventory'] });
    expect(cycle.runs[0].outcome.status).toBe('ok');
    const arrivals = await q<{ plu: string; new_quantity: number; change_type: string }>(
      `SELECT h.plu, h.new_quantity, h.change_type::text FROM inventory_history h JOIN stores s ON s.id = h.store_id
       WHERE s.store_number = $1 AND h.checked_at = $2 AND h.change_type IN ('first', 'increase')`,
      [delivery!.storeNumber, sim.world.now()],
    );
    const allocated = delivery!.items.filter((i) => i.listingType !== 'Listed' && i.after > i.before);
    for (const item of allocated) {
      expect(arrivals, `${item.name} arrived at store ${delivery!.storeNumber}`).toContainEqual(
        expect.objectContaining({ plu: item.plu, new_quantity: item.after }),
      );
    }
    // And a hunter sees them on Today's Arrivals for that day, at that store.
    const { browser } = await signedIn();
    const day = await browser.call(todaysArrivals, '/api/inventory/todays-arrivals', { query: { date: delivery!.date } });
    expect(day.status).toBe(200);
    for (const item of allocated) {
      expect(day.json.arrivals, `${item.name} listed on Today's Arrivals`).toContainEqual(
        expect.objectContaining({ plu: item.plu, store_number: delivery!.storeNumber, new_quantity: item.after }),
      );
    }

    // The same poll again writes nothing new.
    const again = await runCycle({ now: new Date(sim.world.now().getTime() + 1000), sources: ['wake_inventory'] });
    expect(again.runs[0].outcome.changesWritten).toBe(0);

    const runs = await q<{ source: string; status: string }>(`SELECT source::text, status::text FROM scrape_runs ORDER BY id`);
    expect(runs.every((r) => r.status === 'ok')).toBe(true);
  });

  it("reads the other boards' shelves while Wake's sources run, and writes each board's snapshot", async () => {
    // What the other boards' sites had answered when Wake's inventory run was done.
    const boardPaths = ['/products', '/api/items', '/abcgo/135/api/inventory/details'];
    const boardRequests = () => boardPaths.reduce((n, path) => n + (sim.requests()[path] ?? 0), 0);
    const before = boardRequests();
    let whenWakeWasDone: number | undefined;
    const now = new Date(sim.world.now().getTime() + 60_000);
    const cycle = await runCycle({
      now,
      sources: ['wake_inventory', 'warehouse', 'durham_inventory', 'greensboro_inventory', 'new_hanover_inventory'],
      log: (line) => {
        if (line.startsWith('wake_inventory:')) whenWakeWasDone = boardRequests() - before;
      },
    });
    expect(cycle.runs.map((r) => r.source)).toEqual(['wake_inventory', 'warehouse', 'durham_inventory', 'greensboro_inventory', 'new_hanover_inventory']);
    for (const run of cycle.runs) expect(run.outcome.status, `${run.source}: ${run.outcome.error}`).not.toBe('failed');
    // The boards are read alongside Wake, on a Postgres server and on the embedded database alike.
    expect(whenWakeWasDone).toBeGreaterThan(0);
    // Each board's first poll is the baseline of every one of its stores, and writes no history.
    const storeCounts = await q<{ board_id: number; n: number }>(`SELECT board_id, count(*)::int AS n FROM stores GROUP BY board_id`);
    for (const [i, boardId] of [78, 58, 135].entries()) {
      expect(cycle.runs[2 + i].outcome.details).toMatchObject({ baselineStores: storeCounts.find((c) => c.board_id === boardId)!.n });
    }
    const boardHistory = await q<{ n: number }>(`SELECT count(*)::int AS n FROM inventory_history h JOIN stores s ON s.id = h.store_id WHERE s.board_id <> 179`);
    expect(boardHistory[0].n).toBe(0);
  });
});
