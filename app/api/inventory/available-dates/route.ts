import { z } from 'zod';
import { route } from '@/lib/api/handler';
import { availableDates } from '@/lib/reports/arrivals';
import { boardIdQuery } from '@/lib/reports/board-params';
import { oneOf, ymd } from '@/lib/reports/params';
import { nyDate } from '@/lib/time';

const query = z.object({
  currentDate: ymd('currentDate').optional(),
  direction: oneOf('direction', ['previous', 'next']).optional(),
  boardId: boardIdQuery,
});

export const GET = route({ access: 'user', query }, async ({ query }) =>
  availableDates(query.currentDate ?? nyDate(), query.direction, new Date(), query.boardId),
);
