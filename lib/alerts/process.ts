import { randomUUID } from 'node:crypto';
import { defaultListSql, NEW_RELEASE_TYPE } from '../catalog/hunted.ts';
import { db, Prisma } from '../db/index.ts';
import { env } from '../env.ts';
import { sendMail, type MailMessage, type SendResult } from '../mail/index.ts';
import { boardPrecision } from '../reference/precision.ts';
import { addDays, nyDate } from '../time.ts';
import { composeAlert, type ArrivalRow } from './compose.ts';
import { afterFailure, capDay, capDecision, DEFAULT_POLICY, digestDueAt, type AlertPolicy } from './policy.ts';
import { digestReportGaps, type ReportGap } from './report-days.ts';
import { alertEmail } from './templates.ts';

// Arrival alerts, run by the scraper at the end of every cycle, whatever its sources did:
//   1. runs cut short mid-send are released for a retry;
//   2. the arrivals written since the last collection (inventory_history first/increase rows after
//      alert_cursor; baseline polls write none), and the shipments dated since then to boards whose shelves
//      are not read, are matched against every active user's watch set and settings, one INSERT … SELECT
//      each in one transaction. The unique keys (user_id, history_id) and (user_id, shipment_id) with
//      ON CONFLICT DO NOTHING mean an arrival or a shipment is logged for a user once, whatever restarts or
//      concurrent runners;
//   3. alerts of users who turned alerts off or are no longer active are cancelled;
//   4. digests that are due are claimed and sent (one summary per user and day), with the days since the last
//      one whose shipment report was missing, late or incomplete for the user's boards (lib/alerts/report-days.ts);
//   5. instant alerts (and retries) are claimed per user and sent as one e-mail per user.
// A row is claimed by moving it to 'sending' in a single UPDATE, so two runners never send the same
// row. A row whose send was cut short stays 'sending' until its lease ends and is then retried: the
// only way an alert can go out twice is a process dying between the SMTP server accepting the message
// and the next statement marking it sent.

export interface ProcessOptions {
  /** The scraper run's check time: the arrivals' checked_at and this step's clock. */
  checkedAt: Date;
  log?: (line: string) => void;
  policy?: Partial<AlertPolicy>;
  /** How e-mails leave (tests replace it to simulate a process that stops mid-send). */
  send?: (message: MailMessage) => Promise<SendResult>;
}

export interface ProcessResult {
  collected: number;
  cancelled: number;
  released: number;
  emailsSent: number;
  emailsFailed: number;
  suppressed: number;
  digestsSent: number;
}

interface Ctx {
  now: Date;
  policy: AlertPolicy;
  send: (message: MailMessage) => Promise<SendResult>;
  result: ProcessResult;
  log: (line: string) => void;
}

/** The premium threshold of the default watch list (lib/catalog/hunted.ts's Premium rule). */
const premiumMinPrice = () => env().PREMIUM_MIN_PRICE;

/** Never throws: alerts must not fail the scraper run. Returns null when the step failed (logged). */
export async function processArrivalAlerts(options: ProcessOptions): Promise<ProcessResult | null> {
  const log = options.log ?? (() => {});
  const ctx: Ctx = {
    now: options.checkedAt,
    policy: { ...DEFAULT_POLICY, dailyCap: env().ALERT_DAILY_CAP, ...options.policy },
    send: options.send ?? sendMail,
    result: { collected: 0, cancelled: 0, released: 0, emailsSent: 0, emailsFailed: 0, suppressed: 0, digestsSent: 0 },
    log,
  };
  try {
    ctx.result.released = await releaseInterrupted(ctx);
    ctx.result.collected = await collectArrivals(ctx);
    ctx.result.cancelled = await cancelIneligible();
    await sendDueDigests(ctx);
    await sendInstantAlerts(ctx);
    const r = ctx.result;
    if (r.collected || r.emailsSent || r.emailsFailed || r.suppressed || r.released || r.cancelled) {
      log(
        `alerts: ${r.collected} arrival alert(s) logged, ${r.emailsSent} e-mail(s) sent (${r.digestsSent} digest), ` +
          `${r.emailsFailed} failed, ${r.suppressed} suppressed by the daily cap, ${r.cancelled} cancelled, ${r.released} released for retry`,
      );
    }
    return r;
  } catch (error) {
    log(`alerts: failed — ${(error as Error)?.message ?? String(error)}`);
    console.error('[alerts] processing failed:', error);
    return null;
  }
}

