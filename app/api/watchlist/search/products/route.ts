import { route } from '@/lib/api/handler';
import { searchQuery } from '@/lib/watchlist/schemas';
import { searchProducts } from '@/lib/watchlist/search';

/** Catalog search by name or PLU (at least 2 characters). */
export const GET = route({ access: 'user', query: searchQuery }, async ({ query }) => ({
  data: await searchProducts(query.q),
}));
