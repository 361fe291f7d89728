import { afterAll, describe, expect, it } from 'vitest';
import { createDatabaseWithout, type OlderDatabase } from '../../testing/database.ts';
import { sql } from '../../testing/sql.ts';

// Migration 20261211010000_board_sources on a database with runs (decision 021): the runs' enum source becomes
// text with the same values, and each run of a board's source names its board.

const MIGRATION = '20261211010000_board_sources';
let db: OlderDatabase | undefined;

afterAll(async () => {
  await db?.drop();
});

describe(MIGRATION, () => {
  it("keeps every run's source and sets board_id for the shelf sources and Wake's locator", async () => {
    db = await createDatabaseWithout(MIGRATION, 'boardsources');
    const q = (text: string, params: unknown[] = []) => sql(text, params, db!.url);
    await q(`INSERT INTO boards (id, name, name_clean) VALUES (179, 'Wake County ABC Board', 'Wake County'), (78, 'Durham County ABC Board', 'Durham County'),
             (58, 'Greensboro ABC Board', 'Greensboro'), (135, 'New Hanover County ABC Board', 'New Hanover County')`);
    const sources = ['wake_inventory', 'wake_locator', 'warehouse', 'shipments', 'durham_inventory', 'greensboro_inventory', 'new_hanover_inventory'];
    for (const source of sources) {
      await q(`INSERT INTO scrape_runs (source, started_at, finished_at, status) VALUES ($1::"ScrapeSource", now(), now(), 'ok')`, [source]);
    }

    expect((await db.applyMigration()).applied).toEqual([MIGRATION]);
    expect(await q(`SELECT source, board_id FROM scrape_runs ORDER BY id`)).toEqual([
      { source: 'wake_inventory', board_id: 179 },
      { source: 'wake_locator', board_id: 179 },
      { source: 'warehouse', board_id: null },
      { source: 'shipments', board_id: null },
      { source: 'durham_inventory', board_id: 78 },
      { source: 'greensboro_inventory', board_id: 58 },
      { source: 'new_hanover_inventory', board_id: 135 },
    ]);
    expect(await q(`SELECT data_type FROM information_schema.columns WHERE table_name = 'scrape_runs' AND column_name = 'source'`)).toEqual([{ data_type: 'text' }]);
    expect(await q(`SELECT count(*)::int AS n FROM pg_type WHERE typname = 'ScrapeSource'`)).toEqual([{ n: 0 }]);
    // A board's new source needs no enum value: any key is a run's source.
    await q(`INSERT INTO scrape_runs (source, board_id, started_at, status) VALUES ('carteret_inventory', 179, now(), 'running')`);
  }, 60_000);
});