/** Sends cut short by a stopped process (still 'sending' after the lease) become due again, or failed. */
async function releaseInterrupted(ctx: Ctx): Promise<number> {
  return db.$executeRaw`
    UPDATE alert_log
       SET status = (CASE WHEN attempts >= ${ctx.policy.maxAttempts} THEN 'failed' ELSE 'pending' END)::"AlertStatus",
           next_attempt_at = ${ctx.now}::timestamptz,
           error = 'the send was cut short (process stopped) before it was confirmed'
     WHERE status = 'sending' AND next_attempt_at <= ${ctx.now}::timestamptz`;
}

/**
 * The (user, row) pairs that alert, for the new rows of CTE `rows` (id, board_id, store_id, plu, quantity,
 * listing_type, retail_price, checked_at) and the subscribed (user, board) rows `r`: the row's board is one the
 * user chose, its quantity reaches the user's minimum, its store is one of the user's (when narrowed), and its
 * product is in the user's watch set. The watch set is the user's active interested items whatever their type
 * (products added one by one), plus the default list of lib/catalog/hunted.ts (hunted products and Premium
 * ones) of the listing types the user chose, plus every new release (Unknown: not classified yet, so no choice
 * can cover it), minus the user's not_interested ones. One rule for shelf arrivals and shipments.
 *
 * Two halves that never overlap, so no row is compared with every subscriber of its board: items added by
 * name are found through watch_items by plu, and only default-list rows and new releases meet every
 * subscriber of their board (npm run bench:ingest, alerts-shipments-year: a day's ~5,500 shipments against
 * 15,000 (user, board) rows were ~480,000 comparisons, now ~170,000 cheap ones).
 */
function alertingPairs(rows: string): Prisma.Sql {
  const a = Prisma.raw(rows);
  const onDefaultList = Prisma.raw(defaultListSql('a.listing_type', 'a.retail_price', String(premiumMinPrice())));
  const reaches = Prisma.sql`a.quantity >= r.min_quantity AND (cardinality(r.store_ids) = 0 OR a.store_id = ANY (r.store_ids))`;
  return Prisma.sql`
    SELECT r.user_id, r.mode, a.id, a.checked_at
      FROM ${a} a
      JOIN watch_items w ON w.plu = a.plu AND w.interest_type = 'interested' AND w.active
      JOIN r ON r.user_id = w.user_id AND r.board_id = a.board_id
     WHERE ${reaches}
    UNION ALL
    SELECT r.user_id, r.mode, a.id, a.checked_at
      FROM ${a} a
      JOIN r ON r.board_id = a.board_id
     WHERE (a.listing_type = ${NEW_RELEASE_TYPE}::"ListingType" OR (${onDefaultList} AND a.listing_type = ANY (r.listing_types)))
       AND ${reaches}
       -- Switched off, or already in the first half.
       AND NOT COALESCE(a.plu = ANY (r.unwanted) OR a.plu = ANY (r.wanted), false)`;
}

/**
 * Active users with alerts on, what they chose and their watch items, one row per (user, chosen board) (the
 * CTE `r` that both collections of the one statement share, read once, as are the new rows), with the watch
 * items as two short arrays per user (grouped in one pass: a lookup per user cost ~0.02 ms × 5,000 users).
 */
const SUBSCRIBED_BOARDS = Prisma.sql`r AS MATERIALIZED (SELECT s.user_id, s.mode, s.listing_types, s.min_quantity, s.store_ids, b.board_id, wl.wanted, wl.unwanted
                FROM alert_settings s
                JOIN users u ON u.id = s.user_id
                LEFT JOIN (
                  SELECT wi.user_id,
                         array_agg(wi.plu) FILTER (WHERE wi.interest_type = 'interested' AND wi.active) AS wanted,
                         array_agg(wi.plu) FILTER (WHERE wi.interest_type = 'not_interested') AS unwanted
                    FROM watch_items wi GROUP BY wi.user_id) wl ON wl.user_id = s.user_id
               CROSS JOIN LATERAL unnest(s.board_ids) AS b(board_id)
               WHERE s.enabled AND u.status = 'active')`;

