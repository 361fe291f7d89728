import 'server-only';
import { createHash } from 'node:crypto';
import { ChangeCache } from '../db/changes.ts';
import { db, Prisma } from '../db/index.ts';
import { addDays, nyDate, nyDayRange } from '../time.ts';
import { ApiError } from '../api/errors.ts';
import { HUNTED_TYPES, LISTING_TYPES, type ListingType } from '../catalog/hunted.ts';
import { productSearch, type JsonText } from './sql.ts';
import type { TimePeriod, WarehouseInventory, WarehouseMeta } from './types.ts';

// Warehouse Inventory: per product with warehouse levels, the level now and the peak and low over the
// period (the level in force at the period start counts, dated the start), from warehouse_levels.
//
// `meta.file_modified`, the ETag, is a hash of the answer itself (everything but the version): it changes
// whenever anything the answer shows would, a product's name or type included. (It was built from two
// timestamps once, and answered 304 to a kept tag after a rename: a version of the data read can miss what
// the answer shows, a hash of the answer cannot.) In production the whole answer, ETag included, is kept in
// memory until warehouse levels or the catalog are written (lib/db/changes.ts), so a kept answer's 304
// costs no query at all; without the change feed a revalidation reads the answer, as a 200 would.
//
// Only the requested listing types are answered, by default the hunted ones. Listed, the everyday stock, is
// ~3,000 of the catalog's products: a whole-catalog answer is ~1 MB and takes too long to build on every
// request, and nobody reads 3,000 cards on a phone, so Listed products come only as the matches of a search
// (the first LISTED_SEARCH_LIMIT by name; meta.listedMatches says how many there are). The version includes
// the type set and the search, so each answer has its own.

/** Listed products (the everyday catalog, ~3,000) are answered only for a search, at most this many. */
export const LISTED_SEARCH_LIMIT = 100;
export const MIN_LISTED_SEARCH = 2;

/** 304 (the client's version is current), or the answer as JSON text (~85 KB for the hunted types). */
export type WarehouseAnswer = { notModified: true; etag: string } | { notModified: false; etag: string; json: JsonText<WarehouseInventory> };

/** The New York dates a period covers, both included. */
export function periodRange(period: TimePeriod, now = new Date()): { startDate: string; endDate: string } {
  const today = nyDate(now);
  const startDate = period === 'current_month' ? `${today.slice(0, 8)}01` : addDays(today, period === 'last_30_days' ? -29 : -89);
  return { startDate, endDate: today };
}

/** True when an If-None-Match header names this version (quoted or not, weak or not, in a list, or *). */
export function matchesEtag(ifNoneMatch: string | null, version: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim().replace(/^W\//, '').replace(/^"(.*)"$/, '$1');
    return t === '*' || t === version;
  });
}

/** The version of an answer: a hash of everything it says. */
function answerVersion(products: string, meta: Omit<WarehouseMeta, 'file_modified'>): string {
  return createHash('sha256').update(products).update('\n').update(JSON.stringify(meta)).digest('base64url').slice(0, 24);
}

/**
 * `listing_type IN ('Allocation', …)` as literals (the names come from LISTING_TYPES, never from input): with
 * constants the planner knows how few products the hunted types are; with an array parameter it guesses most
 * of the catalog, prices the per-product lookups far too high and spends ~25 ms compiling the query (JIT).
 */
const typeList = (types: readonly ListingType[]) => Prisma.raw(`(${types.map((t) => `'${t}'`).join(', ')})`);

export interface WarehouseRequest {
  /** The listing types to answer, in LISTING_TYPES order (default: the hunted ones). */
  listingTypes?: readonly ListingType[];
  /** Name (contains) or PLU (starts with); required, 2+ characters, when Listed is asked for. */
  search?: string;
}

export async function warehouseInventory(
  period: TimePeriod,
  ifNoneMatch: string | null,
  request: WarehouseRequest = {},
  now = new Date(),
): Promise<WarehouseAnswer> {
  const { startDate, endDate } = periodRange(period, now);
  const types = LISTING_TYPES.filter((t) => (request.listingTypes ?? HUNTED_TYPES).includes(t));
  const search = (request.search ?? '').trim();
  const withListed = types.includes('Listed');
  if (withListed && search.length < MIN_LISTED_SEARCH) {
    throw new ApiError('bad_request', `Listed products need a search: a name or PLU of at least ${MIN_LISTED_SEARCH} characters`);
  }
  const key = JSON.stringify([period, startDate, endDate, types, search]);
  const answer = await warehouseAnswers.get(key, () => readWarehouse(period, startDate, endDate, types, search));
  if (matchesEtag(ifNoneMatch, answer.etag)) return { notModified: true, etag: answer.etag };
  return { notModified: false, ...answer };
}

/**
 * Answers by period, dates, types and search, kept in memory until warehouse levels or the catalog change
 * (lib/db/changes.ts): the levels are written once a cycle, and hunters open the same few lists.
 */
const warehouseAnswers = new ChangeCache<{ etag: string; json: JsonText<WarehouseInventory> }>(['warehouse_levels', 'products'], 32);

