import { route } from '@/lib/api/handler';
import { listDefaultProducts } from '@/lib/watchlist/default-products';

/** The whole default list (Allocation, Limited, Barrel and Premium); the screen pages and filters it. */
export const GET = route({ access: 'user' }, async () => ({ data: await listDefaultProducts() }));