/**
 * Logs one alert per (user, arrival) for every arrival written since the last collection (alert_cursor),
 * and one per (user, shipments row) for every shipment dated since then to a board whose shelves are not
 * read, so an arrival whose alert step failed is still alerted when the step recovers, however long that
 * takes; the log's unique keys keep either from being alerted twice. The first collection ever starts at
 * the lookback window: history or shipments older than that (a backfill, demo data) are not news.
 *
 * Then the user's watch set (watchSetMatch), minimum quantity (bottles on the shelf after an arrival;
 * bottles shipped), boards and stores (a one-store board's shipment is its store's).
 */
async function collectArrivals(ctx: Ctx): Promise<number> {
  const since = new Date(ctx.now.getTime() - ctx.policy.lookbackMs);
  const status = Prisma.sql`(CASE WHEN m.mode = 'digest' THEN 'digest_pending' ELSE 'pending' END)::"AlertStatus"`;
  return db.$transaction(async (tx) => {
    const [cursor] = await tx.$queryRaw<{ last: bigint; last_shipment: bigint | null }[]>`
      SELECT last_history_id AS last, last_shipment_id AS last_shipment FROM alert_cursor WHERE id = 1 FOR UPDATE`;
    const [{ from }] = cursor
      ? [{ from: cursor.last }]
      : await tx.$queryRaw<{ from: bigint }[]>`SELECT COALESCE(max(id), 0) AS from FROM inventory_history WHERE checked_at <= ${since}`;
    const [{ upto }] = await tx.$queryRaw<{ upto: bigint }[]>`SELECT COALESCE(max(id), 0) AS upto FROM inventory_history`;
    // Shipments, by row id: a later extract adding units to a row already collected (units +=) is the same
    // shipment and never alerts again. The first collection takes the rows dated from the lookback's day on.
    const firstDay = cursor?.last_shipment == null ? nyDate(since) : null;
    const [{ shipFrom }] =
      firstDay === null
        ? [{ shipFrom: cursor!.last_shipment! }]
        : await tx.$queryRaw<{ shipFrom: bigint }[]>`SELECT COALESCE(max(id), 0) AS "shipFrom" FROM shipments WHERE ship_date < ${firstDay}::date`;
    const [{ shipUpto }] = await tx.$queryRaw<{ shipUpto: bigint }[]>`SELECT COALESCE(max(id), 0) AS "shipUpto" FROM shipments`;
    // The estimates of the (user, board) rows run into the millions and would have Postgres compile the
    // statement (JIT, ~0.4 s), more than its whole work.
    await tx.$executeRaw`SET LOCAL jit = off`;
    // With the default 4 MB Postgres sorted the (user, board) rows for its join on disk (external merge).
    await tx.$executeRaw`SET LOCAL work_mem = '64MB'`;
    // Both kinds in one statement, so the subscribed (user, board) rows `r` are read once (npm run bench:ingest,
    // alerts-shipments-year). Shelf boards alert from their shelves only. A board's one retail store
    // (lib/reference/precision.ts boardPrecision: store_by_shipment) is where its shipments go, so store
    // narrowing applies to it; a board of several stores has no store to narrow to.
    const [{ shelf, shipped }] = await tx.$queryRaw<{ shelf: number; shipped: number }[]>`
      WITH ${SUBSCRIBED_BOARDS},
           arrivals AS MATERIALIZED (
             SELECT h.id, st.board_id, h.store_id, h.plu, h.new_quantity AS quantity, p.listing_type, p.retail_price, h.checked_at
               FROM inventory_history h
               JOIN products p ON p.plu = h.plu
               JOIN stores st ON st.id = h.store_id
              WHERE h.id > ${from} AND h.id <= ${upto} AND h.change_type IN ('first', 'increase')),
           only_stores AS (
             SELECT st.board_id, (CASE WHEN count(*) = 1 AND bool_and(NOT st.mixed_beverage) THEN min(st.id) END) AS only_store
               FROM stores st GROUP BY st.board_id),
           shipments_new AS MATERIALIZED (
             SELECT sh.id, sh.board_id, os.only_store AS store_id, sh.plu, sh.units AS quantity, p.listing_type, p.retail_price,
                    ${ctx.now}::timestamptz AS checked_at
               FROM shipments sh
               JOIN products p ON p.plu = sh.plu
               LEFT JOIN only_stores os ON os.board_id = sh.board_id
              WHERE sh.id > ${shipFrom} AND sh.id <= ${shipUpto}
                AND (${firstDay}::date IS NULL OR sh.ship_date >= ${firstDay}::date)
                AND NOT EXISTS (SELECT 1 FROM board_sources bs WHERE bs.board_id = sh.board_id AND bs.enabled)),
           shelf AS (
             INSERT INTO alert_log (user_id, history_id, run_checked_at, status, next_attempt_at)
             SELECT m.user_id, m.id, m.checked_at, ${status}, ${ctx.now}::timestamptz
               FROM (${alertingPairs('arrivals')}) m
             ON CONFLICT (user_id, history_id) DO NOTHING
             RETURNING 1),
           shipped AS (
             INSERT INTO alert_log (user_id, shipment_id, run_checked_at, status, next_attempt_at)
             SELECT m.user_id, m.id, m.checked_at, ${status}, ${ctx.now}::timestamptz
               FROM (${alertingPairs('shipments_new')}) m
             ON CONFLICT (user_id, shipment_id) DO NOTHING
             RETURNING 1)
      SELECT (SELECT count(*) FROM shelf)::int AS shelf, (SELECT count(*) FROM shipped)::int AS shipped`;

    await tx.$executeRaw`
      INSERT INTO alert_cursor (id, last_history_id, last_shipment_id, updated_at) VALUES (1, ${upto}, ${shipUpto}, now())
      ON CONFLICT (id) DO UPDATE SET last_history_id = GREATEST(alert_cursor.last_history_id, EXCLUDED.last_history_id),
                                     last_shipment_id = GREATEST(alert_cursor.last_shipment_id, EXCLUDED.last_shipment_id), updated_at = now()`;
    return shelf + shipped;
    // Prisma's default 5 s would fail a large collection (a backlog after days of a failing step) on every
    // cycle from then on: the cursor moves only when it commits.
  }, { timeout: 120_000 });
}

