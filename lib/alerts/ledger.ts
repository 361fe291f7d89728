import { Prisma } from '../db/index.ts';
import { ALERT_CHANNELS, type AlertChannelName } from './rules.ts';

// Every channel's deliveries, and every statement that moves them along: alert_deliveries rows, one per alert and
// channel, made with the alert (lib/alerts/process.ts); rows sent together share batch_id. Their life:
//
//   pending ─claim─▶ sending ─▶ sent | pending (retry at next_attempt_at) | failed | cancelled
//   digest_pending ─digest claim─▶ sending …        pending ─over the daily cap─▶ suppressed
//
// A claim moves rows to 'sending' in one UPDATE under a lease (next_attempt_at): two workers never claim the same
// row, and a row stays claimed until its lease ends even if its worker died. So a retried job never sends again
// what was marked sent; the only way to send twice is to die between the other side accepting a message and the
// next statement marking it sent. A claim takes only what the channel alerts about now; the rest is cancelled by
// the sweep (and at once when the user changes the settings). Every statement is one channel's (`d` is
// alert_deliveries, `a` its alert where joined).

type Sql = Pick<Prisma.TransactionClient, '$queryRaw' | '$executeRaw'>;

type Channel = AlertChannelName;

/** Only `channel`'s rows of `d`. */
const only = (channel: Channel) => Prisma.sql`d.channel = ${channel}::"AlertChannel"`;

/** An alias of alert_log in the statements that use these fragments (never a value: it is written into the SQL). */
type AlertAlias = 'a' | 'l' | 'm';

/**
 * The kind of alert_log row `a` (an alias): a shelf arrival, a shipment, a shipment on its way (a forecast), or a
 * product coming to NC (a product event: announced, on the allocated list, at the state warehouse).
 */
export const alertKindSql = (a: AlertAlias) =>
  Prisma.raw(
    `(CASE WHEN ${a}.product_event_id IS NOT NULL THEN 'coming' WHEN ${a}.incoming_id IS NOT NULL THEN 'forecast' ` +
      `WHEN ${a}.shipment_id IS NOT NULL THEN 'shipment' ELSE 'arrival' END)::"AlertKind"`,
  );

/**
 * Whether a channel alerting about `kinds` (an expression) takes alert_log row `a`: its kind is chosen, and it is
 * not a shipment that an "on its way" alert of the same user stands for on this channel (one alert per shipment:
 * the forecast alert says the shipment too, with where and when; docs/decisions/028-on-its-way-alerts.md). Both
 * are logged in one collection (lib/alerts/process.ts), so a claim never sees the shipment without its forecast.
 */
export function channelTakes(a: AlertAlias, kinds: Prisma.Sql): Prisma.Sql {
  const alert = Prisma.raw(a);
  return Prisma.sql`${alertKindSql(a)} = ANY (${kinds})
    AND NOT (${alert}.shipment_id IS NOT NULL AND 'forecast' = ANY (${kinds})
             AND EXISTS (SELECT 1 FROM incoming i JOIN alert_log f ON f.incoming_id = i.id AND f.user_id = ${alert}.user_id
                          WHERE i.shipment_id = ${alert}.shipment_id))`;
}

/**
 * How long after a channel's settings changed a new delivery may still have been made under the old ones: a
 * collection that began before the save committed (its rows carry its start time; it may run up to two minutes).
 */
const KINDS_SETTLE = '10 minutes';

/** `AND <alias>.user_id = userId`, or nothing for every user. */
const forUser = (userId?: number, alias: 'd' | 'c' = 'd') => (userId === undefined ? Prisma.empty : Prisma.sql`AND ${Prisma.raw(alias)}.user_id = ${userId}`);

/** Sends cut short by a stopped process (still 'sending' after their lease) become due again, or failed. */
export function releaseInterrupted(sql: Sql, channel: Channel, now: Date, maxAttempts: number): Promise<number> {
  return sql.$executeRaw`
    UPDATE alert_deliveries d
       SET status = (CASE WHEN d.attempts >= ${maxAttempts} THEN 'failed' ELSE 'pending' END)::"AlertStatus",
           next_attempt_at = ${now}::timestamptz,
           error = 'the send was cut short (process stopped) before it was confirmed'
     WHERE ${only(channel)} AND d.status = 'sending' AND d.next_attempt_at <= ${now}::timestamptz`;
}

/**
 * Waiting alerts nobody should get any more on this channel are dropped: the account is not active, the channel is
 * off, or it no longer alerts about this kind.
 */
