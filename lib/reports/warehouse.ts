import { createHash } from 'node:crypto';
import { db, Prisma } from '../db/index.ts';
import { addDays, nyDate, nyDayRange } from '../time.ts';
import { LISTING_TYPES, type ListingType } from './params.ts';
import type { JsonText } from './sql.ts';

// Warehouse Inventory: per product with warehouse levels, the level now and the peak and low over the
// period (the level in force at the period start counts, dated the start), from warehouse_levels.
//
// The answer only changes when warehouse levels are written, the catalog changes or the period's window
// moves to a new day, so `meta.file_modified` is a version of exactly those: it is the ETag, and a request
// whose If-None-Match carries it gets 304 after one cheap query (the latest checked_at comes from the
// (checked_at) index).
//
// Only the requested listing types are computed (by default the hunted ones: Listed, the everyday stock, is
// most of the catalog and most of the JSON); the version includes the type set, so each set has its own.

/** How far before the period start the level in force is looked for in one range scan. */
const LOOKBACK_DAYS = 14;

export const TIME_PERIODS = ['current_month', 'last_30_days', 'last_90_days'] as const;
export type TimePeriod = (typeof TIME_PERIODS)[number];

export interface WarehouseProduct {
  product_name: string;
  plu: string;
  nc_code: string;
  listing_type: string;
  retail_price: number | null;
  bottles_per_case: number | null;
  current_inventory: number;
  peak_inventory: number;
  peak_inventory_date: string;
  low_inventory: number;
  low_inventory_date: string;
  image_url: string | null;
  image_path: string | null;
}

export interface WarehouseMeta {
  file_modified: string;
  timePeriod: TimePeriod;
  startDate: string;
  endDate: string;
  listingTypes: ListingType[];
  count: number;
}

export interface WarehouseBody {
  success: true;
  products: WarehouseProduct[];
  meta: WarehouseMeta;
}

/** 304 (the client's version is current), or the answer as JSON text (~1 MB for the whole catalog). */
export type WarehouseAnswer = { notModified: true; etag: string } | { notModified: false; etag: string; json: JsonText<WarehouseBody> };

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

async function dataVersion(startDate: string, types: readonly ListingType[]): Promise<string> {
  const [row] = await db.$queryRaw<{ levels: Date | null; catalog: Date | null }[]>`
    SELECT (SELECT max(checked_at) FROM warehouse_levels) AS levels, (SELECT max(updated_at) FROM products) AS catalog`;
  const parts = [row.levels?.toISOString() ?? 'none', row.catalog?.toISOString() ?? 'none', startDate, types.join(',')];
  return createHash('sha256').update(parts.join('|')).digest('base64url').slice(0, 24);
}

export async function warehouseInventory(
  period: TimePeriod,
  ifNoneMatch: string | null,
  listingTypes: readonly ListingType[] = LISTING_TYPES,
  now = new Date(),
): Promise<WarehouseAnswer> {
  const { startDate, endDate } = periodRange(period, now);
  const types = LISTING_TYPES.filter((t) => listingTypes.includes(t));
  const version = await dataVersion(startDate, types);
  if (matchesEtag(ifNoneMatch, version)) return { notModified: true, etag: version };

  const from = nyDayRange(startDate).start;
  const until = nyDayRange(endDate).end.toISOString();
  const lookback = new Date(from.getTime() - LOOKBACK_DAYS * 86_400_000).toISOString();
  const fromEpoch = from.getTime() / 1000;
  // Levels are aggregated as int8 keys (plain max/min, one pass, no sorting), m being the minutes since the
  // period start (< 2^18 for 92 days):
  //   peak  = max(total << 18 | (2^18 - 1 - m))  the highest level, the earliest among equals
  //   low   = min(total << 18 | m)               the lowest level, the earliest among equals
  //   last  = max(m << 32 | total + 2^31)        the latest level (also before the start: m < 0)
  // The level in force at the start is the last one before it: from the 14 days before the start when the
  // product changed then (one range scan), else one index probe per remaining product. (OFFSET 0 keeps m
  // computed once per row rather than once per aggregate.) The types are filtered first, in every scan: the
  // products of the requested types (by the listing_type index), then their levels; all types skip it.
  const all = types.length === LISTING_TYPES.length;
  const ofTypes = Prisma.sql`listing_type = ANY(${types}::text[]::"ListingType"[])`;
  const typed = all ? Prisma.empty : Prisma.sql`AND plu IN (SELECT plu FROM products WHERE ${ofTypes})`;
  const catalog = all ? Prisma.sql`products` : Prisma.sql`(SELECT plu FROM products WHERE ${ofTypes})`;
  const [row] = await db.$queryRaw<{ count: number; products: string }[]>`
    WITH period AS (
      SELECT plu, max((total << 18) | (262143 - m)) AS peak_key, min((total << 18) | m) AS low_key,
             max((m << 32) | (total + 2147483648)) AS last_key
      FROM (SELECT plu, total_available::bigint AS total, floor((date_part('epoch', checked_at) - ${fromEpoch}::float8) / 60)::bigint AS m
            FROM warehouse_levels WHERE checked_at >= ${from.toISOString()}::timestamptz AND checked_at < ${until}::timestamptz
              ${typed}
            OFFSET 0) r
      GROUP BY plu
    ), recent AS (
      SELECT plu, max((m << 32) | (total + 2147483648)) AS last_key
      FROM (SELECT plu, total_available::bigint AS total, floor((date_part('epoch', checked_at) - ${fromEpoch}::float8) / 60)::bigint AS m
            FROM warehouse_levels WHERE checked_at >= ${lookback}::timestamptz AND checked_at < ${from.toISOString()}::timestamptz
              ${typed}
            OFFSET 0) r
      GROUP BY plu
    ), levels AS (
      SELECT p.plu, period.peak_key, period.low_key, period.last_key,
             COALESCE((recent.last_key & 4294967295) - 2147483648, older.total) AS start_total
      FROM ${catalog} p
      LEFT JOIN period ON period.plu = p.plu
      LEFT JOIN recent ON recent.plu = p.plu
      LEFT JOIN LATERAL (
        SELECT w.total_available::bigint AS total FROM warehouse_levels w
        WHERE recent.plu IS NULL AND w.plu = p.plu AND w.checked_at < ${lookback}::timestamptz
        ORDER BY w.checked_at DESC LIMIT 1
      ) older ON true
      WHERE period.plu IS NOT NULL OR recent.plu IS NOT NULL OR older.total IS NOT NULL
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
    SELECT count(*)::int AS count, COALESCE(json_agg(x ORDER BY x.product_name, x.plu), '[]'::json)::text AS products
    FROM (
      SELECT p.name AS product_name, p.plu, p.plu AS nc_code, p.listing_type, p.retail_price, p.bottles_per_case,
             r.current_inventory, r.peak_inventory,
             to_char((${from.toISOString()}::timestamptz + r.peak_m * interval '1 minute') AT TIME ZONE 'America/New_York', 'YYYY-MM-DD') AS peak_inventory_date,
             r.low_inventory,
             to_char((${from.toISOString()}::timestamptz + r.low_m * interval '1 minute') AT TIME ZONE 'America/New_York', 'YYYY-MM-DD') AS low_inventory_date,
             p.image_url, p.image_path
      FROM result r JOIN products p ON p.plu = r.plu
    ) x`;
  const meta: WarehouseMeta = { file_modified: version, timePeriod: period, startDate, endDate, listingTypes: types, count: row.count };
  return { notModified: false, etag: version, json: `{"success":true,"products":${row.products},"meta":${JSON.stringify(meta)}}` };
}
