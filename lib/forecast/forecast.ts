import { HUNTED_SQL } from '../catalog/hunted.ts';
import { db, Prisma } from '../db/index.ts';
import { boardFacts } from '../reference/board-facts.ts';
import type { BoardPrecision } from '../reference/precision.ts';
import { dayNumberToYmd, nyDate, nyTimeToUtc, ymdToDayNumber } from '../time.ts';
import {
  forecastBoard,
  forecastOneStore,
  forecastShelfBoard,
  learnBoard,
  matchHistory,
  NAME_AT,
  remainingLikelihood,
  type ArrivalFact,
  type BoardModel,
  type DeliveryPattern,
  type ShipmentFact,
  type StoreForecast,
} from './model.ts';

// The forecasts' database side (docs/decisions/027-forecasts.md): after a shipments run, every new dated shipment
// of a hunted product becomes incoming with its forecasts (model.ts decides them); after every cycle the shelves'
// evidence closes the rows that arrived, lowers the others once their shipment's bottles are accounted for,
// closes the rows whose window passed, and scores every new shelf arrival of a hunted product (forecast_scores).

/** Shipments dated this many days before today or later are forecast (an older backfill is history, not news). */
export const FORECAST_RECENT_DAYS = 2;
/** The history a shelf board learns from. */
export const HISTORY_DAYS = 120;
/** New arrivals are scored every cycle; an arrival older than this when first seen (the scraper was down) is not. */
export const SCORE_LOOKBACK_DAYS = 7;
/** A forecast counts as ahead when it named the store this long before the arrival. */
export const AHEAD_MINUTES = 12 * 60;

const HUNTED = Prisma.raw(`p.listing_type IN ${HUNTED_SQL}`);
const ARRIVAL = Prisma.raw(`h.change_type IN ('first', 'increase')`);
const day = (ymd: string) => ymdToDayNumber(ymd);
const dateOf = (dayNumber: number) => new Date(`${dayNumberToYmd(dayNumber)}T00:00:00Z`);

/** A shelf board's retail stores with their delivery patterns (lib/ingest/delivery-pattern.ts). */
export async function deliveryPatterns(boardId: number): Promise<Map<number, DeliveryPattern>> {
  const rows = await db.$queryRaw<{ id: number; delivery_day: string | null; interval: number | null; last: string | null }[]>`
    SELECT id, delivery_day, delivery_interval_days AS interval, to_char(last_delivery_date, 'YYYY-MM-DD') AS last
      FROM stores WHERE board_id = ${boardId} AND NOT mixed_beverage`;
  return new Map(rows.map((r) => [r.id, { storeId: r.id, deliveryDay: r.delivery_day, intervalDays: r.interval, lastDelivery: r.last ? day(r.last) : null }]));
}

/** A shelf board's hunted shipments and shelf arrivals of the last HISTORY_DAYS before `today`. */
export async function boardHistory(boardId: number, today: string): Promise<{ shipments: ShipmentFact[]; arrivals: ArrivalFact[] }> {
  const since = nyTimeToUtc(dayNumberToYmd(day(today) - HISTORY_DAYS));
  const [shipments, arrivals] = await Promise.all([
    db.$queryRaw<{ plu: string; d: string; units: number; listing_type: string; price: number | null }[]>`
      SELECT sh.plu, to_char(sh.ship_date, 'YYYY-MM-DD') AS d, sh.units, p.listing_type::text, p.retail_price::float8 AS price
        FROM shipments sh JOIN products p ON p.plu = sh.plu
       WHERE sh.board_id = ${boardId} AND sh.ship_date >= ${dayNumberToYmd(day(today) - HISTORY_DAYS)}::date AND sh.ship_date < ${today}::date AND ${HUNTED}`,
    db.$queryRaw<{ plu: string; store_id: number; d: string; bottles: number }[]>`
      SELECT h.plu, h.store_id, to_char((h.checked_at AT TIME ZONE 'America/New_York')::date, 'YYYY-MM-DD') AS d, sum(h.delta)::int AS bottles
        FROM inventory_history h JOIN stores s ON s.id = h.store_id JOIN products p ON p.plu = h.plu
       WHERE s.board_id = ${boardId} AND h.checked_at >= ${since} AND ${ARRIVAL} AND ${HUNTED}
       GROUP BY 1, 2, 3`,
  ]);
  return {
    shipments: shipments.map((s) => ({ plu: s.plu, day: day(s.d), units: s.units, listingType: s.listing_type, price: s.price })),
    arrivals: arrivals.map((a) => ({ plu: a.plu, storeId: a.store_id, day: day(a.d), bottles: Math.max(1, a.bottles) })),
  };
}

