import { afterAll, describe, expect, it } from 'vitest';
import { createDatabaseWithout, type OlderDatabase } from '../../testing/database.ts';
import { sql } from '../../testing/sql.ts';

// Migration 20261211000000_shipment_days on a database with history: its days come from the shipments runs
// already recorded, then from the dates that have shipments (decision 022).

const MIGRATION = '20261211000000_shipment_days';
let db: OlderDatabase | undefined;

afterAll(async () => {
  await db?.drop();
});

describe(MIGRATION, () => {
  it('backfills one day per extract the runs recorded (baseline, complete, truncated, spans) and per other shipment date', async () => {
    db = await createDatabaseWithout(MIGRATION, 'shipdays');
    const q = (text: string, params: unknown[] = []) => sql(text, params, db!.url);
    await q(`INSERT INTO boards (id, name, name_clean) VALUES (179, 'Wake County ABC Board', 'Wake County')`);
    await q(`INSERT INTO products (plu, name, listing_type, updated_at) VALUES ('27090', 'Blanton''s Single Barrel', 'Allocation', now())`);
    const run = (status: string, details: object | null, at = '2026-11-16T16:10:00Z') =>
      q(`INSERT INTO scrape_runs (source, started_at, finished_at, status, items_seen, details) VALUES ('shipments', $1, $1, $2::"RunStatus", 2, $3)`, [
        at,
        status,
        details && JSON.stringify(details),
      ]);
    await run('ok', { extractedAt: '2026-11-16T16:03:56.000Z', baseline: true, totalsKept: 0 });
    await run('ok', { extractedAt: '2026-11-17T16:03:56.000Z', baseline: false, totalsKept: 0 });
    await run('ok', { extractedAt: '2026-11-17T16:03:56.000Z', skipped: true }); // the same extract again
    await run('failed', null);
    await run('partial', { extractedAt: '2026-11-19T16:03:56.000Z', baseline: false, totalsKept: 1 });
    await q(`INSERT INTO shipments (plu, board_id, ship_date, units) VALUES ('27090', 179, '2026-11-10', 6), ('27090', 179, '2026-11-17', 6)`);

    expect((await db.applyMigration()).applied).toEqual([MIGRATION]);
    expect(
      await q(`SELECT to_char(ship_date, 'YYYY-MM-DD') AS day, to_char(covers_from, 'YYYY-MM-DD') AS covers_from, status::text, applied, records
                 FROM shipment_days ORDER BY ship_date`),
    ).toEqual([
      { day: '2026-11-10', covers_from: '2026-11-10', status: 'complete', applied: true, records: null },
      { day: '2026-11-16', covers_from: '2026-11-16', status: 'baseline', applied: true, records: 2 },
      { day: '2026-11-17', covers_from: '2026-11-17', status: 'complete', applied: true, records: 2 },
      { day: '2026-11-19', covers_from: '2026-11-18', status: 'truncated', applied: true, records: 2 },
    ]);
  }, 60_000);
});
