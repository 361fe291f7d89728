import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadReferenceData, type BoardStoreSeed } from '../reference/reference.ts';
import type { RunningSimulator } from '../../simulator/index.ts';
import type { TestDatabase } from '../../testing/database.ts';
import { startScraperScenario, type ScraperScenario } from '../../testing/scraper-scenario.ts';
import { expectClientError, signedIn, type TestClient } from '../../testing/harness.ts';
import { sql } from '../../testing/sql.ts';
import { dueSources, runCycle } from './runner.ts';
import { boardProductsToPoll } from './tiers.ts';
import { routeHandler } from '../../testing/api.ts';

// The routes these tests call, by their URL (lib/ does not import app/).
const coveredRoute = await routeHandler('/api/boards/covered', 'GET');
const healthRoute = await routeHandler('/api/health', 'GET');
const allocatedRoute = await routeHandler('/api/inventory/allocated-current', 'GET');
const storesRoute = await routeHandler('/api/stores', 'GET');

// A board is one entry (docs/decisions/021-a-board-is-data.md): Carteret County (board 2), on the ABC/GO
// platform, becomes a board whose shelves are read by one board_sources row (its stores are in the reference data already) — no code,
// no enum, no migration. Its poll runs through the real scraper over HTTP against the simulator's ABC/GO host
// for board 2, writes runs that name (source, board), and the board shows in /api/boards/covered, the
// store-level reports and health; disabled, it is gone from all of them again.

const CARTERET = 2;
const KEY = 'carteret_inventory';
// Its stores are already in the reference data (board-stores.json holds every board's): six retail stores.
const STORES: BoardStoreSeed[] = loadReferenceData().boardStores.filter((s) => s.board_id === CARTERET);

let sim: RunningSimulator;
let database: TestDatabase;
let stop: ScraperScenario['stop'] | undefined;
let browser: TestClient;
const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => sql<T>(text, params, database.url);

beforeAll(async () => {
  // Monday 16 Nov 2026, 07:00 New York; the world keeps Carteret's shelves (a test's board, not the registry's).
  ({ sim, database, stop } = await startScraperScenario('board_entry', { seed: 23, start: '2026-11-16T12:00:00Z', shelfBoardStores: STORES }, { SOURCE_TIMEOUT_MS: '2000' }));
  ({ browser } = await signedIn());
  // The whole change: its entry.
  await q(
    `INSERT INTO board_sources (key, board_id, platform, base_url, store_key, poll_minutes, concurrency, delay_ms)
     VALUES ($1, $2, 'abcgo', $3, 'address', 240, 2, 0)`,
    [KEY, CARTERET, `${sim.url}/abcgo/${CARTERET}`],
  );
}, 120_000);

afterAll(async () => {
  await stop?.();
});