export function cancelIneligible(sql: Sql, channel: Channel, userId?: number): Promise<number> {
  // The users who may get this channel's alerts first (a few thousand), then the waiting rows: those of users not
  // among them, and those the channel does not take (another kind, or a shipment its forecast alert stands for:
  // channelTakes), found by joining the waiting rows to `ok` and their alerts as sets (the subquery's `d` is the
  // table again). Looking up every waiting row's user, settings and channel took ~160 ms, and an `ok` scanned per row
  // seconds (npm run bench:ingest, alerts-shipments-year).
  //
  // A delivery is made only where its channel takes the alert (lib/alerts/process.ts), and a save of the settings
  // settles its user's waiting rows at once (lib/alerts/settings.ts). So only rows made before the channel's last
  // change, or while a save was committing (KINDS_SETTLE), can be of a kind it no longer takes: those (`recheck`,
  // found first) are joined to their alerts, the others not (a day's 38,000 waiting e-mail rows: ~100 ms → ~50).
  return sql.$executeRaw`
    WITH ok AS MATERIALIZED (
      SELECT c.user_id FROM alert_channels c
        JOIN users u ON u.id = c.user_id AND u.status = 'active'
       WHERE c.channel = ${channel}::"AlertChannel" AND c.enabled),
    recheck AS MATERIALIZED (
      SELECT d.alert_id, c.kinds FROM alert_channels c
        JOIN alert_deliveries d ON d.user_id = c.user_id AND d.channel = c.channel AND d.status IN ('pending', 'digest_pending')
                               AND d.created_at <= c.updated_at + ${KINDS_SETTLE}::interval
       WHERE c.channel = ${channel}::"AlertChannel" AND c.enabled ${forUser(userId, 'c')})
    UPDATE alert_deliveries d
       SET status = 'cancelled', error = 'this channel turned off, this kind not chosen, or the account not active'
     WHERE ${only(channel)} AND d.status IN ('pending', 'digest_pending') ${forUser(userId)}
       AND (d.user_id NOT IN (SELECT user_id FROM ok)
            OR d.alert_id IN (SELECT r.alert_id FROM recheck r JOIN alert_log a ON a.id = r.alert_id
                               WHERE NOT (${channelTakes('a', Prisma.sql`r.kinds`)})))`;
}

/**
 * Messages on this channel today (New York) that count against the daily cap (sent, or being sent), and alerts held
 * back by the cap not yet counted in a message.
 */
export async function capState(sql: Sql, channel: Channel, userId: number, day: { start: Date; end: Date }): Promise<{ today: number; suppressed: number }> {
  const [row] = await sql.$queryRaw<{ today: number; suppressed: number }[]>`
    SELECT count(DISTINCT d.batch_id) FILTER (WHERE (d.status = 'sent' AND d.sent_at >= ${day.start}::timestamptz AND d.sent_at < ${day.end}::timestamptz)
                                                  OR d.status = 'sending')::int AS today,
           count(*) FILTER (WHERE d.status = 'suppressed' AND d.batch_id IS NULL)::int AS suppressed
      FROM alert_deliveries d
     WHERE ${only(channel)} AND d.user_id = ${userId} AND d.status IN ('sent', 'sending', 'suppressed')`;
  return row;
}

/** Over the daily cap: the due alerts are held back, to be counted in the next message's "more arrivals" line. */
export function suppressDue(sql: Sql, channel: Channel, userId: number, now: Date): Promise<number> {
  return sql.$executeRaw`
    UPDATE alert_deliveries d SET status = 'suppressed', batch_id = NULL, error = NULL
     WHERE ${only(channel)} AND d.user_id = ${userId} AND d.status = 'pending' AND d.next_attempt_at <= ${now}::timestamptz`;
}

export interface Claimed {
  alert_id: bigint;
  attempts: number;
}

/** The condition that `d`'s alert is of a kind its user's channel alerts about. */
const KIND_TAKEN = (channel: Channel) => Prisma.sql`EXISTS (
  SELECT 1 FROM alert_log a JOIN alert_channels c ON c.user_id = a.user_id AND c.channel = ${channel}::"AlertChannel"
   WHERE a.id = d.alert_id AND ${channelTakes('a', Prisma.sql`c.kinds`)})`;

// One destination (a user's channel: their webhook, their devices, their mailbox) takes its messages in order. A
// message that was refused and waits for its retry (pending after an attempt: attempts > 0), or one being sent (its
// lease not over), holds back everything newer; when the retry falls due it goes out first, as a message of its own,
// and the newer alerts follow (lib/alerts/deliver.ts sendDue). So an alert never arrives after the next one because
// its first attempt met a rate limit.

/**
 * An earlier message of the user on this channel is under way: being sent by some worker (its lease not over), or
 * waiting for its retry. Only rows due later are read (few: leases and retries), so it costs an index range whatever
 * else waits. The subquery's `d` is the table again.
 */
