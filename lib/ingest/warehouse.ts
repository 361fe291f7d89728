import { db } from '../db/index.ts';
import { toListingType } from './listing-type.ts';
import type { WarehouseRow } from './sources/warehouse.ts';

// One warehouse stock report -> warehouse_levels. A row is written only when a product's "Total
// Available" differs from its last recorded level, so the table holds every change (rises on receipt,
// drawdown through the day) without a row per product per poll. Products new to the catalog are added;
// the report's listing type is authoritative. Products missing from a report are not zero: no row.

export async function applyWarehouseSnapshot(
  checkedAt: Date,
  rows: Pick<WarehouseRow, 'ncCode' | 'brandName' | 'listingType' | 'totalAvailable'>[],
) {
  const plus = rows.map((r) => r.ncCode);
  const names = rows.map((r) => r.brandName);
  const types = rows.map((r) => toListingType(r.listingType));
  const totals = rows.map((r) => r.totalAvailable);
  return db.$transaction(async (tx) => {
    const newProducts = await tx.$executeRawUnsafe(
      `INSERT INTO products (plu, name, listing_type, created_at, updated_at)
       SELECT plu, name, type::"ListingType", $4, $4 FROM unnest($1::text[], $2::text[], $3::text[]) AS r(plu, name, type)
       ON CONFLICT (plu) DO NOTHING`,
      plus, names, types, checkedAt,
    );
    const retyped = await tx.$executeRawUnsafe(
      `UPDATE products p SET listing_type = r.type::"ListingType", updated_at = $3
       FROM unnest($1::text[], $2::text[]) AS r(plu, type)
       WHERE p.plu = r.plu AND r.type <> 'Unknown' AND p.listing_type::text <> r.type`,
      plus, types, checkedAt,
    );
    const levelsWritten = await tx.$executeRawUnsafe(
      `INSERT INTO warehouse_levels (plu, checked_at, total_available)
       SELECT r.plu, $3, r.total
       FROM unnest($1::text[], $2::int[]) AS r(plu, total)
       LEFT JOIN LATERAL (
         SELECT total_available FROM warehouse_levels w WHERE w.plu = r.plu ORDER BY checked_at DESC LIMIT 1
       ) last ON true
       WHERE last.total_available IS DISTINCT FROM r.total
       ON CONFLICT (plu, checked_at) DO NOTHING`,
      plus, totals, checkedAt,
    );
    return { newProducts, retyped, levelsWritten };
  });
}