/** Waiting alerts of users who turned alerts off, or whose account is no longer active, are dropped. */
async function cancelIneligible(): Promise<number> {
  // The few users who are out first, then their rows: checking every waiting row's user took ~85 ms for a
  // day's ~38,000 (npm run bench:ingest, alerts-shipments-year), this ~6 ms.
  return db.$executeRaw`
    WITH gone AS MATERIALIZED (
      SELECT u.id FROM users u LEFT JOIN alert_settings s ON s.user_id = u.id
       WHERE NOT (COALESCE(s.enabled, false) AND u.status = 'active'))
    UPDATE alert_log l
       SET status = 'cancelled', error = 'alerts turned off or account not active'
      FROM gone
     WHERE l.user_id = gone.id AND l.status IN ('pending', 'digest_pending')`;
}

interface Recipient {
  id: number;
  email: string;
  firstName: string;
  mode: 'instant' | 'digest';
}

async function recipient(userId: number): Promise<Recipient | null> {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { id: true, email: true, firstName: true, status: true, alertSettings: { select: { enabled: true, mode: true } } },
  });
  if (!user || user.status !== 'active' || !user.alertSettings?.enabled) return null;
  return { id: user.id, email: user.email, firstName: user.firstName, mode: user.alertSettings.mode };
}