const EARLIER_UNDER_WAY = (channel: Channel, userId: number, now: Date) => Prisma.sql`EXISTS (
  SELECT 1 FROM alert_deliveries d
   WHERE ${only(channel)} AND d.user_id = ${userId} AND d.next_attempt_at > ${now}::timestamptz
     AND (d.status = 'sending' OR (d.status = 'pending' AND d.attempts > 0)))`;

/**
 * Claims the user's due alerts for one message, in one statement: when retries are among them, the retries alone (they
 * go out before anything newer); otherwise every alert due; nothing while an earlier message is under way
 * (destinationWait says until when). The due rows are locked once, and which of them to claim is decided among them.
 * The advisory lock (per user and channel, held until the statement ends) is tried before any row is locked: of two
 * jobs of one user and channel running at once, one claims everything due and the other nothing, never half each.
 */
export function claimDue(sql: Sql, channel: Channel, userId: number, batchId: string, now: Date, leaseUntil: Date): Promise<Claimed[]> {
  return sql.$queryRaw<Claimed[]>`
    WITH due AS (
      SELECT d.alert_id, d.attempts FROM alert_deliveries d
       WHERE pg_try_advisory_xact_lock(${7_270_000 + ALERT_CHANNELS.indexOf(channel)}::int, ${userId}::int)
         AND ${only(channel)} AND d.user_id = ${userId} AND d.status = 'pending' AND d.next_attempt_at <= ${now}::timestamptz
         AND ${KIND_TAKEN(channel)}
         AND NOT ${EARLIER_UNDER_WAY(channel, userId, now)}
         FOR UPDATE SKIP LOCKED)
    UPDATE alert_deliveries d
       SET status = 'sending', batch_id = ${batchId}, attempts = d.attempts + 1, next_attempt_at = ${leaseUntil}::timestamptz
      FROM due
     WHERE d.alert_id = due.alert_id AND ${only(channel)} AND (due.attempts > 0 OR NOT EXISTS (SELECT 1 FROM due r WHERE r.attempts > 0))
    RETURNING d.alert_id AS alert_id, d.attempts`;
}

/**
 * When nothing could be claimed: whether an earlier message holds the destination, and until when. `retryAt`: the
 * earliest retry still waiting (a job is due then); `sending`: another worker is sending one now.
 */
export async function destinationWait(sql: Sql, channel: Channel, userId: number, now: Date): Promise<{ retryAt: Date | null; sending: boolean }> {
  const [row] = await sql.$queryRaw<{ retry_at: Date | null; sending: boolean | null }[]>`
    SELECT min(d.next_attempt_at) FILTER (WHERE d.status = 'pending') AS retry_at, bool_or(d.status = 'sending') AS sending
      FROM alert_deliveries d
     WHERE ${only(channel)} AND d.user_id = ${userId} AND d.next_attempt_at > ${now}::timestamptz
       AND (d.status = 'sending' OR (d.status = 'pending' AND d.attempts > 0))`;
  return { retryAt: row?.retry_at ?? null, sending: Boolean(row?.sending) };
}

/**
 * Takes the channel's digest of the day and claims what waited for it, in one statement: whoever moves
 * last_digest_at past the digest's due time claims the rows. Not while an earlier message is under way (it goes
 * first: the digest is taken by the job that sends it, which sends due retries before the digest, or the next).
 */
export function claimDigest(sql: Sql, channel: Channel, userId: number, batchId: string, now: Date, dueAt: Date, leaseUntil: Date): Promise<Claimed[]> {
  return sql.$queryRaw<Claimed[]>`
    WITH taken AS (
      UPDATE alert_channels SET last_digest_at = ${now}::timestamptz
       WHERE user_id = ${userId} AND channel = ${channel}::"AlertChannel" AND enabled AND mode = 'digest'
         AND (last_digest_at IS NULL OR last_digest_at < ${dueAt}::timestamptz)
         AND NOT ${EARLIER_UNDER_WAY(channel, userId, now)}
      RETURNING user_id)
    UPDATE alert_deliveries d
       SET status = 'sending', batch_id = ${batchId}, attempts = d.attempts + 1, next_attempt_at = ${leaseUntil}::timestamptz
      FROM taken
     WHERE d.user_id = taken.user_id AND ${only(channel)} AND d.status = 'digest_pending' AND ${KIND_TAKEN(channel)}
    RETURNING d.alert_id AS alert_id, d.attempts`;
}

/** A channel switched from the digest to instant: what waited for the digest goes out next. */
export function releaseDigestWaiting(sql: Sql, channel: Channel, userId: number): Promise<number> {
  return sql.$executeRaw`UPDATE alert_deliveries d SET status = 'pending' WHERE ${only(channel)} AND d.user_id = ${userId} AND d.status = 'digest_pending'`;
}

