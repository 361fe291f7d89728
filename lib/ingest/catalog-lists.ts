import { NEW_RELEASE_TYPE } from '../catalog/hunted.ts';
import { db } from '../db/index.ts';
import { nyDate } from '../time.ts';
import { MIN_SHARE_OF_PREVIOUS } from './judge-extract.ts';
import type { RunOutcome } from './runs.ts';
import { SourceError } from './sources/errors.ts';
import { ALLOCATED_LIST_SOURCE, fetchAllocatedList, type AllocatedList } from './sources/allocated-list.ts';
import { fetchPriceList, PRICE_LIST_SOURCE, type PriceListRow } from './sources/price-list.ts';

// The Commission's two catalog lists (issue 40, sources.md §5), read once a day: the price list names new NC codes
// and price changes about a month ahead, the allocated and limited list says which products are allocated or
// limited now. The catalog learns from both, and each step they show — a product announced, its price changed, its
// move onto or off the allocated list — is a product_events row with its New York day, the journey's first steps.
//
// The first whole read of a list is a baseline: it fills the catalog but dates nothing (what it holds was not
// announced that day). A read much shorter than the last whole one is suspect, not a mass delisting: it fails and
// writes nothing, as a short shipments extract does (lib/ingest/judge-extract.ts).

export const PRICE_LIST_KEY = 'price_list';
export const ALLOCATED_LIST_KEY = 'allocated_list';

type Write = <T>(work: () => Promise<T>) => Promise<T>;

/** The last whole read's row count, or null before any (a baseline). */
async function lastWholeRead(source: string): Promise<number | null> {
  const run = await db.scrapeRun.findFirst({ where: { source, status: 'ok' }, orderBy: { startedAt: 'desc' }, select: { itemsSeen: true } });
  return run ? run.itemsSeen : null;
}

/** Refuses a list with fewer rows than MIN_SHARE_OF_PREVIOUS of the last whole one. */
function refuseShort(source: string, rows: number, previous: number | null): void {
  if (previous !== null && rows < previous * MIN_SHARE_OF_PREVIOUS) {
    throw new SourceError({
      kind: 'parse',
      source,
      reason: `${rows} rows where the last whole list had ${previous}: too short to be the whole list (a cut file, not a mass delisting); nothing written`,
    });
  }
}

export async function pollPriceList(now: Date, signal?: AbortSignal, write: Write = (work) => work()): Promise<RunOutcome> {
  const rows = await fetchPriceList({ signal });
  const previous = await lastWholeRead(PRICE_LIST_KEY);
  refuseShort(PRICE_LIST_SOURCE, rows.length, previous);
  const result = await write(() => applyPriceList(now, rows, previous === null));
  return { status: 'ok', itemsSeen: rows.length, changesWritten: result.added + result.priceChanges, error: null, details: { ...result, baseline: previous === null } };
}

export async function pollAllocatedList(now: Date, signal?: AbortSignal, write: Write = (work) => work()): Promise<RunOutcome> {
  const list = await fetchAllocatedList({ signal });
  const previous = await lastWholeRead(ALLOCATED_LIST_KEY);
  refuseShort(ALLOCATED_LIST_SOURCE, list.items.length, previous);
  const result = await write(() => applyAllocatedList(now, list, previous === null));
  return {
    status: 'ok',
    itemsSeen: list.items.length,
    changesWritten: result.added + result.moves,
    error: null,
    details: { ...result, updatedOn: list.updatedOn, baseline: previous === null },
  };
}

/**
 * The price list into the catalog: a code the catalog does not know becomes a product (a new release until the
 * allocated list or the warehouse gives its type) and, after the baseline, an "announced" step; a known product
 * fills what it lacks (age, proof, supplier, size, a first price) and a changed list price is a "price" step. The
 * shelf price (retail_price) is not moved: the list's prices take effect about a month later.
 */
