import { route } from '@/lib/api/handler';
import { allocatedCurrent } from '@/lib/reports/inventory';
import { boardQuery } from '@/lib/reports/params';

export const GET = route({ access: 'user', query: boardQuery }, async ({ query }) => allocatedCurrent(query.boardId));