async function sendDueDigests(ctx: Ctx): Promise<void> {
  // isDigestDue in SQL: the last due time of each hour of the day (index hour + 1), so only users whose digest
  // is due come back (not every digest user with something waiting: ~170 ms for 5,000 of them).
  const dueAt = Array.from({ length: 24 }, (_, hour) => digestDueAt(ctx.now, hour));
  const candidates = await db.$queryRaw<{ user_id: number; digest_hour: number; last_digest_at: Date | null }[]>`
    SELECT s.user_id, s.digest_hour, s.last_digest_at
      FROM alert_settings s JOIN users u ON u.id = s.user_id
     WHERE s.enabled AND s.mode = 'digest' AND u.status = 'active'
       AND (s.last_digest_at IS NULL OR s.last_digest_at < (${dueAt}::timestamptz[])[s.digest_hour + 1])
       AND EXISTS (SELECT 1 FROM alert_log l WHERE l.user_id = s.user_id AND l.status = 'digest_pending')
     ORDER BY s.user_id`;
  for (const c of candidates) {
    await forUser(ctx, c.user_id, async () => {
      const emailId = randomUUID();
      // Marking the day's digest as taken and claiming its rows is one statement: one runner wins.
      const claimed = await db.$queryRaw<{ attempts: number }[]>`
        WITH s AS (
          UPDATE alert_settings SET last_digest_at = ${ctx.now}::timestamptz
           WHERE user_id = ${c.user_id} AND enabled AND mode = 'digest'
             AND (last_digest_at IS NULL OR last_digest_at < ${digestDueAt(ctx.now, c.digest_hour)}::timestamptz)
          RETURNING user_id)
        UPDATE alert_log l
           SET status = 'sending', email_id = ${emailId}, attempts = l.attempts + 1,
               next_attempt_at = ${new Date(ctx.now.getTime() + ctx.policy.sendLeaseMs)}::timestamptz
          FROM s
         WHERE l.user_id = s.user_id AND l.status = 'digest_pending'
        RETURNING l.attempts`;
      if (!claimed.length) return;
      // Only beside watched products: a digest is sent when something was logged, never for report gaps alone
      // (decision 023). Until then last_digest_at stays, so the next digest still lists them.
      const gaps = await digestReportGaps(c.user_id, c.last_digest_at, ctx.now);
      const sent = await deliver(ctx, c.user_id, emailId, 'digest', claimed, null, gaps);
      if (sent) ctx.result.digestsSent++;
    });
  }
}

async function sendInstantAlerts(ctx: Ctx): Promise<void> {
  const users = await db.$queryRaw<{ user_id: number }[]>`
    SELECT DISTINCT user_id FROM alert_log WHERE status = 'pending' AND next_attempt_at <= ${ctx.now}::timestamptz ORDER BY user_id`;
  for (const { user_id: userId } of users) {
    await forUser(ctx, userId, async () => {
      const { start, end } = capDay(ctx.now);
      const [{ n: sentToday }] = await db.$queryRaw<{ n: number }[]>`
        SELECT count(DISTINCT email_id)::int AS n FROM alert_log
         WHERE user_id = ${userId} AND status = 'sent' AND sent_at >= ${start}::timestamptz AND sent_at < ${end}::timestamptz`;
      const decision = capDecision(sentToday, ctx.policy.dailyCap);
      if (!decision.send) {
        ctx.result.suppressed += await db.$executeRaw`
          UPDATE alert_log SET status = 'suppressed', email_id = NULL, error = NULL
           WHERE user_id = ${userId} AND status = 'pending' AND next_attempt_at <= ${ctx.now}::timestamptz`;
        return;
      }
      const emailId = randomUUID();
      const claimed = await db.$queryRaw<{ attempts: number }[]>`
        UPDATE alert_log
           SET status = 'sending', email_id = ${emailId}, attempts = attempts + 1,
               next_attempt_at = ${new Date(ctx.now.getTime() + ctx.policy.sendLeaseMs)}::timestamptz
         WHERE id IN (SELECT id FROM alert_log
                       WHERE user_id = ${userId} AND status = 'pending' AND next_attempt_at <= ${ctx.now}::timestamptz
                       FOR UPDATE SKIP LOCKED)
        RETURNING attempts`;
      if (!claimed.length) return;
      await deliver(ctx, userId, emailId, 'instant', claimed, decision.last ? { dailyCap: ctx.policy.dailyCap } : null);
    });
  }
}

/** One user's failure (a database error, a bad row) never stops the others. */
async function forUser(ctx: Ctx, userId: number, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    ctx.log(`alerts: user ${userId}: ${(error as Error)?.message ?? String(error)}`);
    console.error(`[alerts] user ${userId} failed:`, error);
  }
}

