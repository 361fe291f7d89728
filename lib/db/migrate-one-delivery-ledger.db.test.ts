import { afterAll, describe, expect, it } from 'vitest';
import { createDatabaseWithout, type OlderDatabase } from '../../testing/database.ts';
import { sql } from '../../testing/sql.ts';

// Migration 20261231000000_one_delivery_ledger on a database with e-mail alerts in every state: each becomes an
// e-mail row of alert_deliveries exactly as it was (status, attempts, next attempt or lease, the message it went out
// in, when, why it failed), push's rows stay, alert_log keeps what each alert is, and the settings' mirror of the
// channels goes, a user's e-mail choice kept even where no channel row had been written.

const MIGRATION = '20261231000000_one_delivery_ledger';
let db: OlderDatabase | undefined;

afterAll(async () => {
  await db?.drop();
});

describe(MIGRATION, () => {
  it('moves every e-mail delivery to alert_deliveries with nothing lost, and keeps each user’s e-mail choice', async () => {
    db = await createDatabaseWithout(MIGRATION, 'onedeliveryledgermig');
    const q = (text: string, params: unknown[] = []) => sql<Record<string, unknown>>(text, params, db!.url);
    const user = async (email: string) =>
      (await q(`INSERT INTO users (email, password_hash, first_name, last_name, status, updated_at) VALUES ($1, 'x', 'A', 'B', 'active', now()) RETURNING id`, [email]))[0]
        .id as number;
    const hunter = await user('hunter@example.test');
    const older = await user('older@example.test');
    await q(
      `INSERT INTO alert_settings (user_id, enabled, mode, digest_hour, listing_types, min_quantity, board_ids, store_ids, updated_at)
       VALUES ($1, true, 'instant', 17, '{Allocation}', 1, '{179}', '{}', now()), ($2, true, 'digest', 18, '{Limited}', 2, '{78}', '{}', now())`,
      [hunter, older],
    );
    // The hunter's channels were written; the older account's never were (its choice is alert_settings' own).
    await q(
      `INSERT INTO alert_channels (user_id, channel, enabled, mode, kinds, updated_at)
       VALUES ($1, 'email', true, 'instant', '{arrival,shipment}', now()), ($1, 'push', true, 'instant', '{arrival}', now())`,
      [hunter],
    );
    const sentAt = new Date('2026-11-20T15:00:00.000Z');
    const due = new Date('2026-11-20T16:00:00.000Z');
    const rows: [number, number, string, number, Date, string | null, Date | null, string | null][] = [
      [hunter, 101, 'sent', 1, sentAt, 'batch-1', sentAt, null],
      [hunter, 102, 'pending', 2, due, 'batch-2', null, 'SMTP 451 try later'],
      [hunter, 103, 'suppressed', 0, sentAt, null, null, null],
      [hunter, 104, 'sending', 1, due, 'batch-3', null, null],
      [older, 105, 'digest_pending', 0, sentAt, null, null, null],
      [older, 106, 'cancelled', 0, sentAt, null, null, 'alerts turned off'],
    ];
    const ids: number[] = [];
    for (const [userId, historyId, status, attempts, next, batch, sent, error] of rows) {
      const [{ id }] = await q(
        `INSERT INTO alert_log (user_id, history_id, run_checked_at, status, attempts, next_attempt_at, email_id, sent_at, error, created_at)
         VALUES ($1, $2, $3, $4::"AlertStatus", $5, $6, $7, $8, $9, $3) RETURNING id::int`,
        [userId, historyId, sentAt, status, attempts, next, batch, sent, error],
      );
      ids.push(id as number);
    }
    await q(`INSERT INTO alert_deliveries (alert_id, user_id, channel, status, attempts, next_attempt_at, batch_id, sent_at) VALUES ($1, $2, 'push', 'sent', 1, $3, 'push-1', $3)`, [
      ids[0],
      hunter,
      sentAt,
    ]);

    expect((await db.applyMigration()).applied).toEqual([MIGRATION]);

    expect(
      await q(`SELECT alert_id::int, user_id, status::text, attempts, next_attempt_at, batch_id, sent_at, error, created_at
                 FROM alert_deliveries WHERE channel = 'email' ORDER BY alert_id`),
    ).toEqual(
      rows.map(([userId, , status, attempts, next, batch, sent, error], i) => ({
        alert_id: ids[i],
        user_id: userId,
        status,
        attempts,
        next_attempt_at: next,
        batch_id: batch,
        sent_at: sent,
        error,
        created_at: sentAt,
      })),
    );
    expect(await q(`SELECT alert_id::int, batch_id FROM alert_deliveries WHERE channel = 'push'`)).toEqual([{ alert_id: ids[0], batch_id: 'push-1' }]);
    // alert_log keeps what each alert is; its delivery columns and their indexes are gone.
    expect(await q(`SELECT id::int, user_id, history_id::int FROM alert_log ORDER BY id`)).toEqual(rows.map(([userId, historyId], i) => ({ id: ids[i], user_id: userId, history_id: historyId })));
    expect(
      await q(`SELECT table_name, column_name FROM information_schema.columns
                WHERE (table_name = 'alert_log' AND column_name IN ('status', 'attempts', 'next_attempt_at', 'email_id', 'sent_at', 'error'))
                   OR (table_name = 'alert_settings' AND column_name IN ('enabled', 'mode'))`),
    ).toEqual([]);
    // Each user's e-mail choice is an alert_channels row: the hunter's as it was, the older account's from its settings.
    expect(await q(`SELECT user_id, channel::text, enabled, mode::text, kinds::text FROM alert_channels ORDER BY user_id, channel`)).toEqual([
      { user_id: hunter, channel: 'email', enabled: true, mode: 'instant', kinds: '{arrival,shipment}' },
      { user_id: hunter, channel: 'push', enabled: true, mode: 'instant', kinds: '{arrival}' },
      { user_id: older, channel: 'email', enabled: true, mode: 'digest', kinds: '{arrival,shipment}' },
    ]);
    // One delivery per alert and channel, as for every channel.
    await expect(
      q(`INSERT INTO alert_deliveries (alert_id, user_id, channel, status, next_attempt_at) VALUES ($1, $2, 'email', 'pending', now())`, [ids[0], hunter]),
    ).rejects.toThrow(/alert_deliveries_pkey/);
  }, 60_000);
});
