import { route } from '@/lib/api/handler';
import { productStores } from '@/lib/reports/inventory';
import { pluParams } from '@/lib/reports/params';

export const GET = route({ access: 'user', params: pluParams }, async ({ params }) => productStores(params.plu));
