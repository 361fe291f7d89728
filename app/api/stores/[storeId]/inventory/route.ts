import { route } from '@/lib/api/handler';
import { storeIdParams } from '@/lib/reports/params';
import { jsonResponse } from '@/lib/reports/sql';
import { storeInventory } from '@/lib/reports/stores';

export const GET = route({ access: 'user', params: storeIdParams }, async ({ params }) => jsonResponse(await storeInventory(params.storeId)));
