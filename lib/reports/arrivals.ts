import 'server-only';
import { ChangeCache } from '../db/changes.ts';
import { db, Prisma } from '../db/index.ts';
import { WAKE_BOARD_ID } from '../reference/boards.ts';
import { dayWords } from '../reports-client/precision.ts';
import { addDays, nyDate, nyDayRange } from '../time.ts';
import { boardEntry } from './board-directory.ts';
import { dayStatusHoldsUntil, extractDays } from './extract-days.ts';
import { dayNote, type DayContext } from './shipment-days.ts';
import { ARRIVAL, atBoardStores, casesSql, HUNTED, isoInstant, type JsonText } from './sql.ts';
import type { ArrivalsReport, AvailableDates, BoardEntry, BoardShipment, ShipmentDayInfo } from './types.ts';

// Today's Arrivals: inventory increases (first/increase) of hunted products at a covered board's stores
// (Wake by default) on a New York date, and the dates that had any. Indexes (see prisma/schema.prisma):
// - a day's arrivals read the day's increases through (checked_at, change_type) (the day's sales, ~85 %
//   of its rows, are skipped inside the index) and keep the hunted ones by a hash join on the products and
//   the board's stores;
// - the dates with arrivals come from an index-only scan of (plu, change_type, checked_at, store_id) for the
//   hunted products only (a few thousand entries for two months), never from the millions of Listed rows.
//   inventory_history holds every covered board's stores, so the board is a filter on the index's store_id
//   (atBoardStores), not a join.

/**
 * Answers by date and board, kept in memory until the history, the catalog, the stores, the runs or the
 * shipments change (lib/db/changes.ts), and only while the day's shipment status holds (today's report turns
 * late at 12:30 and the day missing at midnight): when a delivery lands, hunters refresh this screen by the
 * hundred between two polls.
 */
const arrivalsAnswers = new ChangeCache<{ json: JsonText<ArrivalsReport>; from: number; until: number }>(
  ['inventory_history', 'products', 'stores', 'scrape_runs', 'boards', 'board_sources', 'shipments', 'shipment_days'],
  64,
);

/**
 * The arrivals of a New York date as JSON text (`ArrivalsReport`): the busiest call, so not re-serialised in
 * Node. `arrivals` are shelf readings only (empty for a board whose shelves are not read); `shipments` are
 * what the state's report says it shipped to the board that day, never merged with them. 404 for an unknown board.
 */
export async function arrivalsOn(date: string, boardId: number = WAKE_BOARD_ID, now = new Date()): Promise<JsonText<ArrivalsReport>> {
  const board = await boardEntry(boardId, now);
  const at = now.getTime();
  const kept = await arrivalsAnswers.get(`${date}|${boardId}`, () => readArrivals(date, board, now), { valid: (k) => k.from <= at && at < k.until });
  return kept.json;
}

async function readArrivals(date: string, board: BoardEntry, now: Date): Promise<{ json: JsonText<ArrivalsReport>; from: number; until: number }> {
  const [shelf, shipments, days] = await Promise.all([
    // A board whose shelves are not read has no shelf arrivals and no shelf check, never its stores' old rows.
    board.shelf ? shelfArrivals(date, board.board_id, board.shelf.source) : Promise.resolve(JSON.stringify({ success: true, date, total_arrivals: 0, arrivals: [], last_check: null })),
    db.$queryRaw<Omit<BoardShipment, 'covers_from' | 'precision' | 'store'>[]>`
      SELECT sh.id::int AS shipment_id, p.name AS bourbon_name, p.plu,
             COALESCE(to_json(p.retail_price), to_json('Not Available'::text)) AS price, p.listing_type,
             sh.units, ${casesSql('sh.units', 'p.bottles_per_case')} AS cases, to_char(sh.ship_date, 'YYYY-MM-DD') AS ship_date
      FROM shipments sh JOIN products p ON p.plu = sh.plu AND p.listing_type IN ${HUNTED}
      WHERE sh.board_id = ${board.board_id} AND sh.ship_date = ${date}::date
      ORDER BY p.name, p.plu`,
    extractDays(addDays(date, -1)),
  ]);
  const shipmentDay = boardShipmentDay(date, board.board_id, { ...days, now });
  const precision = board.precision === 'store_by_shipment' ? ('store_by_shipment' as const) : ('board' as const);
  const rows: BoardShipment[] = shipments.map((s) => ({ ...s, covers_from: shipmentDay.covers_from, precision, store: shipmentStore(board) }));
  // The shelf part is Postgres's JSON text as it is; the board's facts and shipments are appended to it.
  const json = `${shelf.slice(0, -1)},"precision":${JSON.stringify(board.precision)},"total_shipments":${rows.length},"shipments":${JSON.stringify(rows)},"shipment_day":${JSON.stringify(shipmentDay)}}`;
  return { json, from: now.getTime(), until: dayStatusHoldsUntil(date, now) };
}


