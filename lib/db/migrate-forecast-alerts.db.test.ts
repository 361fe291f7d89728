import { afterAll, describe, expect, it } from 'vitest';
import { createDatabaseWithout, type OlderDatabase } from '../../testing/database.ts';
import { sql } from '../../testing/sql.ts';

// Migration 20261225000000_forecast_alerts on a database with alerts (docs/decisions/028-on-its-way-alerts.md): the
// kinds users chose stay as they were ("on its way" is opt-in), the cursor has not collected incoming yet, and an
// alert is a shelf arrival, a shipment or a shipment on its way: exactly one, once per user and incoming.

const MIGRATION = '20261225000000_forecast_alerts';
let db: OlderDatabase | undefined;

afterAll(async () => {
  await db?.drop();
});

describe(MIGRATION, () => {
  it("keeps every channel's kinds and every alert, and allows exactly one kind per alert, once per user and incoming", async () => {
    db = await createDatabaseWithout(MIGRATION, 'forecastalertsmig');
    const q = (text: string, params: unknown[] = []) => sql<Record<string, unknown>>(text, params, db!.url);
    const [{ id: userId }] = await q(
      `INSERT INTO users (email, password_hash, first_name, last_name, status, updated_at) VALUES ('a@example.test', 'x', 'A', 'B', 'active', now()) RETURNING id`,
    );
    await q(`INSERT INTO alert_channels (user_id, channel, enabled, mode, kinds, updated_at) VALUES ($1, 'email', true, 'instant', '{arrival,shipment}', now()),
                                                                                                   ($1, 'push', true, 'digest', '{shipment}', now())`, [userId]);
    await q(`INSERT INTO alert_log (user_id, history_id, run_checked_at, status, next_attempt_at) VALUES ($1, 42, now(), 'sent', now())`, [userId]);
    await q(`INSERT INTO alert_cursor (id, last_history_id, last_shipment_id, updated_at) VALUES (1, 42, 7, now())`);

    expect((await db.applyMigration()).applied).toEqual([MIGRATION]);
    expect(await q(`SELECT channel::text, kinds::text FROM alert_channels ORDER BY channel`)).toEqual([
      { channel: 'email', kinds: '{arrival,shipment}' },
      { channel: 'push', kinds: '{shipment}' },
    ]);
    expect(await q(`SELECT history_id::int, shipment_id, incoming_id, status::text FROM alert_log`)).toEqual([
      { history_id: 42, shipment_id: null, incoming_id: null, status: 'sent' },
    ]);
    expect(await q(`SELECT last_history_id::int, last_shipment_id::int, last_incoming_id FROM alert_cursor`)).toEqual([
      { last_history_id: 42, last_shipment_id: 7, last_incoming_id: null },
    ]);
    await q(`UPDATE alert_channels SET kinds = '{arrival,shipment,forecast}' WHERE channel = 'email'`);

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
    await log(null, null, incomingId);
    await log(null, shipmentId, null);
    await expect(log(null, null, incomingId), 'once per user and incoming').rejects.toThrow(/alert_log_user_id_incoming_id_key/);
    await expect(log(null, shipmentId, incomingId), 'a shipment and an incoming').rejects.toThrow(/alert_log_one_kind_check/);
    await expect(log(43, null, incomingId), 'an arrival and an incoming').rejects.toThrow(/alert_log_one_kind_check/);
    await expect(log(null, null, null), 'nothing').rejects.toThrow(/alert_log_one_kind_check/);
    // An incoming removed (its shipment deleted) takes its alerts with it.
    await q(`DELETE FROM shipments WHERE id = $1`, [shipmentId]);
    expect(await q(`SELECT count(*)::int AS n FROM alert_log`)).toEqual([{ n: 1 }]);
  }, 60_000);
});
