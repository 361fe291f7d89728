import { afterAll, describe, expect, it } from 'vitest';
import { createDatabaseWithout, type OlderDatabase } from '../../testing/database.ts';
import { sql } from '../../testing/sql.ts';

// Migration 20270104000000_coming_alerts on a database with alerts (issue 40, item 4): the kinds users chose stay as
// they were ("coming to NC" is opt-in), the cursor has not collected product events yet, and an alert is exactly one
// of a shelf arrival, a shipment, a shipment on its way or a product coming to NC, once per user and product event.

const MIGRATION = '20270104000000_coming_alerts';
let db: OlderDatabase | undefined;

afterAll(async () => {
  await db?.drop();
});

describe(MIGRATION, () => {
  it("keeps every channel's kinds, every alert and the cursor, and allows exactly one kind per alert, once per user and product event", async () => {
    db = await createDatabaseWithout(MIGRATION, 'comingalertsmig');
    const q = (text: string, params: unknown[] = []) => sql<Record<string, unknown>>(text, params, db!.url);
    const [{ id: userId }] = await q(
      `INSERT INTO users (email, password_hash, first_name, last_name, status, updated_at) VALUES ('a@example.test', 'x', 'A', 'B', 'active', now()) RETURNING id`,
    );
    await q(`INSERT INTO alert_channels (user_id, channel, enabled, mode, kinds, updated_at) VALUES ($1, 'email', true, 'instant', '{arrival,shipment,forecast}', now())`, [
      userId,
    ]);
    await q(`INSERT INTO products (plu, name, listing_type, updated_at) VALUES ('12345', 'Blue Run High Rye', 'Unknown', now())`);
    const [{ id: eventId }] = await q(
      `INSERT INTO product_events (plu, kind, day, seen_at, source) VALUES ('12345', 'announced', '2026-11-30', now(), 'price_list') RETURNING id::int`,
    );
    await q(`INSERT INTO alert_log (user_id, history_id, run_checked_at) VALUES ($1, 42, now())`, [userId]);
    await q(`INSERT INTO alert_cursor (id, last_history_id, last_shipment_id, last_incoming_id, updated_at) VALUES (1, 42, 7, 3, now())`);

    expect((await db.applyMigration()).applied).toEqual([MIGRATION]);
    expect(await q(`SELECT channel::text, kinds::text FROM alert_channels`)).toEqual([{ channel: 'email', kinds: '{arrival,shipment,forecast}' }]);
    expect(await q(`SELECT history_id::int, product_event_id FROM alert_log`)).toEqual([{ history_id: 42, product_event_id: null }]);
    expect(await q(`SELECT last_history_id::int, last_incoming_id::int, last_product_event_id FROM alert_cursor`)).toEqual([
      { last_history_id: 42, last_incoming_id: 3, last_product_event_id: null },
    ]);
    await q(`UPDATE alert_channels SET kinds = '{arrival,coming}'`);

    const log = (historyId: number | null, event: unknown) =>
      q(`INSERT INTO alert_log (user_id, history_id, product_event_id, run_checked_at) VALUES ($1, $2, $3, now())`, [userId, historyId, event]);
    await log(null, eventId);
    await expect(log(null, eventId), 'once per user and product event').rejects.toThrow(/alert_log_user_id_product_event_id_key/);
    await expect(log(43, eventId), 'an arrival and a product event').rejects.toThrow(/alert_log_one_kind_check/);
    await expect(log(null, null), 'nothing').rejects.toThrow(/alert_log_one_kind_check/);
    // A product removed takes its events and their alerts with it.
    await q(`DELETE FROM products WHERE plu = '12345'`);
    expect(await q(`SELECT count(*)::int AS n FROM alert_log`)).toEqual([{ n: 1 }]);
  }, 60_000);
});
