import 'server-only';
import { jsonTextResponse } from '../api/gzip-once.ts';
import { searchCondition } from '../db/search.ts';
import { Prisma } from '../db/index.ts';
import { searchWords } from '../text/search.ts';
import { HUNTED_SQL } from '../catalog/hunted.ts';
import { WAKE_BOARD_ID } from '../reference/boards.ts';

// Shared pieces of the report queries. The reports build their answers as JSON inside Postgres
// (json_agg over rows whose column names are the contract's field names): one round trip, exact field
// names and types (numeric prices become JSON numbers, bigint ids plain numbers), and no per-row work in
// Node for lists of thousands of rows. Large answers (hundreds of KB: warehouse, store history and
// inventory, shipments) come back as JSON text and go out as the response body unchanged, instead of
// being parsed into objects and serialised again. (Statewide shipments are the exception: thousands of
// rows that repeat a few hundred products and boards are rendered faster in Node; see statewide.ts.)

/** JSON text whose content is a T (documentation for the reader; a string at run time). */
export type JsonText<T> = string & { readonly __json?: T };

/**
 * The HTTP answer, to a request with `requestHeaders`, for report JSON text, sent as it is; a large one gzipped once per text rather than by
 * Next on every request (lib/api/gzip-once.ts).
 */
export function jsonResponse(requestHeaders: Headers, text: JsonText<unknown>, headers: Record<string, string> = {}): Promise<Response> {
  return jsonTextResponse(requestHeaders, text, headers);
}

export { WAKE_BOARD_ID };

/**
 * `AND ${atBoardStores('h.store_id', boardId)}`: the row is at one of a board's stores. The board's store ids
 * are read once per statement from the small stores table (an InitPlan), and checked as a filter on the
 * index's store_id (`+ 0` keeps it out of the index condition): as an index condition, Postgres 15 descends
 * the index once per store id and change type (~56 descents per product for Wake), 8 times slower.
 */
export const atBoardStores = (storeIdColumn: string, boardId: number) =>
  Prisma.sql`(${Prisma.raw(storeIdColumn)} + 0) = ANY(ARRAY(SELECT st.id FROM stores st WHERE st.board_id = ${boardId}))`;

/** `listing_type IN ${HUNTED}`: the hunted types (lib/catalog/hunted.ts) as literals the planner sees. */
export const HUNTED = Prisma.raw(HUNTED_SQL);

/** `change_type IN ${ARRIVAL}`: history rows that are arrivals (stock went up). */
export const ARRIVAL = Prisma.raw(`('first', 'increase')`);

/** Used when the catalog does not know a product's case size: 6 is the most common case for spirits. */
export const DEFAULT_BOTTLES_PER_CASE = 6;

/** ISO-8601 UTC text of a timestamptz column, e.g. 2026-03-10T14:15:00.000Z. */
export const isoInstant = (column: string) => Prisma.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The New York calendar date of a timestamptz column (a SQL date). */
export const nyDateOf = (column: string) => Prisma.raw(`(${column} AT TIME ZONE 'America/New_York')::date`);

/** 0 for hunted listing types, 1 for Listed: `ORDER BY ${huntedFirst('p.listing_type')}`. */
export const huntedFirst = (column: string) => Prisma.raw(`(CASE WHEN ${column} IN ${HUNTED_SQL} THEN 0 ELSE 1 END)`);

/** Cases for a number of bottles: rounded up, at least 1 when there are any (unknown case size: 6). */
export function casesOf(bottles: number, bottlesPerCase: number | null): number {
  if (!(bottles > 0)) return 0;
  const perCase = bottlesPerCase && bottlesPerCase > 0 ? bottlesPerCase : DEFAULT_BOTTLES_PER_CASE;
  return Math.max(1, Math.ceil(bottles / perCase));
}

/** SQL twin of casesOf for a units column and a bottles_per_case column. */
export const casesSql = (units: string, bottlesPerCase: string) =>
  Prisma.raw(
    `(CASE WHEN ${units} > 0 THEN ceil(${units}::numeric / COALESCE(NULLIF(${bottlesPerCase}, 0), ${DEFAULT_BOTTLES_PER_CASE}))::int ELSE 0 END)`,
  );

/** The Store fields of the contract, from a `stores` alias. */
export const storeFields = (s: string) =>
  Prisma.raw(
    `${s}.id AS store_id, ${s}.store_number, ${s}.nickname, ${s}.address, ${s}.city, ${s}.region, ${s}.phone, ${s}.hours,
     ${s}.mixed_beverage::int AS mixed_beverage, ${s}.delivery_day, ${s}.delivery_interval_days,
     to_char(${s}.last_delivery_date, 'YYYY-MM-DD') AS last_delivery_date`,
  );

/** The short store reference (deliveries, other drops, stock): id, nickname, number, address, mixed beverage. */
export const storeRefFields = (s: string) =>
  Prisma.raw(`${s}.id AS store_id, ${s}.nickname, ${s}.store_number, ${s}.address, ${s}.mixed_beverage::int AS mixed_beverage`);

/** The columns of products `p` that a product search looks at. */
export const PRODUCT_SEARCH = { name: 'p.name', code: 'p.plu' } as const;

/** `AND <the search rule of lib/text/search.ts>` for products `p`: every word in the name or starting the PLU; nothing for ''. */
export function productSearch(term: string) {
  return searchWords(term).length ? Prisma.sql`AND ${searchCondition(term, PRODUCT_SEARCH)}` : Prisma.empty;
}
