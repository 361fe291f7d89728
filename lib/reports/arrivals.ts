import 'server-only';
import { ChangeCache } from '../db/changes.ts';
import { db, Prisma } from '../db/index.ts';
import { WAKE_BOARD_ID } from '../reference/boards.ts';
import { addDays, nyDate, nyDayRange } from '../time.ts';
import { ARRIVAL, atBoardStores, HUNTED, isoInstant, type JsonText } from './sql.ts';
import type { ArrivalsReport, AvailableDates } from './types.ts';

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
 * Answers by date and board, kept in memory until the history, the catalog, the stores or the runs change
 * (lib/db/changes.ts): when a delivery lands, hunters refresh this screen by the hundred between two polls.
 */
const arrivalsAnswers = new ChangeCache<string>(['inventory_history', 'products', 'stores', 'scrape_runs', 'board_sources'], 64);

/** The arrivals of a New York date as JSON text (`ArrivalsReport`): the busiest call, so not re-serialised in Node. */
export function arrivalsOn(date: string, boardId: number = WAKE_BOARD_ID): Promise<JsonText<ArrivalsReport>> {
  return arrivalsAnswers.get(`${date}|${boardId}`, () => readArrivals(date, boardId));
}

async function readArrivals(date: string, boardId: number): Promise<JsonText<ArrivalsReport>> {
  const { start, end } = nyDayRange(date);
  const [row] = await db.$queryRaw<{ body: string }[]>`
    SELECT row_to_json(r)::text AS body FROM (
      SELECT true AS success, ${date}::text AS date, json_array_length(list.arrivals) AS total_arrivals, list.arrivals,
             (SELECT ${isoInstant('sr.started_at')} FROM scrape_runs sr
               WHERE sr.source = (SELECT key FROM board_sources WHERE board_id = ${boardId}) AND sr.status IN ('ok', 'partial')
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
export function availableDates(
  currentDate: string,
  direction?: 'previous' | 'next',
  now = new Date(),
  boardId: number = WAKE_BOARD_ID,
): Promise<AvailableDates> {
  const today = nyDate(now);
  return dateAnswers.get(JSON.stringify([currentDate, direction ?? null, today, boardId]), () => readAvailableDates(currentDate, direction, today, boardId));
}

/** Answers by date, direction, New York date and board, kept like the arrivals (the same tables). Shared: never modify. */
const dateAnswers = new ChangeCache<AvailableDates>(['inventory_history', 'products', 'stores'], 256);

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
  return { success: true, allAvailableDates: dates, availableDate };
}
