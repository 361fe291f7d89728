import { route } from '@/lib/api/handler';
import { pluParams } from '@/lib/reports/params';
import { productWhereabouts } from '@/lib/reports/where';

/** Where a product is now: every covered board's stores holding it, the warehouse level, the latest shipments. */
export const GET = route({ access: 'user', params: pluParams }, async ({ params }) => productWhereabouts(params.plu));
