import { z } from 'zod';
import { route } from '@/lib/api/handler';
import { storesWithoutDeliveriesJson } from '@/lib/reports/delivery-analysis';
import { boardIdBody } from '@/lib/reports/board-params';
import { jsonResponse } from '@/lib/reports/sql';

const ids = (name: string) =>
  z
    .array(z.number({ error: `${name} must be a list of store ids` }).int(`${name} must be a list of store ids`).min(1).max(2_147_483_647), {
      error: `${name} must be a list of store ids`,
    })
    .max(1000, `${name} may hold at most 1000 ids`)
    .default([]);

const body = z.object(
  { deliveredStoreIds: ids('deliveredStoreIds'), otherDropStoreIds: ids('otherDropStoreIds'), boardId: boardIdBody },
  { error: 'Request body must be an object with deliveredStoreIds and otherDropStoreIds' },
);

// A question, not a change: no write barrier (route's readOnly).
export const POST = route({ access: 'user', body, readOnly: true }, async ({ req, body }) =>
  jsonResponse(req.headers, await storesWithoutDeliveriesJson(body.deliveredStoreIds, body.otherDropStoreIds, body.boardId)),
);
