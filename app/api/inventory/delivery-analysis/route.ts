import { z } from 'zod';
import { route } from '@/lib/api/handler';
import { deliveryAnalysisJson } from '@/lib/reports/delivery-analysis';
import { boardIdBody } from '@/lib/reports/board-params';
import { plu } from '@/lib/reports/params';
import { jsonResponse } from '@/lib/reports/sql';

const WEEKS_BACK = 'weeksBack must be a whole number from 0 to 4';

const body = z.object(
  {
    plu,
    // A number, or its text from a select ("2").
    weeksBack: z
      .union([z.number({ error: WEEKS_BACK }), z.string().regex(/^\d$/, WEEKS_BACK).transform(Number)], { error: WEEKS_BACK })
      .pipe(z.number().int(WEEKS_BACK).min(0, WEEKS_BACK).max(4, WEEKS_BACK)),
    includeOtherDrops: z.boolean({ error: 'includeOtherDrops must be true or false' }).default(false),
    boardId: boardIdBody,
  },
  { error: 'Request body must be an object with plu, weeksBack and includeOtherDrops' },
);

// A question, not a change: no write barrier (route's readOnly).
export const POST = route({ access: 'user', body, readOnly: true }, async ({ req, body }) => jsonResponse(req.headers, await deliveryAnalysisJson(body)));