/** The claimed alerts of one e-mail, shelf arrivals and shipments, with what their lines say. */
async function claimedArrivals(emailId: string): Promise<ArrivalRow[]> {
  const rows = await db.$queryRaw<
    {
      alert_id: string;
      plu: string;
      name: string;
      listing_type: string;
      retail_price: number | null;
      // A shelf arrival
      store_id: number | null;
      store_number: number | null;
      nickname: string | null;
      address: string | null;
      new_quantity: number | null;
      previous_quantity: number | null;
      delta: number | null;
      change_type: 'first' | 'increase' | null;
      checked_at: Date | null;
      // A shipment
      shipment_id: string | null;
      board_id: number | null;
      board_name: string | null;
      board_stores: number | null;
      retail_stores: number | null;
      only_store: { store_id: number; store_number: number; nickname: string; address: string } | null;
      ship_date: string | null;
      units: number | null;
      cases: number | null;
      last_whole: string | null;
      incomplete: string[] | null;
    }[]
  >`
    SELECT l.id::text AS alert_id, p.plu, p.name, p.listing_type::text AS listing_type, p.retail_price::float8 AS retail_price,
           s.id AS store_id, s.store_number, s.nickname, s.address,
           h.new_quantity, h.previous_quantity, h.delta, h.change_type::text AS change_type, h.checked_at,
           sh.id::text AS shipment_id, sh.board_id, b.name_clean AS board_name, bst.stores AS board_stores, bst.retail AS retail_stores,
           bst.only_store, to_char(sh.ship_date, 'YYYY-MM-DD') AS ship_date, sh.units,
           -- As lib/reports/sql.ts casesOf: rounded up, an unknown case size counted as 6 (that module is the app's).
           (CASE WHEN sh.units > 0 THEN ceil(sh.units::numeric / COALESCE(NULLIF(p.bottles_per_case, 0), 6))::int ELSE 0 END) AS cases,
           to_char(w.last_whole, 'YYYY-MM-DD') AS last_whole, inc.days AS incomplete
      FROM alert_log l
      LEFT JOIN inventory_history h ON h.id = l.history_id
      LEFT JOIN stores s ON s.id = h.store_id
      LEFT JOIN shipments sh ON sh.id = l.shipment_id
      LEFT JOIN boards b ON b.id = sh.board_id
      JOIN products p ON p.plu = COALESCE(h.plu, sh.plu)
      LEFT JOIN LATERAL (
        SELECT count(*)::int AS stores, count(*) FILTER (WHERE NOT st.mixed_beverage)::int AS retail,
               (CASE WHEN count(*) = 1 THEN json_build_object('store_id', min(st.id), 'store_number', min(st.store_number),
                                                               'nickname', min(st.nickname), 'address', min(st.address)) END) AS only_store
          FROM stores st WHERE st.board_id = sh.board_id) bst ON sh.id IS NOT NULL
      -- The last day before the shipment's with a whole report for its board: the days after it had none, and
      -- their shipments are counted in this one (docs/decisions/022-the-extract-says-what-it-does-not-know.md).
      LEFT JOIN LATERAL (
        SELECT max(d.ship_date) AS last_whole FROM shipment_days d
         WHERE d.applied AND d.ship_date < sh.ship_date AND NOT (sh.board_id = ANY (d.missing_board_ids))) w ON sh.id IS NOT NULL
      LEFT JOIN LATERAL (
        SELECT array_agg(to_char(d.ship_date, 'YYYY-MM-DD')) AS days FROM shipment_days d
         WHERE d.ship_date > w.last_whole AND d.ship_date < sh.ship_date) inc ON sh.id IS NOT NULL
     WHERE l.email_id = ${emailId} AND l.status = 'sending'`;
  return rows.map((r): ArrivalRow => {
    const product = {
      alertId: r.alert_id,
      plu: r.plu,
      productName: r.name,
      listingType: r.listing_type,
      retailPrice: r.retail_price === null ? null : Number(r.retail_price),
    };
    if (r.shipment_id === null) {
      return {
        ...product,
        precision: 'shelf',
        storeId: r.store_id!,
        storeNumber: r.store_number!,
        storeNickname: r.nickname!,
        storeAddress: r.address!,
        newQuantity: r.new_quantity!,
        previousQuantity: r.previous_quantity!,
        delta: r.delta!,
        changeType: r.change_type!,
        checkedAt: new Date(r.checked_at!),
      };
    }
    // A shipment is never a shelf reading, whatever the board's source is now: only its store facts decide.
    const precision = boardPrecision({ shelfSource: false, stores: r.board_stores!, retailStores: r.retail_stores! }) as 'store_by_shipment' | 'board';
    const only = precision === 'store_by_shipment' ? r.only_store : null;
    return {
      ...product,
      precision,
      shipmentId: r.shipment_id,
      boardId: r.board_id!,
      boardName: r.board_name!,
      boardStores: r.board_stores!,
      store: only && { storeId: only.store_id, storeNumber: only.store_number, nickname: only.nickname, address: only.address },
      shipDate: r.ship_date!,
      units: r.units!,
      cases: r.cases!,
      alsoCovers: daysBetween(r.last_whole, r.ship_date!).map((date) => ({ date, why: r.incomplete?.includes(date) ? 'incomplete' : 'missing' })),
    };
  });
}

