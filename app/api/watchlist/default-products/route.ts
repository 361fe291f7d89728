import { readRoute } from '@/lib/api/handler';
import { defaultProductsRead } from '@/lib/watchlist/reads';

/** The whole default list (Allocation, Limited, Barrel and Premium); the screen pages and filters it. */
export const GET = readRoute(defaultProductsRead);