export async function applyPriceList(seenAt: Date, rows: PriceListRow[], baseline: boolean) {
  const day = nyDate(seenAt);
  const col = <T,>(pick: (r: PriceListRow) => T) => rows.map(pick);
  const plus = col((r) => r.ncCode);
  return db.$transaction(async (tx) => {
    const added = await tx.$queryRaw<{ plu: string }[]>`
      INSERT INTO products (plu, name, listing_type, retail_price, list_price, size_ml, supplier, age, proof, created_at, updated_at)
      SELECT r.plu, r.name, ${NEW_RELEASE_TYPE}::"ListingType", r.price, r.price, r.size, r.supplier, r.age, r.proof, ${seenAt}, ${seenAt}
        FROM unnest(${plus}::text[], ${col((r) => r.brandName)}::text[], ${col((r) => r.retailPrice)}::numeric[], ${col((r) => r.sizeMl)}::int[],
                    ${col((r) => r.supplier || null)}::text[], ${col((r) => r.age)}::text[], ${col((r) => r.proof)}::numeric[])
             AS r(plu, name, price, size, supplier, age, proof)
      ON CONFLICT (plu) DO NOTHING
      RETURNING plu`;
    const changed = await tx.$queryRaw<{ plu: string; from_price: string; to_price: string }[]>`
      SELECT p.plu, p.list_price::text AS from_price, r.price::numeric(10,2)::text AS to_price
        FROM products p JOIN unnest(${plus}::text[], ${col((r) => r.retailPrice)}::numeric[]) AS r(plu, price) ON r.plu = p.plu
       WHERE p.list_price IS NOT NULL AND r.price IS NOT NULL AND p.list_price <> r.price`;
    await tx.$executeRaw`
      UPDATE products p
         SET list_price = COALESCE(r.price, p.list_price),
             retail_price = COALESCE(p.retail_price, r.price),
             size_ml = COALESCE(p.size_ml, r.size),
             supplier = COALESCE(p.supplier, r.supplier),
             age = COALESCE(r.age, p.age),
             proof = COALESCE(r.proof, p.proof),
             updated_at = ${seenAt}
        FROM unnest(${plus}::text[], ${col((r) => r.retailPrice)}::numeric[], ${col((r) => r.sizeMl)}::int[], ${col((r) => r.supplier || null)}::text[],
                    ${col((r) => r.age)}::text[], ${col((r) => r.proof)}::numeric[]) AS r(plu, price, size, supplier, age, proof)
       WHERE p.plu = r.plu
         AND (p.list_price IS DISTINCT FROM COALESCE(r.price, p.list_price) OR (p.retail_price IS NULL AND r.price IS NOT NULL)
              OR (p.size_ml IS NULL AND r.size IS NOT NULL) OR (p.supplier IS NULL AND r.supplier IS NOT NULL)
              OR p.age IS DISTINCT FROM COALESCE(r.age, p.age) OR p.proof IS DISTINCT FROM COALESCE(r.proof, p.proof))`;
    if (!baseline) {
      const announced = added.map((a) => a.plu);
      await tx.$executeRaw`
        INSERT INTO product_events (plu, kind, day, seen_at, source)
        SELECT plu, 'announced', ${day}::date, ${seenAt}, 'price_list' FROM unnest(${announced}::text[]) AS plu`;
      await tx.$executeRaw`
        INSERT INTO product_events (plu, kind, day, seen_at, source, from_value, to_value)
        SELECT c.plu, 'price', ${day}::date, ${seenAt}, 'price_list', c.from_price, c.to_price
          FROM unnest(${changed.map((c) => c.plu)}::text[], ${changed.map((c) => c.from_price)}::text[], ${changed.map((c) => c.to_price)}::text[])
               AS c(plu, from_price, to_price)`;
    }
    return { added: added.length, priceChanges: baseline ? 0 : changed.length };
  });
}

/**
 * The allocated and limited list into the catalog: each product's place on it (state_list), and after the
 * baseline a "listing" step for every move onto it, between its sections, or off it. A code the catalog does
 * not know becomes a product of the list's type; a product still a new release (Unknown) takes the list's type.
 * The warehouse report's own label stays the product's type where it prints one (lib/ingest/warehouse.ts).
 */
export async function applyAllocatedList(seenAt: Date, list: AllocatedList, baseline: boolean) {
  const day = nyDate(seenAt);
  const plus = list.items.map((i) => i.ncCode);
  const names = list.items.map((i) => i.product);
  const types = list.items.map((i) => i.listingType);
  return db.$transaction(async (tx) => {
    const added = await tx.$executeRaw`
      INSERT INTO products (plu, name, listing_type, created_at, updated_at)
      SELECT r.plu, r.name, r.type::"ListingType", ${seenAt}, ${seenAt}
        FROM unnest(${plus}::text[], ${names}::text[], ${types}::text[]) AS r(plu, name, type)
      ON CONFLICT (plu) DO NOTHING`;
    // Every move: onto the list or between its sections (from the old place, null when on none), and off it.
    const moves = await tx.$queryRaw<{ plu: string; from_type: string | null; to_type: string | null }[]>`
      SELECT p.plu, p.state_list::text AS from_type, r.type AS to_type
        FROM products p JOIN unnest(${plus}::text[], ${types}::text[]) AS r(plu, type) ON r.plu = p.plu
       WHERE p.state_list IS DISTINCT FROM r.type::"ListingType"
      UNION ALL
      SELECT p.plu, p.state_list::text, NULL FROM products p
       WHERE p.state_list IS NOT NULL AND p.plu <> ALL(${plus}::text[])`;
    await tx.$executeRaw`
      UPDATE products p SET state_list = NULL, updated_at = ${seenAt}
       WHERE p.state_list IS NOT NULL AND p.plu <> ALL(${plus}::text[])`;
    await tx.$executeRaw`
      UPDATE products p
         SET state_list = r.type::"ListingType",
             listing_type = CASE WHEN p.listing_type = ${NEW_RELEASE_TYPE}::"ListingType" THEN r.type::"ListingType" ELSE p.listing_type END,
             updated_at = ${seenAt}
        FROM unnest(${plus}::text[], ${types}::text[]) AS r(plu, type)
       WHERE p.plu = r.plu AND (p.state_list IS DISTINCT FROM r.type::"ListingType" OR p.listing_type = ${NEW_RELEASE_TYPE}::"ListingType")`;
    if (!baseline) {
      await tx.$executeRaw`
        INSERT INTO product_events (plu, kind, day, seen_at, source, from_value, to_value)
        SELECT m.plu, 'listing', ${day}::date, ${seenAt}, 'allocated_list', m.from_type, m.to_type
          FROM unnest(${moves.map((m) => m.plu)}::text[], ${moves.map((m) => m.from_type)}::text[], ${moves.map((m) => m.to_type)}::text[])
               AS m(plu, from_type, to_type)`;
    }
    return { added, moves: baseline ? 0 : moves.length };
  });
}
