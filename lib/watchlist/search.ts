import 'server-only';
import { searchCondition, searchRank } from '../db/search.ts';
import { db } from '../db/index.ts';
import { SEARCH_RESULT_LIMIT } from './rules.ts';
import type { SearchProduct } from './types.ts';

// GET /api/watchlist/search/products?q=: the whole catalog by name or PLU, by the search rule of every
// search box (lib/text/search.ts): every word, in any order, in the name or at the start of the PLU, so
// "weller 12" finds "Weller 12Y" and "rare eagle" what "eagle rare" finds. Best matches first (the exact
// PLU, then names starting with one of the words), then by name.

const COLUMNS = { name: 'name', code: 'plu' };

export async function searchProducts(query: string): Promise<SearchProduct[]> {
  const rows = await db.$queryRaw<
    { plu: string; name: string; listing_type: SearchProduct['listing_type']; retail_price: number | null; size_ml: number | null }[]
  >`SELECT plu, name, listing_type::text AS listing_type, retail_price::float8 AS retail_price, size_ml
      FROM products
     WHERE ${searchCondition(query, COLUMNS)}
     ORDER BY ${searchRank(query, COLUMNS)}, name, plu
     LIMIT ${SEARCH_RESULT_LIMIT}`;
  return rows.map((r) => ({
    plu: r.plu,
    brand_name: r.name,
    listing_type: r.listing_type,
    retail_price: r.retail_price,
    size_ml: r.size_ml,
  }));
}
