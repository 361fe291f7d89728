import { afterAll, describe, expect, it } from 'vitest';
import { createDatabaseWithout, type OlderDatabase } from '../../testing/database.ts';
import { sql } from '../../testing/sql.ts';

// Migration 20261221000000_alert_channels on a database with alert settings (decision 026): every user keeps what
// they chose, as their e-mail channel (on or off, instant or digest, the last digest), about every kind; quiet
// hours start as none and are both set or neither; only other channels get delivery rows.

const MIGRATION = '20261221000000_alert_channels';
let db: OlderDatabase | undefined;

afterAll(async () => {
  await db?.drop();
});

describe(MIGRATION, () => {
  it("makes each user's alert settings their e-mail channel's, and allows delivery rows only for other channels", async () => {
    db = await createDatabaseWithout(MIGRATION, 'alertchannelsmig');
    const q = (text: string, params: unknown[] = []) => sql<Record<string, unknown>>(text, params, db!.url);
    const user = async (email: string) =>
      (await q(`INSERT INTO users (email, password_hash, first_name, last_name, status, updated_at) VALUES ($1, 'x', 'A', 'B', 'active', now()) RETURNING id`, [email]))[0]
        .id as number;
    const [digest, off, none] = [await user('d@example.test'), await user('o@example.test'), await user('n@example.test')];
    const lastDigest = new Date('2026-12-10T22:00:00Z');
    await q(
      `INSERT INTO alert_settings (user_id, enabled, mode, digest_hour, listing_types, min_quantity, store_ids, last_digest_at, updated_at)
       VALUES ($1, true, 'digest', 18, '{Allocation}', 2, '{}', $2, now()), ($3, false, 'instant', 17, '{Barrel}', 1, '{}', NULL, now())`,
      [digest, lastDigest, off],
    );

    expect((await db.applyMigration()).applied).toEqual([MIGRATION]);
    expect(await q(`SELECT user_id, channel::text, enabled, mode::text, kinds::text, last_digest_at FROM alert_channels ORDER BY user_id`)).toEqual([
      { user_id: digest, channel: 'email', enabled: true, mode: 'digest', kinds: '{arrival,shipment}', last_digest_at: lastDigest },
      { user_id: off, channel: 'email', enabled: false, mode: 'instant', kinds: '{arrival,shipment}', last_digest_at: null },
    ]);
    // What alerts are about is unchanged; quiet hours start as none.
    expect(await q(`SELECT user_id, enabled, mode::text, digest_hour, min_quantity, quiet_start_hour, quiet_end_hour, quiet_hold_email FROM alert_settings ORDER BY user_id`)).toEqual([
      { user_id: digest, enabled: true, mode: 'digest', digest_hour: 18, min_quantity: 2, quiet_start_hour: null, quiet_end_hour: null, quiet_hold_email: false },
      { user_id: off, enabled: false, mode: 'instant', digest_hour: 17, min_quantity: 1, quiet_start_hour: null, quiet_end_hour: null, quiet_hold_email: false },
    ]);
    expect(await q(`SELECT count(*)::int AS n FROM alert_channels WHERE user_id = $1`, [none])).toEqual([{ n: 0 }]);

    const quiet = (start: number | null, end: number | null) =>
      q(`UPDATE alert_settings SET quiet_start_hour = $2, quiet_end_hour = $3 WHERE user_id = $1`, [off, start, end]);
    await quiet(22, 7);
    await expect(quiet(22, null), 'both or neither').rejects.toThrow(/alert_settings_quiet_hours_check/);
    await expect(quiet(7, 7), 'not equal').rejects.toThrow(/alert_settings_quiet_hours_check/);
    await expect(quiet(24, 7), 'an hour of the day').rejects.toThrow(/alert_settings_quiet_hours_check/);

    const [{ id: alertId }] = await q(
      `INSERT INTO alert_log (user_id, history_id, run_checked_at, status, next_attempt_at) VALUES ($1, 42, now(), 'pending', now()) RETURNING id::int`,
      [digest],
    );
    const delivery = (channel: string) =>
      q(`INSERT INTO alert_deliveries (alert_id, user_id, channel, status, next_attempt_at) VALUES ($1, $2, $3::"AlertChannel", 'pending', now())`, [alertId, digest, channel]);
    await delivery('push');
    await expect(delivery('push'), 'once per alert and channel').rejects.toThrow(/alert_deliveries_alert_id_channel_key/);
    await expect(delivery('email'), "e-mail's delivery is the alert's own").rejects.toThrow(/alert_deliveries_not_email_check/);
    // An alert that goes takes its deliveries with it.
    await q(`DELETE FROM alert_log WHERE id = $1`, [alertId]);
    expect(await q(`SELECT count(*)::int AS n FROM alert_deliveries`)).toEqual([{ n: 0 }]);
  }, 60_000);
});