/** Alerts held back by the daily cap and not yet counted in a message. */
export async function countSuppressed(sql: Sql, channel: Channel, userId: number): Promise<number> {
  const [{ n }] = await sql.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM alert_deliveries d WHERE ${only(channel)} AND d.user_id = ${userId} AND d.status = 'suppressed' AND d.batch_id IS NULL`;
  return n;
}

// A message's rows are found by user (the indexed column) and batch.

export async function markSent(sql: Sql, channel: Channel, userId: number, batchId: string, now: Date, countedSuppressed: boolean): Promise<void> {
  await sql.$executeRaw`
    UPDATE alert_deliveries d SET status = 'sent', sent_at = ${now}::timestamptz, error = NULL
     WHERE ${only(channel)} AND d.user_id = ${userId} AND d.status = 'sending' AND d.batch_id = ${batchId}`;
  if (countedSuppressed) {
    // Counted in this message's "more arrivals" line: not counted again.
    await sql.$executeRaw`
      UPDATE alert_deliveries d SET batch_id = ${batchId} WHERE ${only(channel)} AND d.user_id = ${userId} AND d.status = 'suppressed' AND d.batch_id IS NULL`;
  }
}

/** Ends a claimed message's rows as failed or cancelled, saying why. */
export async function markEnded(sql: Sql, channel: Channel, userId: number, batchId: string, status: 'failed' | 'cancelled', error: string): Promise<void> {
  await sql.$executeRaw`
    UPDATE alert_deliveries d SET status = ${status}::"AlertStatus", error = ${error.slice(0, 500)}
     WHERE ${only(channel)} AND d.user_id = ${userId} AND d.status = 'sending' AND d.batch_id = ${batchId}`;
}

/** A failed attempt of the claimed rows that had made `attempts` attempts: due again at `next`, or given up. */
export async function markRetry(
  sql: Sql,
  channel: Channel,
  userId: number,
  batchId: string,
  attempts: number,
  next: { status: 'pending' | 'failed'; nextAttemptAt: Date },
  error: string,
): Promise<void> {
  await sql.$executeRaw`
    UPDATE alert_deliveries d SET status = ${next.status}::"AlertStatus", next_attempt_at = ${next.nextAttemptAt}::timestamptz, error = ${error.slice(0, 500)}
     WHERE ${only(channel)} AND d.user_id = ${userId} AND d.status = 'sending' AND d.batch_id = ${batchId} AND d.attempts = ${attempts}`;
}

export interface Waiting {
  user_id: number;
  /** Some alert is due now (new, or a retry). */
  due_now: boolean;
  /** Some alert waits for the digest. */
  for_digest: boolean;
  digest_hour: number;
  quiet_start_hour: number | null;
  quiet_end_hour: number | null;
  quiet_hold_email: boolean;
  mode: 'instant' | 'digest';
  last_digest_at: Date | null;
}

/**
 * The users with alerts waiting on this channel that may go now, with what decides it (wakeNow: quiet hours,
 * then due now or the digest due). A digest not due yet is left out here already, with isDigestDue's rule:
 * `digestDueAt` holds its last due time for each hour of the day (index hour + 1), so a day's 5,000 digest users
 * with something waiting are not read and judged one by one (~170 ms, npm run bench:ingest alerts-shipments-year).
 * The waiting rows are summed up per user first, then joined to the user's settings: joining each of a day's ~38,000
 * rows and grouping them by every setting sorted them on disk (~100 ms; now ~30).
 */
export function waitingUsers(sql: Sql, channel: Channel, now: Date, digestDueAt: Date[]): Promise<Waiting[]> {
  return sql.$queryRaw<Waiting[]>`
    SELECT w.user_id, w.due_now, w.for_digest,
           s.digest_hour, s.quiet_start_hour, s.quiet_end_hour, s.quiet_hold_email, c.mode::text AS mode, c.last_digest_at
      FROM (SELECT d.user_id, bool_or(d.status = 'pending' AND d.next_attempt_at <= ${now}::timestamptz) AS due_now,
                   bool_or(d.status = 'digest_pending') AS for_digest
              FROM alert_deliveries d
             WHERE ${only(channel)} AND d.status IN ('pending', 'digest_pending')
             GROUP BY d.user_id) w
      JOIN alert_settings s ON s.user_id = w.user_id
      JOIN alert_channels c ON c.user_id = w.user_id AND c.channel = ${channel}::"AlertChannel"
     WHERE w.due_now
        OR (w.for_digest AND c.mode = 'digest'
            AND (c.last_digest_at IS NULL OR c.last_digest_at < (${digestDueAt}::timestamptz[])[s.digest_hour + 1]))
     ORDER BY w.user_id`;
}
