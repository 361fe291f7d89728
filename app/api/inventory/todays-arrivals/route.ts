import { z } from 'zod';
import { route } from '@/lib/api/handler';
import { arrivalsOn } from '@/lib/reports/arrivals';
import { boardIdQuery, ymd } from '@/lib/reports/params';
import { jsonResponse } from '@/lib/reports/sql';
import { nyDate } from '@/lib/time';

const query = z.object({ date: ymd('date').optional(), boardId: boardIdQuery });

export const GET = route({ access: 'user', query }, async ({ req, query }) => jsonResponse(req, await arrivalsOn(query.date ?? nyDate(), query.boardId)));
