import 'server-only';
import { searchCondition, searchRank } from '../db/search.ts';
import { productOrThrow } from '../catalog/products.ts';
import { ChangeCache } from '../db/changes.ts';
import { db } from '../db/index.ts';
import { HUNTED, huntedFirst, isoInstant, PRODUCT_SEARCH, storeRefFields, WAKE_BOARD_ID, type JsonText } from './sql.ts';
import { stateChangesAt, stockAge, stockStatesHoldUntil } from './stock-age.ts';
import { boardWithShelves } from './board-directory.ts';
import type { AllocatedCurrent, AllocatedProduct, InventorySummary, ProductSearch, ProductStores, UnknownProduct } from './types.ts';

// Current Inventory: what is on a covered board's shelves now (store_inventory; Wake by default), per hunted
// product; the stores of one product; and the product search of the delivery-analysis screen. Every number
// says how sure it is (lib/reports/stock-age.ts): "last seen …" when the board did not confirm it when it
// should have, and apart, as unknown, once it has not been confirmed for STOCK_UNKNOWN_AFTER_MINUTES.

/**
 * Hunted products with bottles at any store of the board (Wake by default) now, most bottles first, and the
 * totals. A product's stores are not listed (the `stores` key is left out): the screen loads them when a
 * card is opened, through productStores, which keeps this answer small. Unknown stock (overdue, and not
 * confirmed for STOCK_UNKNOWN_AFTER_MINUTES) is not counted (lib/reports/stock-age.ts): a product known only from such
 * stock is listed under `stock_unknown`, with the bottles last seen and when.
 */
export async function allocatedCurrent(boardId: number = WAKE_BOARD_ID, now = new Date()): Promise<AllocatedCurrent> {
  return JSON.parse(await allocatedCurrentJson(boardId, now)) as AllocatedCurrent;
}

/** allocatedCurrent as JSON text (the API's answer, sent as it is). */
export async function allocatedCurrentJson(boardId: number = WAKE_BOARD_ID, now = new Date()): Promise<JsonText<AllocatedCurrent>> {
  await boardWithShelves(boardId, now);
  const at = now.getTime();
  const kept = await allocatedAnswers.get(String(boardId), () => readAllocated(boardId, now), { valid: (answer) => answer.from <= at && at < answer.until });
  return kept.json;
}

/**
 * Answers by board, kept in memory until a table the query reads announces a write (lib/db/changes.ts), and
 * only for the span of time they hold (stock ages with time: stockStatesHoldUntil).
 */
const allocatedAnswers = new ChangeCache<{ json: JsonText<AllocatedCurrent>; from: number; until: number }>(
  ['store_inventory', 'products', 'stores', 'board_product_polls'],
  16,
);

async function readAllocated(boardId: number, now: Date): Promise<{ json: JsonText<AllocatedCurrent>; from: number; until: number }> {
  const [row] = await db.$queryRaw<{ products: AllocatedProduct[]; summary: InventorySummary; stock_unknown: UnknownProduct[]; changes_at: number | null }[]>`
    WITH cells AS MATERIALIZED (
      SELECT si.plu, si.store_id, si.quantity, age.state, age.confirmed_at, age.changes_at
      FROM store_inventory si
      JOIN products p ON p.plu = si.plu AND p.listing_type IN ${HUNTED}
      JOIN stores s ON s.id = si.store_id AND s.board_id = ${boardId}
      ${stockAge('si', 's', now)}
      WHERE si.quantity > 0
    ), stock AS (
      SELECT * FROM cells WHERE state <> 'unknown'
    ), per_product AS (
      SELECT p.plu, p.name AS product_name, p.listing_type AS "Listing_Type", p.retail_price, p.size_ml,
             sum(st.quantity)::int AS total_bottles, count(*)::int AS stores_with_stock,
             ${isoInstant("min(st.confirmed_at) FILTER (WHERE st.state = 'last_seen')")} AS last_seen,
             (SELECT count(*)::int FROM cells u WHERE u.plu = p.plu AND u.state = 'unknown') AS stores_unknown
      FROM stock st JOIN products p ON p.plu = st.plu
      GROUP BY p.plu
    ), unknown_only AS (
      SELECT p.plu, p.name AS product_name, p.listing_type AS "Listing_Type", p.retail_price, p.size_ml,
             count(*)::int AS stores_unknown, sum(u.quantity)::int AS last_bottles, ${isoInstant('max(u.confirmed_at)')} AS last_seen
      FROM cells u JOIN products p ON p.plu = u.plu
      WHERE u.state = 'unknown' AND NOT EXISTS (SELECT 1 FROM stock st WHERE st.plu = u.plu)
      GROUP BY p.plu
    )
    SELECT
      COALESCE((SELECT json_agg(x ORDER BY x.total_bottles DESC, x.product_name, x.plu) FROM per_product x), '[]'::json) AS products,
      json_build_object(
        'totalProducts', (SELECT count(*) FROM per_product),
        'totalBottles', (SELECT COALESCE(sum(total_bottles), 0) FROM per_product),
        'uniqueStores', (SELECT count(DISTINCT store_id) FROM stock),
        'byListingType', COALESCE((SELECT json_object_agg("Listing_Type", json_build_object('count', n, 'bottles', bottles)) FROM (
          SELECT "Listing_Type", count(*) AS n, sum(total_bottles) AS bottles FROM per_product GROUP BY 1 ORDER BY 1) t), '{}'::json)
      ) AS summary,
      COALESCE((SELECT json_agg(x ORDER BY x.last_seen DESC, x.product_name, x.plu) FROM unknown_only x), '[]'::json) AS stock_unknown,
      ${stateChangesAt('cells')} AS changes_at`;
  const answer: AllocatedCurrent = { success: true, products: row.products, summary: row.summary, stock_unknown: row.stock_unknown };
  return { json: JSON.stringify(answer), from: now.getTime(), until: stockStatesHoldUntil(row.changes_at) };
}