/** The spec's part of the answer (success, date, total_arrivals, arrivals, last_check) for a shelf board. */
async function shelfArrivals(date: string, boardId: number, source: string): Promise<string> {
  const { start, end } = nyDayRange(date);
  const [row] = await db.$queryRaw<{ body: string }[]>`
    SELECT row_to_json(r)::text AS body FROM (
      SELECT true AS success, ${date}::text AS date, json_array_length(list.arrivals) AS total_arrivals, list.arrivals,
             (SELECT ${isoInstant('sr.started_at')} FROM scrape_runs sr
               WHERE sr.source = ${source} AND sr.status IN ('ok', 'partial')
               ORDER BY sr.started_at DESC LIMIT 1) AS last_check
      FROM (
        SELECT COALESCE(json_agg(a ORDER BY a.last_updated DESC, a.bourbon_name, a.store_number, a.history_id), '[]'::json) AS arrivals
        FROM (
          SELECT h.id AS history_id, p.name AS bourbon_name, p.plu,
                 COALESCE(to_json(p.retail_price), to_json('Not Available'::text)) AS price,
                 p.listing_type, s.id AS store_id, s.store_number, s.nickname AS store_nickname, s.address AS store_address,
                 h.new_quantity, h.previous_quantity, h.delta, h.change_type, ${isoInstant('h.checked_at')} AS last_updated
          FROM inventory_history h
          JOIN products p ON p.plu = h.plu AND p.listing_type IN ${HUNTED}
          JOIN stores s ON s.id = h.store_id AND s.board_id = ${boardId}
          WHERE h.change_type IN ${ARRIVAL}
            AND h.checked_at >= ${start.toISOString()}::timestamptz AND h.checked_at < ${end.toISOString()}::timestamptz
        ) a
      ) list
    ) r`;
  return row.body;
}

/** The store a shipment to this board goes to: its only store when it has one (store_by_shipment), else none known. */
export function shipmentStore(board: BoardEntry): BoardShipment['store'] {
  const s = board.only_store;
  return s ? { store_id: s.store_id, store_number: s.store_number, store_nickname: s.nickname, store_address: s.address } : null;
}

/** What the state's report says about one board's day: its status, the days it covers, when it was read and the words. */
export function boardShipmentDay(date: string, boardId: number, ctx: Omit<DayContext, 'boardId'>): ShipmentDayInfo {
  const day = dayNote(date, { ...ctx, boardId });
  const row = ctx.rows.find((r) => r.shipDate === date && r.applied);
  const coversFrom = row?.coversFrom ?? date;
  const missing: string[] = [];
  for (let d = coversFrom; d < date; d = addDays(d, 1)) missing.push(d);
  return {
    status: day.status,
    covers_from: coversFrom,
    extracted_at: row?.lastExtractedAt ?? null,
    missing_dates: missing,
    note: dayWords(day, ctx.firstTracked),
  };
}

/** How many dates `allAvailableDates` lists (the screens show up to 5 of them). */
export const AVAILABLE_DATES_LIMIT = 30;
/** The first look covers this many days; enough for 30 dates whenever deliveries are weekly. */
const FIRST_WINDOW_DAYS = 62;

/** Distinct New York dates with arrivals in [from, to), newest first, at most `limit`. */
async function datesWithArrivals(boardId: number, from: Date | null, to: Date, limit: number): Promise<string[]> {
  const rows = await db.$queryRaw<{ d: string }[]>`
    SELECT to_char(d, 'YYYY-MM-DD') AS d FROM (
      SELECT DISTINCT (h.checked_at AT TIME ZONE 'America/New_York')::date AS d
      FROM products p
      JOIN inventory_history h ON h.plu = p.plu
      WHERE p.listing_type IN ${HUNTED} AND h.change_type IN ${ARRIVAL} AND ${atBoardStores('h.store_id', boardId)}
        AND h.checked_at < ${to.toISOString()}::timestamptz
        ${from ? Prisma.sql`AND h.checked_at >= ${from.toISOString()}::timestamptz` : Prisma.empty}
    ) x
    ORDER BY d DESC LIMIT ${limit}`;
  return rows.map((r) => r.d);
}

/**
 * The New York date of the latest arrival before `before` (previous), or of the earliest one in
 * [after, until) (next). One index probe per hunted product and change type: ~500 probes, whatever
 * the size of the history.
 */