describe('a board is one entry', () => {
  it('is due, and its poll reads the simulated ABC/GO host over HTTP and writes its shelves as they are', async () => {
    // On to a moment some hunted bottles stand on Carteret's shelves (a small board: allocations are rare).
    const plus = await boardProductsToPoll(CARTERET, sim.world.now());
    const inStock = () => [...sim.world.boardStockSnapshot(CARTERET, plus).values()].some((m) => [...m.values()].some((v) => v > 0));
    for (let hours = 0; !inStock() && hours < 60 * 24; hours += 6) sim.world.advance(6 * 3_600_000);
    expect(inStock(), 'a hunted product on a Carteret shelf within 60 days').toBe(true);
    const now = sim.world.now();
    expect(await dueSources(now)).toContain(KEY);

    const cycle = await runCycle({ now, sources: [KEY] });
    expect(cycle.runs.map((r) => [r.source, r.outcome.status])).toEqual([[KEY, 'ok']]);
    const [run] = await q<{ source: string; board_id: number; status: string; items_seen: number }>(
      `SELECT source, board_id, status::text, items_seen FROM scrape_runs ORDER BY id DESC LIMIT 1`,
    );
    expect(run).toEqual({ source: KEY, board_id: CARTERET, status: 'ok', items_seen: plus.length });

    // Every asked product's shelf in each of its stores is the simulator's truth (0 where it has none).
    const truth = sim.world.boardStockSnapshot(CARTERET, plus);
    const shelves = await q<{ store_number: number; plu: string; quantity: number }>(
      `SELECT s.store_number, si.plu, si.quantity FROM store_inventory si JOIN stores s ON s.id = si.store_id WHERE s.board_id = $1`,
      [CARTERET],
    );
    const written = new Map(shelves.map((r) => [`${r.store_number}:${r.plu}`, r.quantity]));
    let stocked = 0;
    for (const plu of plus) {
      for (const s of STORES) {
        const expected = truth.get(plu)?.get(s.store_number) ?? 0;
        stocked += expected > 0 ? 1 : 0;
        expect(written.get(`${s.store_number}:${plu}`) ?? 0, `${plu} at store ${s.store_number}`).toBe(expected);
      }
    }
    expect(stocked, 'some hunted bottles on Carteret shelves').toBeGreaterThan(0);
    // Polled at its cadence: not due again right after a good poll.
    expect(await dueSources(now)).not.toContain(KEY);
  });

  it('shows in the covered boards, the store-level reports and health', async () => {
    const covered = await browser.call(coveredRoute, '/api/boards/covered');
    expect(covered.status).toBe(200);
    const carteret = (covered.json.boards as { board_id: number; last_check: string | null }[]).find((b) => b.board_id === CARTERET);
    const [run] = await q<{ at: string }>(`SELECT started_at AS at FROM scrape_runs WHERE source = $1`, [KEY]);
    expect(carteret).toMatchObject({ board_id: CARTERET, name: 'Carteret County', source: KEY, stores: 6, retail_stores: 6, failing: false, last_run_status: 'ok' });
    expect(carteret?.last_check).toBe(new Date(run.at).toISOString());
    expect((covered.json.boards as { board_id: number }[]).map((b) => b.board_id)).toEqual([179, CARTERET, 78, 58, 135]);

    const stores = await browser.call(storesRoute, '/api/stores', { query: { boardId: String(CARTERET) } });
    expect(stores.status).toBe(200);
    expect((stores.json.stores as { store_number: number }[]).map((s) => s.store_number)).toEqual([1, 2, 3, 4, 5, 6]);

    const health = await browser.call(healthRoute, '/api/health');
    expect((health.json.scrapers as { source: string }[]).find((s) => s.source === KEY)).toMatchObject({ source: KEY, board_id: CARTERET, status: 'ok' });
  });

  it('disabled, it is no longer read, offered or accepted', async () => {
    await q(`UPDATE board_sources SET enabled = false WHERE key = $1`, [KEY]);
    expect(await dueSources(sim.world.now())).not.toContain(KEY);
    const covered = await browser.call(coveredRoute, '/api/boards/covered');
    expect((covered.json.boards as { board_id: number }[]).map((b) => b.board_id)).toEqual([179, 78, 58, 135]);
    // Still one of the state's boards: its stores are listed as a board's whose shelves are not read, and a
    // call that only reads shelves refuses it.
    const stores = await browser.call(storesRoute, '/api/stores', { query: { boardId: String(CARTERET) } });
    expect(stores.status).toBe(200);
    expect(stores.json).toMatchObject({ precision: 'board', shelf_read: false });
    expectClientError(await browser.call(allocatedRoute, '/api/inventory/allocated-current', { query: { boardId: String(CARTERET) } }), 400);
    const health = await browser.call(healthRoute, '/api/health');
    expect((health.json.scrapers as { source: string }[]).map((s) => s.source)).not.toContain(KEY);
    // Its runs stay, naming it.
    expect(await q(`SELECT count(*)::int AS n FROM scrape_runs WHERE source = $1 AND board_id = $2`, [KEY, CARTERET])).toEqual([{ n: 1 }]);
  });
});
