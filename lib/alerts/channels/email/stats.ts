import 'server-only';
import { db } from '../../../db/index.ts';
import { addDays, nyDate, nyTimeToUtc } from '../../../time.ts';
import type { AlertDay, AlertVolume } from '../../../admin/types.ts';
import { ALERT_KINDS } from './render.ts';

// Alert volume for the admin page: per New York day, e-mails sent and failed (every attempt is in
// email_log) and arrivals held back by the daily cap (their deliveries); plus what is waiting right now, and how many
// users have some channel on.

export async function alertStats(days: number, now = new Date()): Promise<AlertVolume> {
  const today = nyDate(now);
  const first = addDays(today, -(days - 1));
  const since = nyTimeToUtc(first, 0);
  const kinds = Object.values(ALERT_KINDS);

  const mail = await db.$queryRaw<{ day: string; sent: number; failed: number }[]>`
    SELECT to_char(created_at AT TIME ZONE 'America/New_York', 'YYYY-MM-DD') AS day,
           count(*) FILTER (WHERE status IN ('sent', 'outbox'))::int AS sent,
           count(*) FILTER (WHERE status = 'failed')::int AS failed
      FROM email_log
     WHERE kind = ANY (${kinds}::text[]) AND created_at >= ${since}::timestamptz
     GROUP BY 1`;
  const held = await db.$queryRaw<{ day: string; suppressed: number }[]>`
    SELECT to_char(created_at AT TIME ZONE 'America/New_York', 'YYYY-MM-DD') AS day, count(*)::int AS suppressed
      FROM alert_deliveries
     WHERE channel = 'email' AND status = 'suppressed' AND created_at >= ${since}::timestamptz
     GROUP BY 1`;
  const [queue] = await db.$queryRaw<{ retrying: number; awaiting_digest: number; given_up: number }[]>`
    SELECT count(*) FILTER (WHERE status = 'pending' AND attempts > 0)::int AS retrying,
           count(*) FILTER (WHERE status = 'digest_pending')::int AS awaiting_digest,
           count(*) FILTER (WHERE status = 'failed' AND created_at >= ${since}::timestamptz)::int AS given_up
      FROM alert_deliveries
     WHERE channel = 'email' AND status IN ('pending', 'digest_pending', 'failed')`;
  const [{ subscribers }] = await db.$queryRaw<{ subscribers: number }[]>`
    SELECT count(DISTINCT c.user_id)::int AS subscribers FROM alert_channels c JOIN users u ON u.id = c.user_id AND u.status = 'active' WHERE c.enabled`;

  const byDay = new Map<string, AlertDay>();
  for (let i = 0; i < days; i++) {
    const date = addDays(today, -i);
    byDay.set(date, { date, sent: 0, failed: 0, suppressed: 0 });
  }
  for (const m of mail) {
    const d = byDay.get(m.day);
    if (d) Object.assign(d, { sent: m.sent, failed: m.failed });
  }
  for (const h of held) {
    const d = byDay.get(h.day);
    if (d) d.suppressed = h.suppressed;
  }
  return { days: [...byDay.values()], queue, subscribers };
}
