import { route } from '@/lib/api/handler';
import { storeIdParams } from '@/lib/reports/params';
import { jsonResponse } from '@/lib/reports/sql';
import { storeInventory } from '@/lib/reports/stores';

export const GET = route({ access: 'user', params: storeIdParams }, async ({ req, params }) => jsonResponse(req, await storeInventory(params.storeId)));