export interface ForecastRun {
  /** Shipments forecast, new or grown. */
  incoming: number;
  forecasts: number;
  named: number;
  /** Of them, shipments forecast before whose units a later extract the same day raised (re-forecast in place). */
  grown: number;
}

/**
 * Forecasts every shipment of a hunted product dated in the last FORECAST_RECENT_DAYS that has none yet: run after
 * each shipments run (lib/ingest/runner.ts). A shelf board learns from its own history; a one-store board names
 * its store; any other board is named as a whole. A shipment already forecast whose units a later extract raised
 * (a second extract the same day adds to the day's row) is forecast again in place, while none of its bottles has
 * shown: more bottles reach more stores. Its incoming keeps its id, so nobody is alerted twice about it.
 */
export async function forecastNewShipments(now: Date): Promise<ForecastRun> {
  const today = nyDate(now);
  // `grown`: forecast before, with fewer units (the rest of the WHERE keeps only those that may be forecast again).
  const fresh = await db.$queryRaw<{ id: bigint; plu: string; board_id: number; d: string; units: number; listing_type: string; price: number | null; grown: boolean }[]>`
    SELECT sh.id, sh.plu, sh.board_id, to_char(sh.ship_date, 'YYYY-MM-DD') AS d, sh.units, p.listing_type::text, p.retail_price::float8 AS price,
           EXISTS (SELECT 1 FROM incoming g WHERE g.shipment_id = sh.id) AS grown
      FROM shipments sh JOIN products p ON p.plu = sh.plu
     WHERE sh.ship_date BETWEEN ${dayNumberToYmd(day(today) - FORECAST_RECENT_DAYS)}::date AND ${today}::date AND ${HUNTED}
       AND NOT EXISTS (SELECT 1 FROM incoming i WHERE i.shipment_id = sh.id
                        AND (i.units >= sh.units OR i.status = 'closed'
                             OR EXISTS (SELECT 1 FROM forecasts a WHERE a.incoming_id = i.id AND a.outcome <> 'open')))
     ORDER BY sh.board_id, sh.id`;
  if (!fresh.length) return { incoming: 0, forecasts: 0, named: 0, grown: 0 };
  const boards = await boardFacts();
  const models = new Map<number, BoardModel>();
  const planned: { sh: (typeof fresh)[number]; precision: BoardPrecision; rows: StoreForecast[] }[] = [];
  for (const sh of fresh) {
    const facts = boards.get(sh.board_id);
    if (!facts) continue;
    const shipment: ShipmentFact = { plu: sh.plu, day: day(sh.d), units: sh.units, listingType: sh.listing_type, price: sh.price };
    let rows: StoreForecast[];
    if (facts.precision === 'shelf') {
      let model = models.get(sh.board_id);
      if (!model) {
        const [history, patterns] = await Promise.all([boardHistory(sh.board_id, today), deliveryPatterns(sh.board_id)]);
        model = learnBoard(matchHistory(history.shipments, history.arrivals), patterns, { boardName: facts.name });
        models.set(sh.board_id, model);
      }
      rows = forecastShelfBoard(model, shipment);
      // Nothing to learn from yet (a board read for a few days only): the board as a whole, with the prior window.
      if (!rows.length) rows = [forecastBoard(shipment)];
    } else if (facts.precision === 'store_by_shipment' && facts.onlyStore) {
      rows = [forecastOneStore(facts.onlyStore.store_id, shipment)];
    } else {
      rows = [forecastBoard(shipment)];
    }
    planned.push({ sh, precision: facts.precision, rows });
  }
  // Two statements for the whole day's extract, in one transaction; a grown shipment's rows are replaced in place
  // (a store named before keeps when it was first named).
  const rows = planned.flatMap((p) => p.rows.map((r) => ({ shipmentId: p.sh.id, ...r })));
  await db.$transaction(async (tx) => {
    await tx.$executeRaw`
      INSERT INTO incoming (shipment_id, plu, board_id, ship_date, units, precision, created_at)
      SELECT * FROM unnest(${planned.map((p) => p.sh.id)}::bigint[], ${planned.map((p) => p.sh.plu)}::text[], ${planned.map((p) => p.sh.board_id)}::int[],
                           ${planned.map((p) => dateOf(day(p.sh.d)))}::date[], ${planned.map((p) => p.sh.units)}::int[], ${planned.map((p) => p.precision)}::text[])
             AS r(shipment_id, plu, board_id, ship_date, units, precision), LATERAL (SELECT ${now}::timestamptz) AS t(created_at)
      ON CONFLICT (shipment_id) DO UPDATE SET units = EXCLUDED.units WHERE incoming.status = 'open'`;
    await tx.$executeRaw`
      INSERT INTO forecasts (incoming_id, store_id, likelihood, first_likelihood, named, basis, reason, expected_date, window_start, window_end, named_at, updated_at)
      SELECT i.id, r.store_id, r.likelihood, r.likelihood, r.named, r.basis, r.reason, r.expected, r.ws, r.we, CASE WHEN r.named THEN ${now}::timestamptz END, ${now}
        FROM unnest(${rows.map((r) => r.shipmentId)}::bigint[], ${rows.map((r) => r.storeId)}::int[], ${rows.map((r) => r.likelihood)}::real[], ${rows.map((r) => r.named)}::boolean[],
                    ${rows.map((r) => r.basis)}::text[], ${rows.map((r) => r.reason)}::text[], ${rows.map((r) => (r.expected === null ? null : dateOf(r.expected)))}::date[],
                    ${rows.map((r) => dateOf(r.windowStart))}::date[], ${rows.map((r) => dateOf(r.windowEnd))}::date[])
          AS r(shipment_id, store_id, likelihood, named, basis, reason, expected, ws, we)
        JOIN incoming i ON i.shipment_id = r.shipment_id AND i.status = 'open'
      ON CONFLICT (incoming_id, store_id) DO UPDATE
        SET likelihood = EXCLUDED.likelihood, first_likelihood = EXCLUDED.first_likelihood, named = EXCLUDED.named, basis = EXCLUDED.basis, reason = EXCLUDED.reason,
            expected_date = EXCLUDED.expected_date, window_start = EXCLUDED.window_start, window_end = EXCLUDED.window_end,
            named_at = CASE WHEN EXCLUDED.named THEN COALESCE(forecasts.named_at, EXCLUDED.named_at) END, updated_at = EXCLUDED.updated_at
        WHERE forecasts.outcome = 'open'`;
  });
  return { incoming: planned.length, forecasts: rows.length, named: rows.filter((r) => r.named).length, grown: planned.filter((p) => p.sh.grown).length };
}

