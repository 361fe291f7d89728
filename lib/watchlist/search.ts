import 'server-only';
import { foldedLike, likeEscape } from '../db/search.ts';
import { db, Prisma } from '../db/index.ts';
import { foldText } from '../text/fold.ts';
import { normalizeSearch, SEARCH_RESULT_LIMIT } from './rules.ts';
import type { SearchProduct } from './types.ts';

// GET /api/watchlist/search/products?q=: the whole catalog by name or PLU. Every word must match (a
// part of the name, or the start of the PLU), so "weller 12" finds "Weller 12Y". Best matches first:
// the exact PLU, then names starting with the first word, then by name.


const MAX_WORDS = 8;

export async function searchProducts(query: string): Promise<SearchProduct[]> {
  const q = normalizeSearch(query);
  const words = foldText(q).split(' ').slice(0, MAX_WORDS);
  const conditions = words.map((w) => {
    const escaped = likeEscape(w);
    return Prisma.sql`(${foldedLike('name', `%${escaped}%`)} OR plu LIKE ${`${escaped}%`})`;
  });
  const rows = await db.$queryRaw<
    { plu: string; name: string; listing_type: SearchProduct['listing_type']; retail_price: number | null; size_ml: number | null }[]
  >`SELECT plu, name, listing_type::text AS listing_type, retail_price::float8 AS retail_price, size_ml
      FROM products
     WHERE ${Prisma.join(conditions, ' AND ')}
     ORDER BY (plu = ${q}) DESC, ${foldedLike('name', `${likeEscape(words[0])}%`)} DESC, name, plu
     LIMIT ${SEARCH_RESULT_LIMIT}`;
  return rows.map((r) => ({
    plu: r.plu,
    brand_name: r.name,
    listing_type: r.listing_type,
    retail_price: r.retail_price,
    size_ml: r.size_ml,
  }));
}
