import { defaultListSql, NEW_RELEASE_TYPE } from '../catalog/hunted.ts';
import { db, Prisma } from '../db/index.ts';
import { addJobsSql } from '../db/queue.ts';
import { env } from '../env.ts';
import { storesWithinRadiusSql } from '../places/sql.ts';
import { nyDate } from '../time.ts';
import { newRun, sweepAlerts, type AlertRun, type ProcessResult, type RunOptions } from './deliver.ts';
import { deliverJob } from './jobs.ts';
import { channelTakes } from './ledger.ts';
import { COMING_MIN_CUSTOM_NAME, customNameMatches } from './name-match.ts';
import type { AlertChannelName } from './rules.ts';
import { drainAlerts } from './worker.ts';

// Arrival alerts, run by the scraper at the end of every cycle, whatever its sources did (step 1 also runs on
// its own, collectAlerts, as soon as a source has written: lib/ingest/runner.ts):
//   1. the arrivals written since the last collection (inventory_history first/increase rows after
//      alert_cursor; baseline polls write none), the shipments dated since then to boards whose shelves
//      are not read, the shipments forecast since then (incoming, "on its way", for users who chose it) and the
//      product events since then (announced, onto the allocated list, received at the warehouse: "coming to NC",
//      for users who chose it) are matched against every active user's watch set and settings, one INSERT …
//      SELECT each in one transaction. The unique keys (user_id, history_id), (user_id, shipment_id),
//      (user_id, incoming_id) and (user_id, product_event_id) with ON CONFLICT DO NOTHING mean each is logged for a
//      user once, whatever restarts or concurrent runners. In the same statement each new alert gets its delivery
//      row on every channel that takes it, and in the same transaction a job on the queue for every user and
//      channel with something to send now: once it commits, nothing found can be lost (decision 026);
//   2. the sweep (lib/alerts/deliver.ts): cut-short sends whose lease ended are released, alerts nobody should
//      get any more are dropped, and what fell due (retries, digests, quiet hours over) gets a job;
//   3. this process works the queue until nothing is due (lib/alerts/worker.ts): one message per user and
//      channel. The scraper's standing worker, and any other, may take some of those jobs meanwhile.

export type { ProcessResult } from './deliver.ts';

export interface ProcessOptions extends Omit<RunOptions, 'now'> {
  /** The scraper run's check time: the arrivals' checked_at and this step's clock. */
  checkedAt: Date;
}

/** Step 1 alone (a process that detects and leaves delivery to the workers): the alerts logged. */
export async function collectAlerts(options: ProcessOptions): Promise<number> {
  return collectArrivals(newRun({ ...options, now: options.checkedAt }));
}

/** The premium threshold of the default watch list (lib/catalog/hunted.ts's Premium rule). */
const premiumMinPrice = () => env().PREMIUM_MIN_PRICE;