export interface EvidenceRun {
  arrived: number;
  reweighed: number;
  closed: number;
  scored: number;
}

/**
 * The shelves' evidence, after every cycle: an open row whose store got the product inside its window (the
 * latest incoming of that product and board before the arrival takes it) is `arrived`, with its lead; the
 * other rows of a shipment whose bottles have partly shown elsewhere get the likelihood of what is left (named
 * from NAME_AT, un-named below it); rows whose window has passed close (`not_arrived`, or `unscorable` where no
 * shelf is read); an incoming closes with its last row; and every new shelf arrival of a hunted product is scored.
 */
export async function updateForecasts(now: Date): Promise<EvidenceRun> {
  const today = nyDate(now);
  // The open rows of shelf boards first (a few thousand at most), then each one's rises by (plu, type, time).
  const arrived = await db.$executeRaw`
    WITH open AS MATERIALIZED (
      SELECT f.id, f.store_id, i.plu, i.board_id, i.ship_date,
             (f.window_start::timestamp AT TIME ZONE 'America/New_York') AS opens,
             ((f.window_end + 1)::timestamp AT TIME ZONE 'America/New_York') AS closes
        FROM forecasts f JOIN incoming i ON i.id = f.incoming_id
       WHERE f.outcome = 'open' AND i.precision = 'shelf'),
    hit AS (
      SELECT DISTINCT ON (o.id) o.id, h.checked_at
        FROM open o
        JOIN inventory_history h ON h.plu = o.plu AND ${ARRIVAL} AND h.checked_at >= o.opens AND h.checked_at < o.closes AND h.checked_at <= ${now}
        JOIN stores st ON st.id = h.store_id AND st.board_id = o.board_id AND (o.store_id IS NULL OR st.id = o.store_id)
       WHERE (h.checked_at AT TIME ZONE 'America/New_York')::date > o.ship_date
         AND NOT EXISTS (SELECT 1 FROM incoming later WHERE later.board_id = o.board_id AND later.plu = o.plu
                          AND later.ship_date > o.ship_date AND later.ship_date < (h.checked_at AT TIME ZONE 'America/New_York')::date)
       ORDER BY o.id, h.checked_at)
    UPDATE forecasts f SET outcome = 'arrived', arrived_at = hit.checked_at, closed_at = ${now}, updated_at = ${now},
           lead_minutes = CASE WHEN f.named THEN floor(extract(epoch FROM hit.checked_at - f.named_at) / 60)::int END
      FROM hit WHERE hit.id = f.id`;

  // Bottles of each open shelf shipment already seen at its board's stores (its arrived rows), for its rows whose
  // window has not opened: those rows first (a few thousand at most), then their incomings' arrived rows.
  const open = await db.$queryRaw<{ id: bigint; incoming_id: bigint; first: number; units: number }[]>`
    SELECT f.id, f.incoming_id, f.first_likelihood AS first, i.units
      FROM forecasts f JOIN incoming i ON i.id = f.incoming_id
     WHERE f.outcome = 'open' AND i.precision = 'shelf' AND f.window_start > ${today}::date`;
  const incomingIds = [...new Set(open.map((r) => r.incoming_id))];
  const seen = new Map<bigint, number>();
  if (incomingIds.length) {
    const rows = await db.$queryRaw<{ incoming_id: bigint; bottles: number }[]>`
      SELECT a.incoming_id, sum(GREATEST(h.delta, 1))::int AS bottles
        FROM forecasts a JOIN incoming i ON i.id = a.incoming_id
        JOIN inventory_history h ON h.store_id = a.store_id AND h.plu = i.plu AND h.checked_at = a.arrived_at
       WHERE a.incoming_id = ANY(${incomingIds}::bigint[]) AND a.outcome = 'arrived'
       GROUP BY a.incoming_id`;
    for (const r of rows) seen.set(r.incoming_id, r.bottles);
  }
  const changed = open
    .filter((r) => (seen.get(r.incoming_id) ?? 0) > 0)
    .map((r) => ({ id: r.id, likelihood: remainingLikelihood(r.first, r.units, seen.get(r.incoming_id)!) }));
  let reweighed = 0;
  if (changed.length) {
    reweighed = await db.$executeRaw`
      UPDATE forecasts f SET likelihood = c.l, named = c.l >= ${NAME_AT}, updated_at = ${now},
             named_at = CASE WHEN c.l >= ${NAME_AT} THEN f.named_at ELSE NULL END
        FROM unnest(${changed.map((c) => c.id)}::bigint[], ${changed.map((c) => c.likelihood)}::real[]) AS c(id, l)
       WHERE f.id = c.id AND f.likelihood <> c.l`;
  }

  const closed = await db.$executeRaw`
    UPDATE forecasts f SET outcome = CASE WHEN i.precision = 'shelf' THEN 'not_arrived' ELSE 'unscorable' END::"ForecastOutcome",
           closed_at = ${now}, updated_at = ${now}
      FROM incoming i WHERE i.id = f.incoming_id AND f.outcome = 'open' AND f.window_end < ${today}::date`;
  await db.$executeRaw`
    UPDATE incoming i SET status = 'closed', closed_at = ${now}
     WHERE i.status = 'open' AND NOT EXISTS (SELECT 1 FROM forecasts f WHERE f.incoming_id = i.id AND f.outcome = 'open')`;

  const scored = await scoreArrivals(now);
  return { arrived, reweighed, closed, scored };
}

