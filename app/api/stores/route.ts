import { route } from '@/lib/api/handler';
import { boardQuery } from '@/lib/reports/params';
import { listStores } from '@/lib/reports/stores';

export const GET = route({ access: 'user', query: boardQuery }, async ({ query }) => listStores(query.boardId));