async function readWarehouse(
  period: TimePeriod,
  startDate: string,
  endDate: string,
  types: ListingType[],
  search: string,
): Promise<{ etag: string; json: JsonText<WarehouseInventory> }> {
  const withListed = types.includes('Listed');
  const from = nyDayRange(startDate).start.toISOString();
  const until = nyDayRange(endDate).end.toISOString();
  const fromEpoch = Date.parse(from) / 1000;
  const matches = productSearch(search);
  const others = types.filter((t) => t !== 'Listed');
  // Listed matches that have warehouse levels (the others would not be answered): so the first
  // LISTED_SEARCH_LIMIT are all answered and listedMatches counts what could be.
  const listedMatching = Prisma.sql`p.listing_type = 'Listed' ${matches} AND EXISTS (SELECT 1 FROM warehouse_levels w WHERE w.plu = p.plu)`;
  // The products first: the requested hunted types whole, Listed only as the first LISTED_SEARCH_LIMIT
  // search matches by name. Then, per product, its levels in the period through the (plu, checked_at)
  // index, so the cost follows the products answered, not the whole catalog's levels.
  const chosen = Prisma.join(
    [
      ...(others.length ? [Prisma.sql`SELECT p.plu FROM products p WHERE p.listing_type IN ${typeList(others)} ${matches}`] : []),
      ...(withListed
        ? [Prisma.sql`(SELECT p.plu FROM products p WHERE ${listedMatching} ORDER BY p.name, p.plu LIMIT ${LISTED_SEARCH_LIMIT})`]
        : []),
    ],
    ' UNION ALL ',
  );
  const listedMatches = withListed
    ? Prisma.sql`(SELECT count(*)::int FROM products p WHERE ${listedMatching})`
    : Prisma.sql`NULL::int`;
  // Levels are aggregated as int8 keys (plain max/min, one pass, no sorting), m being the minutes since the
  // period start (< 2^18 for 92 days):
  //   peak  = max(total << 18 | (2^18 - 1 - m))  the highest level, the earliest among equals
  //   low   = min(total << 18 | m)               the lowest level, the earliest among equals
  //   last  = max(m << 32 | total + 2^31)        the latest level
  // The level in force at the start (the last one before it) counts too, dated the start.
  const [row] = await db.$queryRaw<{ count: number; products: string; listed_matches: number | null }[]>`
    WITH chosen AS (${chosen}), levels AS (
      SELECT c.plu, lv.peak_key, lv.low_key, lv.last_key, before.total AS start_total
      FROM chosen c
      CROSS JOIN LATERAL (
        SELECT max((total << 18) | (262143 - m)) AS peak_key, min((total << 18) | m) AS low_key,
               max((m << 32) | (total + 2147483648)) AS last_key
        FROM (SELECT w.total_available::bigint AS total, floor((date_part('epoch', w.checked_at) - ${fromEpoch}::float8) / 60)::bigint AS m
              FROM warehouse_levels w
              WHERE w.plu = c.plu AND w.checked_at >= ${from}::timestamptz AND w.checked_at < ${until}::timestamptz) r
      ) lv
      LEFT JOIN LATERAL (
        SELECT w.total_available::bigint AS total FROM warehouse_levels w
        WHERE w.plu = c.plu AND w.checked_at < ${from}::timestamptz
        ORDER BY w.checked_at DESC LIMIT 1
      ) before ON true
      WHERE lv.last_key IS NOT NULL OR before.total IS NOT NULL
    ), decoded AS (
      SELECT plu, start_total,
             (last_key & 4294967295) - 2147483648 AS last_total,
             peak_key >> 18 AS peak_total, 262143 - (peak_key & 262143) AS peak_m,
             low_key >> 18 AS low_total, low_key & 262143 AS low_m
      FROM levels
    ), result AS (
      SELECT plu,
             COALESCE(last_total, start_total) AS current_inventory,
             CASE WHEN peak_total IS NULL OR start_total >= peak_total THEN start_total ELSE peak_total END AS peak_inventory,
             CASE WHEN peak_total IS NULL OR start_total >= peak_total THEN 0 ELSE peak_m END AS peak_m,
             CASE WHEN low_total IS NULL OR start_total <= low_total THEN start_total ELSE low_total END AS low_inventory,
             CASE WHEN low_total IS NULL OR start_total <= low_total THEN 0 ELSE low_m END AS low_m
      FROM decoded
    )
    SELECT count(*)::int AS count, ${listedMatches} AS listed_matches,
           COALESCE(json_agg(x ORDER BY x.product_name, x.plu), '[]'::json)::text AS products
    FROM (
      SELECT p.name AS product_name, p.plu, p.plu AS nc_code, p.listing_type, p.retail_price, p.bottles_per_case,
             r.current_inventory, r.peak_inventory,
             to_char((${from}::timestamptz + r.peak_m * interval '1 minute') AT TIME ZONE 'America/New_York', 'YYYY-MM-DD') AS peak_inventory_date,
             r.low_inventory,
             to_char((${from}::timestamptz + r.low_m * interval '1 minute') AT TIME ZONE 'America/New_York', 'YYYY-MM-DD') AS low_inventory_date,
             p.image_url, p.image_path
      FROM result r JOIN products p ON p.plu = r.plu
    ) x`;
  const facts = {
    timePeriod: period,
    startDate,
    endDate,
    listingTypes: types,
    search,
    count: row.count,
    listedMatches: row.listed_matches,
    listedLimit: LISTED_SEARCH_LIMIT,
  };
  const version = answerVersion(row.products, facts);
  const meta: WarehouseMeta = { file_modified: version, ...facts };
  return { etag: version, json: `{"success":true,"products":${row.products},"meta":${JSON.stringify(meta)}}` };
}
