import 'server-only';
import { ApiError } from '../api/errors.ts';
import { searchCondition, searchRank } from '../db/search.ts';
import { db } from '../db/index.ts';
import { HUNTED, huntedFirst, isoInstant, PRODUCT_SEARCH, storeRefFields, WAKE_BOARD_ID } from './sql.ts';
import type { AllocatedCurrent, AllocatedProduct, InventorySummary, ProductSearch, ProductStores } from './types.ts';

// Current Inventory: what is on a covered board's shelves now (store_inventory; Wake by default), per hunted
// product; the stores of one product; and the product search of the delivery-analysis screen.

/**
 * Hunted products with bottles at any store of the board (Wake by default) now, most bottles first, and the totals. A product's stores
 * are not listed (the `stores` key is left out): the screen loads them when a card is opened, through
 * productStores, which keeps this answer small.
 */
export async function allocatedCurrent(boardId: number = WAKE_BOARD_ID): Promise<AllocatedCurrent> {
  const [row] = await db.$queryRaw<{ products: AllocatedProduct[]; summary: InventorySummary }[]>`
    WITH stock AS (
      SELECT si.plu, si.store_id, si.quantity
      FROM store_inventory si
      JOIN products p ON p.plu = si.plu AND p.listing_type IN ${HUNTED}
      JOIN stores s ON s.id = si.store_id AND s.board_id = ${boardId}
      WHERE si.quantity > 0
    ), per_product AS (
      SELECT p.plu, p.name AS product_name, p.listing_type AS "Listing_Type", p.retail_price, p.size_ml,
             sum(st.quantity)::int AS total_bottles, count(*)::int AS stores_with_stock
      FROM stock st JOIN products p ON p.plu = st.plu
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
      ) AS summary`;
  return { success: true, products: row.products, summary: row.summary };
}

/** The board's stores (Wake by default) holding a product now, most bottles first. 404 for a PLU the catalog does not know. */
export async function productStores(plu: string, boardId: number = WAKE_BOARD_ID): Promise<ProductStores> {
  const [row] = await db.$queryRaw<{ known: boolean; stores: ProductStores['stores'] }[]>`
    SELECT EXISTS (SELECT 1 FROM products WHERE plu = ${plu}) AS known,
      COALESCE((SELECT json_agg(x ORDER BY x.quantity DESC, x.store_number) FROM (
        SELECT ${storeRefFields('s')}, si.quantity, ${isoInstant('si.last_updated')} AS last_updated
        FROM store_inventory si JOIN stores s ON s.id = si.store_id AND s.board_id = ${boardId}
        WHERE si.plu = ${plu} AND si.quantity > 0
      ) x), '[]'::json) AS stores`;
  if (!row.known) throw new ApiError('not_found', `No product with PLU ${plu}`);
  return { success: true, stores: row.stores };
}

export const SEARCH_LIMIT = 20;

/**
 * Products found by the search rule of every search box (lib/text/search.ts: every word, in any order, in
 * the name or at the start of the PLU), at most 20: hunted first, then the exact PLU, names starting with
 * one of the words, the rest by name.
 */
export async function searchProducts(term: string): Promise<ProductSearch> {
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
