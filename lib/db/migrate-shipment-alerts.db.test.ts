import { afterAll, describe, expect, it } from 'vitest';
import { createDatabaseWithout, type OlderDatabase } from '../../testing/database.ts';
import { sql } from '../../testing/sql.ts';

// Migration 20261212000000_shipment_alerts on a database with shelf alerts (decision 023): they stay as they
// were, the cursor has not collected shipments yet, and an alert is a shelf arrival or a shipment, never both.

const MIGRATION = '20261212000000_shipment_alerts';
let db: OlderDatabase | undefined;

afterAll(async () => {
  await db?.drop();
});

describe(MIGRATION, () => {
  it('keeps shelf alerts and the cursor, and allows exactly one kind per alert, once per user and shipment', async () => {
    db = await createDatabaseWithout(MIGRATION, 'shipalertsmig');
    const q = (text: string, params: unknown[] = []) => sql<Record<string, unknown>>(text, params, db!.url);
    const [{ id: userId }] = await q(
      `INSERT INTO users (email, password_hash, first_name, last_name, status, updated_at) VALUES ('a@example.test', 'x', 'A', 'B', 'active', now()) RETURNING id`,
    );
    await q(`INSERT INTO alert_log (user_id, history_id, run_checked_at, status, next_attempt_at) VALUES ($1, 42, now(), 'sent', now())`, [userId]);
    await q(`INSERT INTO alert_cursor (id, last_history_id, updated_at) VALUES (1, 42, now())`);

    expect((await db.applyMigration()).applied).toEqual([MIGRATION]);
    expect(await q(`SELECT history_id::int, shipment_id, status::text FROM alert_log`)).toEqual([{ history_id: 42, shipment_id: null, status: 'sent' }]);
    expect(await q(`SELECT last_history_id::int, last_shipment_id FROM alert_cursor`)).toEqual([{ last_history_id: 42, last_shipment_id: null }]);

    await q(`INSERT INTO boards (id, name, name_clean) VALUES (43, 'Boone ABC Board', 'Boone')`);
    await q(`INSERT INTO products (plu, name, listing_type, updated_at) VALUES ('12345', 'Stagg', 'Allocation', now())`);
    const [{ id: shipmentId }] = await q(`INSERT INTO shipments (plu, board_id, ship_date, units) VALUES ('12345', 43, '2026-11-20', 6) RETURNING id::int`);
    const log = (historyId: number | null, shipment: unknown) =>
      q(`INSERT INTO alert_log (user_id, history_id, shipment_id, run_checked_at, status, next_attempt_at) VALUES ($1, $2, $3, now(), 'pending', now())`, [
        userId,
        historyId,
        shipment,
      ]);
    await log(null, shipmentId);
    await expect(log(null, shipmentId), 'once per user and shipment').rejects.toThrow(/alert_log_user_id_shipment_id_key/);
    await expect(log(43, shipmentId), 'not both kinds').rejects.toThrow(/alert_log_one_kind_check/);
    await expect(log(null, null), 'not neither').rejects.toThrow(/alert_log_one_kind_check/);
    // A shipment that goes takes its alerts with it.
    await q(`DELETE FROM shipments WHERE id = $1`, [shipmentId]);
    expect(await q(`SELECT count(*)::int AS n FROM alert_log`)).toEqual([{ n: 1 }]);
  }, 60_000);
});
