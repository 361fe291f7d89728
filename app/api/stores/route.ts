import { route } from '@/lib/api/handler';
import { boardQuery } from '@/lib/reports/params';
import { jsonResponse } from '@/lib/reports/sql';
import { listStoresJson } from '@/lib/reports/stores';

export const GET = route({ access: 'user', query: boardQuery }, async ({ req, query }) => jsonResponse(req, await listStoresJson(query.boardId)));