/**
 * Scores every shelf arrival of a hunted product at a shelf board since forecasts began (the first incoming)
 * that has no score yet: the named row that covered it (its store or the board, its window, named before it; the
 * latest incoming first: nbt_forecast_cover), the lead, and whether that was at least AHEAD_MINUTES ahead.
 */
export async function scoreArrivals(now: Date): Promise<number> {
  return db.$executeRaw`
    INSERT INTO forecast_scores (history_id, board_id, store_id, plu, arrived_at, forecast_id, lead_minutes, ahead)
    SELECT h.id, s.board_id, h.store_id, h.plu, h.checked_at, cover.forecast_id, cover.lead_minutes,
           COALESCE(cover.lead_minutes >= ${AHEAD_MINUTES}, false)
      FROM inventory_history h JOIN stores s ON s.id = h.store_id JOIN products p ON p.plu = h.plu
      JOIN board_sources bs ON bs.board_id = s.board_id AND bs.enabled
      -- The covering rule is the SQL function nbt_forecast_cover (migration 20261225000000_forecast_alerts), which
      -- the arrival alerts' "Forecast … ahead" line reads too (lib/alerts/claimed.ts).
      LEFT JOIN LATERAL nbt_forecast_cover(s.board_id, h.store_id, h.plu, h.checked_at) cover ON true
     WHERE ${ARRIVAL} AND ${HUNTED} AND h.checked_at <= ${now} AND h.checked_at > ${new Date(now.getTime() - SCORE_LOOKBACK_DAYS * 86_400_000)}
       AND h.checked_at >= (SELECT min(created_at) FROM incoming)
       AND NOT EXISTS (SELECT 1 FROM forecast_scores fs WHERE fs.history_id = h.id)`;
}