async function nearestArrivalDate(boardId: number, direction: 'previous' | 'next', bound: { before?: Date; after?: Date; until?: Date }): Promise<string | null> {
  const probe =
    direction === 'previous'
      ? Prisma.sql`h.checked_at < ${bound.before!.toISOString()}::timestamptz ORDER BY h.checked_at DESC`
      : Prisma.sql`h.checked_at >= ${bound.after!.toISOString()}::timestamptz AND h.checked_at < ${bound.until!.toISOString()}::timestamptz ORDER BY h.checked_at`;
  const pick = direction === 'previous' ? Prisma.raw('max') : Prisma.raw('min');
  const [row] = await db.$queryRaw<{ d: string | null }[]>`
    SELECT to_char(${pick}(x.at) AT TIME ZONE 'America/New_York', 'YYYY-MM-DD') AS d
    FROM products p
    CROSS JOIN (VALUES ('first'::"ChangeType"), ('increase'::"ChangeType")) t(change_type)
    CROSS JOIN LATERAL (
      SELECT h.checked_at AS at FROM inventory_history h
      WHERE h.plu = p.plu AND h.change_type = t.change_type AND ${atBoardStores('h.store_id', boardId)} AND ${probe} LIMIT 1
    ) x
    WHERE p.listing_type IN ${HUNTED}`;
  return row?.d ?? null;
}

/**
 * The dates with arrivals at a board's stores (newest first, at most 30, up to today) and, with a direction, the nearest
 * date with arrivals before `currentDate` or after it (up to today).
 */
export async function availableDates(
  currentDate: string,
  direction?: 'previous' | 'next',
  now = new Date(),
  boardId: number = WAKE_BOARD_ID,
): Promise<AvailableDates> {
  const board = await boardEntry(boardId, now);
  const today = nyDate(now);
  return dateAnswers.get(JSON.stringify([currentDate, direction ?? null, today, boardId]), () =>
    board.precision === 'shelf' ? readAvailableDates(currentDate, direction, today, boardId) : shipmentDates(currentDate, direction, today, boardId),
  );
}

/** Answers by date, direction, New York date and board, kept like the arrivals (the same tables). Shared: never modify. */
const dateAnswers = new ChangeCache<AvailableDates>(['inventory_history', 'products', 'stores', 'shipments'], 256);

/**
 * For a board whose shelves are not read: the dates with hunted shipments to it (newest first, at most 30, up
 * to today) and the nearest one before or after `currentDate` (index (board_id, ship_date, plu)).
 */
async function shipmentDates(currentDate: string, direction: 'previous' | 'next' | undefined, today: string, boardId: number): Promise<AvailableDates> {
  const [row] = await db.$queryRaw<{ dates: string[] | null; previous: string | null; next: string | null }[]>`
    WITH hunted AS (
      SELECT sh.ship_date FROM shipments sh JOIN products p ON p.plu = sh.plu AND p.listing_type IN ${HUNTED}
      WHERE sh.board_id = ${boardId} AND sh.ship_date <= ${today}::date
    )
    SELECT (SELECT array_agg(to_char(d, 'YYYY-MM-DD') ORDER BY d DESC) FROM (SELECT DISTINCT ship_date AS d FROM hunted ORDER BY 1 DESC LIMIT ${AVAILABLE_DATES_LIMIT}) x) AS dates,
           (SELECT to_char(max(ship_date), 'YYYY-MM-DD') FROM hunted WHERE ship_date < ${currentDate}::date) AS previous,
           (SELECT to_char(min(ship_date), 'YYYY-MM-DD') FROM hunted WHERE ship_date > ${currentDate}::date) AS next`;
  const availableDate = direction === 'previous' ? row.previous : direction === 'next' && currentDate < today ? row.next : null;
  return { success: true, allAvailableDates: row.dates ?? [], availableDate, basis: 'shipments' };
}

async function readAvailableDates(currentDate: string, direction: 'previous' | 'next' | undefined, today: string, boardId: number): Promise<AvailableDates> {
  const endOfToday = nyDayRange(today).end;
  let dates = await datesWithArrivals(boardId, nyDayRange(addDays(today, -FIRST_WINDOW_DAYS)).start, endOfToday, AVAILABLE_DATES_LIMIT);
  if (dates.length < AVAILABLE_DATES_LIMIT) dates = await datesWithArrivals(boardId, null, endOfToday, AVAILABLE_DATES_LIMIT);
  // `dates` holds every date with arrivals from its oldest entry up to today (all of them when it is not
  // full), so the neighbours of a date in that range are read from it; older dates ask the database.
  const complete = dates.length < AVAILABLE_DATES_LIMIT;
  const covered = (date: string) => complete || date >= dates[dates.length - 1];
  let availableDate: string | null = null;
  if (direction === 'previous') {
    const earlier = dates.find((d) => d < currentDate);
    if (earlier || complete) availableDate = earlier ?? null;
    else availableDate = await nearestArrivalDate(boardId, 'previous', { before: nyDayRange(currentDate).start });
  } else if (direction === 'next' && currentDate < today) {
    if (covered(currentDate)) availableDate = [...dates].reverse().find((d) => d > currentDate) ?? null;
    else availableDate = await nearestArrivalDate(boardId, 'next', { after: nyDayRange(currentDate).end, until: endOfToday });
  }
  return { success: true, allAvailableDates: dates, availableDate, basis: 'shelf' };
}