/** The days after `lastWhole` and before `date` (none when there is no earlier whole day). */
function daysBetween(lastWhole: string | null, date: string): string[] {
  const days: string[] = [];
  if (lastWhole) for (let d = addDays(lastWhole, 1); d < date; d = addDays(d, 1)) days.push(d);
  return days;
}

/** Builds and sends the e-mail for the rows claimed under `emailId`, then records the outcome. */
async function deliver(
  ctx: Ctx,
  userId: number,
  emailId: string,
  kind: 'instant' | 'digest',
  claimed: { attempts: number }[],
  lastForToday: { dailyCap: number } | null,
  reportGaps: ReportGap[] = [],
): Promise<boolean> {
  const who = await recipient(userId);
  const arrivals = who ? await claimedArrivals(emailId) : [];
  if (!who || !arrivals.length) {
    const reason = who ? 'the arrival is no longer in the history' : 'alerts turned off or account not active';
    await db.$executeRaw`UPDATE alert_log SET status = 'cancelled', error = ${reason} WHERE email_id = ${emailId} AND status = 'sending'`;
    return false;
  }
  const [{ n: earlierSuppressed }] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM alert_log WHERE user_id = ${userId} AND status = 'suppressed' AND email_id IS NULL`;
  const content = composeAlert(arrivals, { maxProducts: ctx.policy.maxProductsPerEmail, earlierSuppressed });
  // A retry of a failed digest is still the digest; everything else is shown as the user's mode says.
  const message = alertEmail({
    to: who.email,
    userId,
    firstName: who.firstName,
    kind: kind === 'digest' || who.mode === 'digest' ? 'digest' : 'instant',
    content,
    lastForToday: lastForToday ?? undefined,
    reportGaps,
  });

  let outcome: SendResult;
  try {
    outcome = await ctx.send(message);
  } catch (error) {
    outcome = { ok: false, error: (error as Error)?.message ?? String(error) };
  }

  if (outcome.ok) {
    await db.$executeRaw`
      UPDATE alert_log SET status = 'sent', sent_at = ${ctx.now}::timestamptz, error = NULL WHERE email_id = ${emailId} AND status = 'sending'`;
    if (earlierSuppressed) {
      // Counted in this e-mail's "more arrivals" line: not counted again.
      await db.$executeRaw`
        UPDATE alert_log SET email_id = ${emailId} WHERE user_id = ${userId} AND status = 'suppressed' AND email_id IS NULL`;
    }
    ctx.result.emailsSent++;
    return true;
  }

  ctx.result.emailsFailed++;
  ctx.log(`alerts: e-mail to user ${userId} failed: ${outcome.error}`);
  for (const attempts of new Set(claimed.map((c) => c.attempts))) {
    const next = afterFailure(ctx.now, attempts, ctx.policy);
    await db.$executeRaw`
      UPDATE alert_log SET status = ${next.status}::"AlertStatus", next_attempt_at = ${next.nextAttemptAt}::timestamptz,
                           error = ${outcome.error.slice(0, 500)}
       WHERE email_id = ${emailId} AND status = 'sending' AND attempts = ${attempts}`;
  }
  return false;
}
