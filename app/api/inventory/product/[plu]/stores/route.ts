import { route } from '@/lib/api/handler';
import { productStores } from '@/lib/reports/inventory';
import { boardQuery } from '@/lib/reports/board-params';
import { pluParams } from '@/lib/reports/params';

export const GET = route({ access: 'user', params: pluParams, query: boardQuery }, async ({ params, query }) =>
  productStores(params.plu, query.boardId),
);
