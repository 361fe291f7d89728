import { afterAll, describe, expect, it } from 'vitest';
import { createDatabaseWithout, type OlderDatabase } from '../../testing/database.ts';
import { sql } from '../../testing/sql.ts';

// Migration 20261229000000_alert_log_kind_keys on a database with alerts of every kind: each unique key of alert_log
// holds only its kind's alerts (partial), and still lets each alert be logged once per user — the collection's
// ON CONFLICT … WHERE <column> IS NOT NULL (lib/alerts/process.ts) finds it.

const MIGRATION = '20261229000000_alert_log_kind_keys';
let db: OlderDatabase | undefined;

afterAll(async () => {
  await db?.drop();
});

describe(MIGRATION, () => {
  it('keeps every alert, and logs each arrival, shipment and incoming once per user through the partial keys', async () => {
    db = await createDatabaseWithout(MIGRATION, 'alertkindkeysmig');
    const q = (text: string, params: unknown[] = []) => sql<Record<string, unknown>>(text, params, db!.url);
    const [{ id: userId }] = await q(
      `INSERT INTO users (email, password_hash, first_name, last_name, status, updated_at) VALUES ('a@example.test', 'x', 'A', 'B', 'active', now()) RETURNING id`,
    );
    await q(`INSERT INTO boards (id, name, name_clean) VALUES (43, 'Boone ABC Board', 'Boone')`);
    await q(`INSERT INTO products (plu, name, listing_type, updated_at) VALUES ('12345', 'Stagg', 'Allocation', now())`);
    const [{ id: shipmentId }] = await q(`INSERT INTO shipments (plu, board_id, ship_date, units) VALUES ('12345', 43, '2026-11-20', 6) RETURNING id::int`);
    const [{ id: incomingId }] = await q(
      `INSERT INTO incoming (shipment_id, plu, board_id, ship_date, units, precision, created_at) VALUES ($1, '12345', 43, '2026-11-20', 6, 'board', now()) RETURNING id::int`,
      [shipmentId],
    );
    const log = (historyId: number | null, shipment: unknown, incoming: unknown) =>
      q(`INSERT INTO alert_log (user_id, history_id, shipment_id, incoming_id, run_checked_at, status, next_attempt_at) VALUES ($1, $2, $3, $4, now(), 'pending', now())`, [
        userId,
        historyId,
        shipment,
        incoming,
      ]);
    await log(42, null, null);
    await log(null, shipmentId, null);
    await log(null, null, incomingId);

    expect((await db.applyMigration()).applied).toEqual([MIGRATION]);
    const kinds = () => q(`SELECT history_id::int, shipment_id::int, incoming_id::int FROM alert_log ORDER BY id`);
    expect(await kinds()).toEqual([
      { history_id: 42, shipment_id: null, incoming_id: null },
      { history_id: null, shipment_id: shipmentId, incoming_id: null },
      { history_id: null, shipment_id: null, incoming_id: incomingId },
    ]);
    // Each key is partial, over its own kind.
    expect(
      await q(`SELECT indexname, indexdef LIKE '%UNIQUE%' AS "unique", substring(indexdef from 'WHERE (.*)$') AS "where"
                 FROM pg_indexes WHERE tablename = 'alert_log' AND indexname LIKE 'alert_log_user_id_%_key' ORDER BY indexname`),
    ).toEqual([
      { indexname: 'alert_log_user_id_history_id_key', unique: true, where: '(history_id IS NOT NULL)' },
      { indexname: 'alert_log_user_id_incoming_id_key', unique: true, where: '(incoming_id IS NOT NULL)' },
      { indexname: 'alert_log_user_id_shipment_id_key', unique: true, where: '(shipment_id IS NOT NULL)' },
    ]);
    // Once per user and arrival, shipment or incoming, as before.
    await expect(log(42, null, null), 'once per user and arrival').rejects.toThrow(/alert_log_user_id_history_id_key/);
    await expect(log(null, shipmentId, null), 'once per user and shipment').rejects.toThrow(/alert_log_user_id_shipment_id_key/);
    await expect(log(null, null, incomingId), 'once per user and incoming').rejects.toThrow(/alert_log_user_id_incoming_id_key/);
    // The collection's ON CONFLICT names each key with its predicate, and skips what was logged.
    for (const [column, value] of [
      ['history_id', 42],
      ['shipment_id', shipmentId],
      ['incoming_id', incomingId],
    ] as const) {
      expect(
        await q(
          `INSERT INTO alert_log (user_id, ${column}, run_checked_at, status, next_attempt_at) VALUES ($1, $2, now(), 'pending', now())
           ON CONFLICT (user_id, ${column}) WHERE ${column} IS NOT NULL DO NOTHING RETURNING id`,
          [userId, value],
        ),
      ).toEqual([]);
    }
    expect(await kinds()).toHaveLength(3);
  }, 60_000);
});