/**
 * The board's stores (Wake by default) holding a product now, most bottles first, each with when the board
 * last confirmed it when it did not when it should have (`last_seen`); stores whose stock is unknown (overdue,
 * and not confirmed for STOCK_UNKNOWN_AFTER_MINUTES) are listed apart with the bottles last seen. 404 for a PLU the catalog
 * does not know.
 */
export async function productStores(plu: string, boardId: number = WAKE_BOARD_ID, now = new Date()): Promise<ProductStores> {
  await boardWithShelves(boardId, now);
  const at = now.getTime();
  const kept = await productStoreAnswers.get(`${plu}|${boardId}`, () => readProductStores(plu, boardId, now), {
    valid: (answer) => answer.from <= at && at < answer.until,
  });
  return kept.answer;
}

/** Answers by product and board, kept like allocated-current (the same tables, the same span of time). Shared: never modify. */
const productStoreAnswers = new ChangeCache<{ answer: ProductStores; from: number; until: number }>(
  ['store_inventory', 'stores', 'products', 'board_product_polls'],
  256,
);

async function readProductStores(plu: string, boardId: number, now: Date): Promise<{ answer: ProductStores; from: number; until: number }> {
  const [row] = await db.$queryRaw<
    { known: boolean; stores: ProductStores['stores']; unknown_stores: ProductStores['unknown_stores']; changes_at: number | null }[]
  >`
    WITH cells AS MATERIALIZED (
      SELECT ${storeRefFields('s')}, si.quantity, si.last_updated, age.state, age.confirmed_at, age.changes_at
      FROM store_inventory si JOIN stores s ON s.id = si.store_id AND s.board_id = ${boardId}
      ${stockAge('si', 's', now)}
      WHERE si.plu = ${plu} AND si.quantity > 0
    )
    SELECT EXISTS (SELECT 1 FROM products WHERE plu = ${plu}) AS known,
      COALESCE((SELECT json_agg(x ORDER BY x.quantity DESC, x.store_number) FROM (
        SELECT c.store_id, c.nickname, c.store_number, c.address, c.mixed_beverage, c.quantity,
               ${isoInstant('c.last_updated')} AS last_updated,
               CASE WHEN c.state = 'last_seen' THEN ${isoInstant('c.confirmed_at')} END AS last_seen
        FROM cells c WHERE c.state <> 'unknown'
      ) x), '[]'::json) AS stores,
      COALESCE((SELECT json_agg(x ORDER BY x.last_seen DESC, x.store_number) FROM (
        SELECT c.store_id, c.nickname, c.store_number, c.address, c.mixed_beverage, c.quantity AS last_quantity,
               ${isoInstant('c.confirmed_at')} AS last_seen
        FROM cells c WHERE c.state = 'unknown'
      ) x), '[]'::json) AS unknown_stores,
      ${stateChangesAt('cells')} AS changes_at`;
  productOrThrow(row.known, plu);
  return {
    answer: { success: true, stores: row.stores, unknown_stores: row.unknown_stores },
    from: now.getTime(),
    until: stockStatesHoldUntil(row.changes_at),
  };
}

export const SEARCH_LIMIT = 20;

/**
 * Products found by the search rule of every search box (lib/text/search.ts: every word, in any order, in
 * the name or at the start of the PLU), at most 20: hunted first, then the exact PLU, names starting with
 * one of the words, the rest by name.
 */
export function searchProducts(term: string): Promise<ProductSearch> {
  return searches.get(term, () => readSearch(term));
}

/** Searches by term, kept until the catalog changes. Shared: never modify. */
const searches = new ChangeCache<ProductSearch>(['products'], 256);

async function readSearch(term: string): Promise<ProductSearch> {
  const [row] = await db.$queryRaw<{ products: ProductSearch['products'] }[]>`
    SELECT COALESCE(json_agg(json_build_object('name', x.name, 'plu', x.plu, 'retail_price', x.retail_price, 'brand_name', x.name)
                             ORDER BY x.hunted, x.rank, x.name, x.plu), '[]'::json) AS products
    FROM (
      SELECT p.name, p.plu, p.retail_price, ${huntedFirst('p.listing_type')} AS hunted,
             ${searchRank(term, PRODUCT_SEARCH)} AS rank
      FROM products p
      WHERE ${searchCondition(term, PRODUCT_SEARCH)}
      ORDER BY ${huntedFirst('p.listing_type')}, rank, p.name, p.plu
      LIMIT ${SEARCH_LIMIT}
    ) x`;
  return { success: true, products: row.products };
}
