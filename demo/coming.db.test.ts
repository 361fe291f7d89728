import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comingProducts } from '../lib/catalog/coming.ts';
import { disconnectDb, setDatabaseUrl } from '../lib/db/index.ts';
import { ALLOCATED_LIST_KEY, PRICE_LIST_KEY } from '../lib/ingest/catalog-lists.ts';
import { runCycle } from '../lib/ingest/runner.ts';
import type { RunningSimulator } from '../simulator/server.ts';
import { createTestDatabase, DEMO_NOW, type TestDatabase } from '../testing/database.ts';
import { startSimulatorForScraper } from '../testing/simulator.ts';
import { sql } from '../testing/sql.ts';

// Issue 40, item 5: the demo shows products coming. Its seed records the catalog lists as read the day before, and the
// demo's simulator (automatic debuts on, as npm start runs it) announces each debut about a month ahead; so the
// scraper's first reading of the lists dates those announcements, and Coming to NC lists them at once.

let sim: RunningSimulator;
let database: TestDatabase;

beforeAll(async () => {
  sim = await startSimulatorForScraper({ seed: 42, start: DEMO_NOW.toISOString(), autoDebuts: true });
  database = await createTestDatabase('democoming', 'demo');
  process.env.DATABASE_URL = database.url;
  await setDatabaseUrl(database.url);
}, 180_000);

afterAll(async () => {
  await sim?.stop();
  await disconnectDb();
  await database?.drop();
});

describe('the demo', () => {
  it("dates the simulated price list's announcements at the scraper's first reading, and Coming to NC shows them", async () => {
    // The demo's first cycle reads the warehouse report before the lists (runner.ts allSources): the simulated world's
    // earlier debuts are on it, so only what is still to come is new to the catalog when the price list is read.
    const { runs } = await runCycle({ now: sim.world.now(), sources: ['warehouse', PRICE_LIST_KEY, ALLOCATED_LIST_KEY] });
    for (const r of runs.slice(1)) expect(r.outcome, r.source).toMatchObject({ status: 'ok', error: null, details: { baseline: false } });
    const debuts = sim.world.announcedDebuts(sim.world.nowMillis());
    const announced = debuts.filter((d) => d.warehouseFrom > sim.world.nowMillis());
    expect(announced.length).toBeGreaterThanOrEqual(5);
    const events = await sql<{ plu: string }>(`SELECT plu FROM product_events WHERE kind = 'announced'`);
    expect(new Set(events.map((e) => e.plu))).toEqual(new Set(announced.map((d) => d.plu)));
    // Nothing the seed already knew is dated: no price changes, and no moves but the debuts' own.
    expect(await sql(`SELECT plu FROM product_events WHERE kind = 'price'`)).toEqual([]);
    const moves = await sql<{ plu: string }>(`SELECT plu FROM product_events WHERE kind = 'listing' AND source = 'allocated_list'`);
    for (const m of moves) expect(debuts.map((d) => d.plu)).toContain(m.plu);

    const coming = await comingProducts(sim.world.now());
    const listed = new Set(coming.products.map((p) => p.plu));
    for (const d of announced) expect(listed.has(d.plu), `${d.plu} ${d.name}`).toBe(true);
    expect(coming.products.find((p) => p.plu === announced[0].plu)).toMatchObject({ stage: 'announced', name: announced[0].name });
  });
});
