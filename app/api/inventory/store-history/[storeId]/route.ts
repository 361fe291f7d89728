import { z } from 'zod';
import { route } from '@/lib/api/handler';
import { oneOf, storeIdParams } from '@/lib/reports/params';
import { jsonResponse } from '@/lib/reports/sql';
import { HISTORY_PERIODS, storeHistory } from '@/lib/reports/stores';

const query = z.object({ days: oneOf('days', HISTORY_PERIODS).default('30') });

export const GET = route({ access: 'user', params: storeIdParams, query }, async ({ req, params, query }) =>
  jsonResponse(req, await storeHistory(params.storeId, Number(query.days))),
);
