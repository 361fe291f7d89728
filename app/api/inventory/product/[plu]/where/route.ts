import { readRoute } from '@/lib/api/handler';
import { whereRead } from '@/lib/forecast/reads';

/** Where a product is now: every covered board's stores holding it, the warehouse level, the latest shipments. */
export const GET = readRoute(whereRead);
