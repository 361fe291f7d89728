import { route } from '@/lib/api/handler';
import { allocatedCurrentJson } from '@/lib/reports/inventory';
import { boardQuery } from '@/lib/reports/params';
import { jsonResponse } from '@/lib/reports/sql';

export const GET = route({ access: 'user', query: boardQuery }, async ({ req, query }) => jsonResponse(req, await allocatedCurrentJson(query.boardId)));