/** Never throws: alerts must not fail the scraper run. Returns null when the step failed (logged). */
export async function processArrivalAlerts(options: ProcessOptions): Promise<ProcessResult | null> {
  const run = newRun({ ...options, now: options.checkedAt });
  const log = run.log;
  try {
    run.result.collected = await collectArrivals(run);
    await sweepAlerts(run);
    await drainAlerts(run);
    const r = run.result;
    const channels = Object.entries(r.channels);
    if (r.collected || r.suppressed || r.released || r.cancelled || channels.length) {
      log(
        `alerts: ${r.collected} arrival alert(s) logged, ${r.suppressed} suppressed by the daily cap, ${r.cancelled} cancelled, ` +
          `${r.released} released for retry` +
          channels.map(([name, c]) => `; ${name}: ${c.sent} sent (${c.digests} digest), ${c.failed} failed`).join(''),
      );
    }
    return r;
  } catch (error) {
    log(`alerts: failed — ${(error as Error)?.message ?? String(error)}`);
    console.error('[alerts] processing failed:', error);
    return null;
  }
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
    SELECT r.user_id, a.id, a.checked_at
      FROM ${a} a
      JOIN watch_items w ON w.plu = a.plu AND w.interest_type = 'interested' AND w.active
      JOIN r ON r.user_id = w.user_id AND r.board_id = a.board_id
     WHERE ${reaches}
    UNION ALL
    SELECT r.user_id, a.id, a.checked_at
      FROM ${a} a
      JOIN r ON r.board_id = a.board_id
     WHERE (a.listing_type = ${NEW_RELEASE_TYPE}::"ListingType" OR (${onDefaultList} AND a.listing_type = ANY (r.listing_types)))
       AND ${reaches}
       -- Switched off, or already in the first half.
       AND NOT COALESCE(a.plu = ANY (r.unwanted) OR a.plu = ANY (r.wanted), false)`;
}

/**
 * The (user, product event) pairs of "Coming to NC" alerts (issue 40) for the new events of CTE `events` (id, plu):
 * users who are active with some enabled channel taking `coming`, whose watchlist names the product — an active
 * interested item by its code, or an item added by name (`byName`: the pairs customNameMatches found, name-match.ts)
 * — and who did not mark it not interested. Not the default hunted list: every new code would alert.
 */
function comingPairs(events: string, byName: { userId: number; id: bigint }[]): Prisma.Sql {
  const e = Prisma.raw(events);
  return Prisma.sql`
    SELECT m.user_id, m.id
      FROM (SELECT w.user_id, e.id, e.plu
              FROM ${e} e
              JOIN watch_items w ON w.plu = e.plu AND w.interest_type = 'interested' AND w.active
            UNION
            SELECT n.user_id, e.id, e.plu
              FROM unnest(${byName.map((p) => p.userId)}::int[], ${byName.map((p) => p.id)}::bigint[]) AS n(user_id, id)
              JOIN ${e} e ON e.id = n.id) m
      JOIN users u ON u.id = m.user_id AND u.status = 'active'
     WHERE EXISTS (SELECT 1 FROM alert_channels c WHERE c.user_id = m.user_id AND c.enabled AND 'coming' = ANY (c.kinds))
       AND NOT EXISTS (SELECT 1 FROM watch_items n WHERE n.user_id = m.user_id AND n.plu = m.plu AND n.interest_type = 'not_interested')`;
}

/**
 * The product events of ids (from, upto] a "Coming to NC" alert is about — announced, received at the warehouse, or
 * onto the allocated list as Allocation or Limited (others are on the journey, not news) — seen since `since` on a
 * first collection; and the pairs of them that users' custom items name (name-match.ts), read only when there are
 * any: the items are read for the users who chose the kind.
 */
async function comingEvents(tx: Prisma.TransactionClient, from: bigint, upto: bigint, since: Date | null) {
  if (upto <= from) return { ids: [] as bigint[], byName: [] };
  const events = await tx.$queryRaw<{ id: bigint; name: string }[]>`
    SELECT e.id, p.name
      FROM product_events e
      JOIN products p ON p.plu = e.plu
     WHERE e.id > ${from} AND e.id <= ${upto}
       AND (${since}::timestamptz IS NULL OR e.seen_at >= ${since}::timestamptz)
       AND (e.kind IN ('announced', 'received') OR (e.kind = 'listing' AND e.source = 'allocated_list' AND e.to_value IN ('Allocation', 'Limited')))`;
  if (!events.length) return { ids: [], byName: [] };
  const items = await tx.$queryRaw<{ user_id: number; custom_name: string }[]>`
    SELECT wi.user_id, wi.custom_name
      FROM watch_items wi
     WHERE wi.custom_name IS NOT NULL AND length(btrim(wi.custom_name)) >= ${COMING_MIN_CUSTOM_NAME}
       AND wi.interest_type = 'interested' AND wi.active
       AND wi.user_id IN (SELECT c.user_id FROM alert_channels c WHERE c.enabled AND 'coming' = ANY (c.kinds))`;
  return {
    ids: events.map((e) => e.id),
    byName: customNameMatches(
      items.map((i) => ({ userId: i.user_id, name: i.custom_name })),
      events.map((e) => ({ id: e.id, name: e.name })),
    ),
  };
}

/**
 * Active users with some channel on, what they chose and their watch items, one row per (user, board) they follow (the
 * CTE `r` that both collections of the one statement share, read once, as are the new rows), with the watch
 * items as two short arrays per user (grouped in one pass: a lookup per user cost ~0.02 ms × 5,000 users).
 *
 * A user follows the boards chosen (the whole board, or the stores chosen) and, with an alert radius (issue 39), the
 * boards of every retail store within it (lib/places/sql.ts): those stores, and a whole board whose shipments name
 * no store. `store_ids` empty means the whole board; a chosen board narrowed to stores takes in its near stores too.
 */
const SUBSCRIBED_BOARDS = Prisma.sql`subscribers AS MATERIALIZED (
               SELECT s.user_id, s.listing_types, s.min_quantity, s.store_ids, s.board_ids, s.radius_miles, wl.wanted, wl.unwanted
                FROM alert_settings s
                JOIN users u ON u.id = s.user_id
                LEFT JOIN (
                  SELECT wi.user_id,
                         array_agg(wi.plu) FILTER (WHERE wi.interest_type = 'interested' AND wi.active) AS wanted,
                         array_agg(wi.plu) FILTER (WHERE wi.interest_type = 'not_interested') AS unwanted
                    FROM watch_items wi GROUP BY wi.user_id) wl ON wl.user_id = s.user_id
               WHERE u.status = 'active' AND EXISTS (SELECT 1 FROM alert_channels c WHERE c.user_id = s.user_id AND c.enabled)),
           near AS MATERIALIZED (
             SELECT n.user_id, n.board_id, n.store_id FROM (${storesWithinRadiusSql()}) n
              WHERE n.user_id IN (SELECT user_id FROM subscribers WHERE radius_miles IS NOT NULL)),
           -- Boards whose shipments name no store: not read on the shelf, and not one retail store (lib/reference/precision.ts).
           store_blind AS (
             SELECT st.board_id FROM stores st
              WHERE NOT EXISTS (SELECT 1 FROM board_sources bs WHERE bs.board_id = st.board_id AND bs.enabled)
              GROUP BY st.board_id HAVING NOT (count(*) = 1 AND bool_and(NOT st.mixed_beverage))),
           followed AS (
             SELECT f.user_id, f.board_id, bool_or(f.chosen) AS chosen, array_agg(f.store_id) FILTER (WHERE f.store_id IS NOT NULL) AS near_stores
               FROM (SELECT s.user_id, b.board_id, true AS chosen, NULL::int AS store_id FROM subscribers s CROSS JOIN LATERAL unnest(s.board_ids) AS b(board_id)
                     UNION ALL
                     SELECT n.user_id, n.board_id, false, n.store_id FROM near n) f
              GROUP BY f.user_id, f.board_id),
           r AS MATERIALIZED (
             SELECT s.user_id, s.listing_types, s.min_quantity, f.board_id, s.wanted, s.unwanted,
                    (CASE WHEN f.chosen AND cardinality(s.store_ids) = 0 THEN '{}'::int[]
                          WHEN f.chosen THEN s.store_ids || COALESCE(f.near_stores, '{}'::int[])
                          WHEN f.board_id IN (SELECT board_id FROM store_blind) THEN '{}'::int[]
                          ELSE f.near_stores END) AS store_ids
               FROM followed f JOIN subscribers s ON s.user_id = f.user_id)`;

/**
 * Logs one alert per (user, arrival) for every arrival written since the last collection (alert_cursor),
 * one per (user, shipments row) for every shipment dated since then to a board whose shelves are not
 * read, and one per (user, incoming) for every shipment forecast since then (on its way, decision 028), so an
 * arrival whose alert step failed is still alerted when the step recovers, however long that takes; the log's
 * unique keys keep any of them from being alerted twice. The first collection ever starts at the lookback
 * window: history, shipments or incoming older than that (a backfill, demo data) are not news.
 *
 * Then the user's watch set (watchSetMatch), minimum quantity (bottles on the shelf after an arrival;
 * bottles shipped), boards and stores (a one-store board's shipment is its store's).
 */
async function collectArrivals(ctx: AlertRun): Promise<number> {
  const since = new Date(ctx.now.getTime() - ctx.policy.lookbackMs);
  return db.$transaction(async (tx) => {
    const [cursor] = await tx.$queryRaw<{ last: bigint; last_shipment: bigint | null; last_incoming: bigint | null; last_event: bigint | null }[]>`
      SELECT last_history_id AS last, last_shipment_id AS last_shipment, last_incoming_id AS last_incoming, last_product_event_id AS last_event
        FROM alert_cursor WHERE id = 1 FOR UPDATE`;
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
    // Incoming (forecast shipments, lib/forecast), by row id in the same way: the first collection takes those
    // of shipments dated from the lookback's day on.
    const incFirstDay = cursor?.last_incoming == null ? nyDate(since) : null;
    const [{ incFrom }] =
      incFirstDay === null
        ? [{ incFrom: cursor!.last_incoming! }]
        : await tx.$queryRaw<{ incFrom: bigint }[]>`SELECT COALESCE(max(id), 0) AS "incFrom" FROM incoming WHERE ship_date < ${incFirstDay}::date`;
    const [{ incUpto }] = await tx.$queryRaw<{ incUpto: bigint }[]>`SELECT COALESCE(max(id), 0) AS "incUpto" FROM incoming`;
    // Product events (coming to NC), by row id in the same way: the first collection takes those seen from the lookback on.
    const evSince = cursor?.last_event == null ? since : null;
    const [{ evFrom }] =
      evSince === null
        ? [{ evFrom: cursor!.last_event! }]
        : await tx.$queryRaw<{ evFrom: bigint }[]>`SELECT COALESCE(max(id), 0) AS "evFrom" FROM product_events WHERE seen_at < ${evSince}::timestamptz`;
    const [{ evUpto }] = await tx.$queryRaw<{ evUpto: bigint }[]>`SELECT COALESCE(max(id), 0) AS "evUpto" FROM product_events`;
    const newEvents = await comingEvents(tx, evFrom, evUpto, evSince);
    // The estimates of the (user, board) rows run into the millions and would have Postgres compile the
    // statement (JIT, ~0.4 s), more than its whole work.

    await tx.$executeRaw`SET LOCAL jit = off`;
    // With the default 4 MB Postgres sorted the (user, board) rows for its join on disk (external merge).
    await tx.$executeRaw`SET LOCAL work_mem = '64MB'`;
    // Both kinds in one statement, so the subscribed (user, board) rows `r` are read once (npm run bench:ingest,
    // alerts-shipments-year). Shelf boards alert from their shelves only. A board's one retail store
    // (lib/reference/precision.ts boardPrecision: store_by_shipment) is where its shipments go, so store
    // narrowing applies to it; a board of several stores has no store to narrow to.
    //
    // On its way (docs/decisions/028-on-its-way-alerts.md): each new incoming, to any chosen board, for users with
    // the `forecast` kind on some channel (opt-in), one row per named store so store narrowing applies to the named
    // stores; once per (user, incoming). A shipment already alerted to the user in an earlier collection is not
    // alerted again as on its way: on a channel taking both kinds, the forecast alert stands for the shipment alert
    // only when both are logged here together (lib/alerts/ledger.ts channelTakes), so nothing goes out twice.
    //
    // Each new alert's deliveries (one per channel the user has on for its kind: lib/alerts/ledger.ts) are made in the
    // same statement, from what it logged: reading the new alerts back was a second statement and a scan (~0.1 s a day).
    //
    // Each kind's rows go in in user order: consecutive rows then land on the same pages of the indexes that begin
    // with user_id (a day's 38,000 shipment alerts: ~40 ms less), and each row has an entry only in its own kind's
    // unique key (partial keys, migration 20261229000000_alert_log_kind_keys).
    //
    // Coming to NC (issue 40): each new product event that is a step of a product's way here — announced in the price
    // list, onto the allocated list as Allocation or Limited, received at the state warehouse — for users with the
    // `coming` kind on some channel (opt-in) whose watchlist names it (comingPairs); not about a board or a store, so
    // boards, radius and minimum quantity do not apply. Once per (user, product event): one per product and step.
    const [{ shelf, shipped, forecast, coming, due }] = await tx.$queryRaw<
      { shelf: number; shipped: number; forecast: number; coming: number; due: { user_id: number; channel: AlertChannelName }[] }[]
    >`
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
           incoming_new AS MATERIALIZED (
             SELECT i.id, i.board_id, f.store_id, i.plu, i.units AS quantity, p.listing_type, p.retail_price, ${ctx.now}::timestamptz AS checked_at
               FROM incoming i
               JOIN products p ON p.plu = i.plu
               LEFT JOIN forecasts f ON f.incoming_id = i.id AND f.named
              WHERE i.id > ${incFrom} AND i.id <= ${incUpto}
                AND (${incFirstDay}::date IS NULL OR i.ship_date >= ${incFirstDay}::date)),
           shelf AS (
             INSERT INTO alert_log (user_id, history_id, run_checked_at)
             SELECT m.user_id, m.id, m.checked_at
               FROM (${alertingPairs('arrivals')}) m
              ORDER BY m.user_id, m.id
             ON CONFLICT (user_id, history_id) WHERE history_id IS NOT NULL DO NOTHING
             RETURNING id, user_id, history_id, shipment_id, incoming_id, product_event_id),
           shipped AS (
             INSERT INTO alert_log (user_id, shipment_id, run_checked_at)
             SELECT m.user_id, m.id, m.checked_at
               FROM (${alertingPairs('shipments_new')}) m
              ORDER BY m.user_id, m.id
             ON CONFLICT (user_id, shipment_id) WHERE shipment_id IS NOT NULL DO NOTHING
             RETURNING id, user_id, history_id, shipment_id, incoming_id, product_event_id),
           forecast AS (
             INSERT INTO alert_log (user_id, incoming_id, run_checked_at)
             SELECT DISTINCT m.user_id, m.id, m.checked_at
               FROM (${alertingPairs('incoming_new')}) m
              WHERE EXISTS (SELECT 1 FROM alert_channels c WHERE c.user_id = m.user_id AND c.enabled AND 'forecast' = ANY (c.kinds))
                AND NOT EXISTS (SELECT 1 FROM incoming i JOIN alert_log s ON s.shipment_id = i.shipment_id AND s.user_id = m.user_id WHERE i.id = m.id)
              ORDER BY m.user_id, m.id
             ON CONFLICT (user_id, incoming_id) WHERE incoming_id IS NOT NULL DO NOTHING
             RETURNING id, user_id, history_id, shipment_id, incoming_id, product_event_id),
           coming_new AS MATERIALIZED (
             SELECT e.id, e.plu FROM product_events e WHERE e.id = ANY (${newEvents.ids}::bigint[])),
           coming AS (
             INSERT INTO alert_log (user_id, product_event_id, run_checked_at)
             SELECT m.user_id, m.id, ${ctx.now}::timestamptz
               FROM (${comingPairs('coming_new', newEvents.byName)}) m
              ORDER BY m.user_id, m.id
             ON CONFLICT (user_id, product_event_id) WHERE product_event_id IS NOT NULL DO NOTHING
             RETURNING id, user_id, history_id, shipment_id, incoming_id, product_event_id),
           made AS (SELECT * FROM shelf UNION ALL SELECT * FROM shipped UNION ALL SELECT * FROM forecast UNION ALL SELECT * FROM coming),
           delivered AS (
             INSERT INTO alert_deliveries (alert_id, user_id, channel, status, next_attempt_at)
             SELECT m.id, m.user_id, c.channel, (CASE WHEN c.mode = 'digest' THEN 'digest_pending' ELSE 'pending' END)::"AlertStatus", ${ctx.now}::timestamptz
               FROM made m
               JOIN alert_channels c ON c.user_id = m.user_id AND c.enabled AND ${channelTakes('m', Prisma.sql`c.kinds`)}
              -- channelTakes reads the alerts logged before this statement; this collection's forecast alerts are in made.
              WHERE NOT (m.shipment_id IS NOT NULL AND 'forecast' = ANY (c.kinds)
                         AND EXISTS (SELECT 1 FROM made f JOIN incoming i ON i.id = f.incoming_id
                                      WHERE f.user_id = m.user_id AND i.shipment_id = m.shipment_id))
              ORDER BY m.user_id, m.id
             ON CONFLICT (alert_id, channel) DO NOTHING
             RETURNING user_id, channel, status)
      SELECT (SELECT count(*) FROM shelf)::int AS shelf, (SELECT count(*) FROM shipped)::int AS shipped, (SELECT count(*) FROM forecast)::int AS forecast,
             (SELECT count(*) FROM coming)::int AS coming,
             (SELECT COALESCE(json_agg(json_build_object('user_id', x.user_id, 'channel', x.channel) ORDER BY x.user_id, x.channel), '[]')
                FROM (SELECT DISTINCT user_id, channel::text AS channel FROM delivered WHERE status = 'pending') x) AS due`;

    await tx.$executeRaw`
      INSERT INTO alert_cursor (id, last_history_id, last_shipment_id, last_incoming_id, last_product_event_id, updated_at)
      VALUES (1, ${upto}, ${shipUpto}, ${incUpto}, ${evUpto}, now())
      ON CONFLICT (id) DO UPDATE SET last_history_id = GREATEST(alert_cursor.last_history_id, EXCLUDED.last_history_id),
                                     last_shipment_id = GREATEST(alert_cursor.last_shipment_id, EXCLUDED.last_shipment_id),
                                     last_incoming_id = GREATEST(alert_cursor.last_incoming_id, EXCLUDED.last_incoming_id),
                                     last_product_event_id = GREATEST(alert_cursor.last_product_event_id, EXCLUDED.last_product_event_id), updated_at = now()`;
    // A delivery job for every user and channel with something to send now (digests wait for the sweep at their hour).
    if (due.length) await tx.$queryRaw(addJobsSql(due.map((d) => deliverJob(d.user_id, d.channel))));
    return shelf + shipped + forecast + coming;
    // Prisma's default 5 s would fail a large collection (a backlog after days of a failing step) on every
    // cycle from then on: the cursor moves only when it commits.
  }, { timeout: 120_000 });
}
