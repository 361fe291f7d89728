import { db } from '../db/index.ts';
import { addDays, nyDate } from '../time.ts';
import { toListingType } from './listing-type.ts';
import type { RunOutcome } from './runs.ts';
import { isSourceError } from './sources/errors.ts';
import { fetchWarehouseStock, type WarehouseRow } from './sources/warehouse.ts';

/**
 * Reads the warehouse report of North Carolina's calendar day. Just after midnight the day's table can be
 * empty ("no data yet", never "all zero"): then the previous day's final report keeps levels current
 * instead of leaving a gap. Both empty is still "no data yet" (a no_data SourceError).
 */
export async function pollWarehouse(
  now: Date,
  signal?: AbortSignal,
  /** Runs the write (the scraper: again on a new connection when it was lost). */
  write: <T>(work: () => Promise<T>) => Promise<T> = (work) => work(),
): Promise<RunOutcome> {
  const today = nyDate(now);
  let reportDate = today;
  let rows: WarehouseRow[];
  try {
    rows = await fetchWarehouseStock({ signal });
  } catch (error) {
    if (!isSourceError(error) || error.kind !== 'no_data') throw error;
    reportDate = addDays(today, -1);
    rows = await fetchWarehouseStock({ signal, reportDate });
  }
  const result = await write(() => applyWarehouseSnapshot(now, rows));
  return {
    status: 'ok',
    itemsSeen: rows.length,
    changesWritten: result.levelsWritten,
    error: reportDate === today ? null : `today's report (${today}) has no rows yet; read ${reportDate}'s final report instead`,
    details: { ...result, reportDate },
  };
}

// One warehouse stock report -> warehouse_levels. A row is written only when a product's "Total
// Available" differs from its last recorded level, so the table holds every change (rises on receipt,
// drawdown through the day) without a row per product per poll. Products new to the catalog are added;
// the report's listing type is authoritative. Products missing from a report are not zero: no row. A new label
// and stock appearing from none are steps of a product's journey (product_events, issue 40).

export async function applyWarehouseSnapshot(
  checkedAt: Date,
  rows: (Pick<WarehouseRow, 'ncCode' | 'brandName' | 'listingType' | 'totalAvailable'> & { sizeMl?: number | null })[],
) {
  const plus = rows.map((r) => r.ncCode);
  const names = rows.map((r) => r.brandName);
  const types = rows.map((r) => toListingType(r.listingType));
  const sizes = rows.map((r) => r.sizeMl ?? null);
  const totals = rows.map((r) => r.totalAvailable);
  const day = nyDate(checkedAt);
  return db.$transaction(async (tx) => {
    // The first report ever read is a baseline: what it holds and how it labels things was not received or
    // relabelled that day, so it dates no step of a product's journey.
    const [{ baseline }] = await tx.$queryRaw<{ baseline: boolean }[]>`
      SELECT NOT EXISTS (SELECT 1 FROM warehouse_levels WHERE checked_at < ${checkedAt}) AS baseline`;
    // A PLU new to the catalog is added with the report's type: a blank or new label is Unknown, a new
    // release (lib/catalog/hunted.ts) until a later report classifies it.
    const newProducts = await tx.$executeRaw`
      INSERT INTO products (plu, name, listing_type, size_ml, created_at, updated_at)
      SELECT plu, name, type::"ListingType", size, ${checkedAt}, ${checkedAt}
        FROM unnest(${plus}::text[], ${names}::text[], ${types}::text[], ${sizes}::int[]) AS r(plu, name, type, size)
      ON CONFLICT (plu) DO NOTHING`;
    // A new label is a step of the product's journey (a new release classified, a product moved to Allocation).
    const relabelled = await tx.$queryRaw<{ plu: string; from_type: string; to_type: string }[]>`
      SELECT p.plu, p.listing_type::text AS from_type, r.type AS to_type
        FROM products p JOIN unnest(${plus}::text[], ${types}::text[]) AS r(plu, type) ON r.plu = p.plu
       WHERE r.type <> 'Unknown' AND p.listing_type::text <> r.type`;
    const retyped = await tx.$executeRaw`
      UPDATE products p SET listing_type = r.type::"ListingType", updated_at = ${checkedAt}
        FROM unnest(${relabelled.map((r) => r.plu)}::text[], ${relabelled.map((r) => r.to_type)}::text[]) AS r(plu, type)
       WHERE p.plu = r.plu`;
    // Stock appearing where there was none (or a product the warehouse never listed before) is a receipt.
    const received = await tx.$queryRaw<{ plu: string; bottles: number }[]>`
      SELECT r.plu, r.total AS bottles
        FROM unnest(${plus}::text[], ${totals}::int[]) AS r(plu, total)
        LEFT JOIN LATERAL (
          SELECT total_available FROM warehouse_levels w WHERE w.plu = r.plu AND w.checked_at < ${checkedAt} ORDER BY checked_at DESC LIMIT 1
        ) last ON true
       WHERE r.total > 0 AND (last.total_available = 0 OR (last.total_available IS NULL AND NOT ${baseline}))`;
    if (!baseline) {
      await tx.$executeRaw`
        INSERT INTO product_events (plu, kind, day, seen_at, source, from_value, to_value)
        SELECT r.plu, 'listing', ${day}::date, ${checkedAt}, 'warehouse', r.from_type, r.to_type
          FROM unnest(${relabelled.map((r) => r.plu)}::text[], ${relabelled.map((r) => r.from_type)}::text[], ${relabelled.map((r) => r.to_type)}::text[])
               AS r(plu, from_type, to_type)`;
      await tx.$executeRaw`
        INSERT INTO product_events (plu, kind, day, seen_at, source, bottles)
        SELECT r.plu, 'received', ${day}::date, ${checkedAt}, 'warehouse', r.bottles
          FROM unnest(${received.map((r) => r.plu)}::text[], ${received.map((r) => r.bottles)}::int[]) AS r(plu, bottles)`;
    }
    await tx.$executeRaw`
      UPDATE products p SET size_ml = r.size, updated_at = ${checkedAt}
        FROM unnest(${plus}::text[], ${sizes}::int[]) AS r(plu, size)
       WHERE p.plu = r.plu AND p.size_ml IS NULL AND r.size IS NOT NULL`;
    const levelsWritten = await tx.$executeRaw`
      INSERT INTO warehouse_levels (plu, checked_at, total_available)
      SELECT r.plu, ${checkedAt}, r.total
        FROM unnest(${plus}::text[], ${totals}::int[]) AS r(plu, total)
        LEFT JOIN LATERAL (
          SELECT total_available FROM warehouse_levels w WHERE w.plu = r.plu ORDER BY checked_at DESC LIMIT 1
        ) last ON true
       WHERE last.total_available IS DISTINCT FROM r.total
      ON CONFLICT (plu, checked_at) DO NOTHING`;
    return { newProducts, retyped, levelsWritten, received: baseline ? 0 : received.length };
  });
}