/**
 * New shipments forecast as soon as the shipments run has written (lib/ingest/runner.ts), before that run's alerts
 * are collected, so a shipment and its "on its way" alert are logged together (docs/decisions/028-on-its-way-alerts.md).
 * Never throws: a forecasting problem must not fail a scrape (the cycle's step tries again).
 */
export async function forecastShipmentsRead(now: Date, log: (line: string) => void = () => {}): Promise<void> {
  try {
    const r = await forecastNewShipments(now);
    if (r.incoming) log(`forecasts: ${r.incoming} incoming shipment(s), ${r.named} store(s) or board(s) named`);
  } catch (error) {
    log(`forecasts: ${(error as Error).message}`);
  }
}

/**
 * The scraper's forecasting step after a cycle (lib/ingest/runner.ts): new shipments forecast when the extract was
 * read (normally done already, right after the shipments run), the shelves' evidence and scores every cycle. Never
 * throws: a forecasting problem must not fail a scrape.
 */
export async function forecastAfterCycle(now: Date, extractRead: boolean, log: (line: string) => void = () => {}): Promise<void> {
  if (extractRead) await forecastShipmentsRead(now, log);
  try {
    await updateForecasts(now);
  } catch (error) {
    log(`forecasts: ${(error as Error).message}`);
  }
}
