import { z } from 'zod';
import { route } from '@/lib/api/handler';
import { idText, oneOf, searchText } from '@/lib/reports/params';
import { jsonResponse } from '@/lib/reports/sql';
import { DATE_RANGES, listShipments, PRODUCT_TYPES } from '@/lib/reports/statewide';

const query = z.object({
  productType: oneOf('productType', PRODUCT_TYPES).default('all-allocation-limited-barrel'),
  boardId: z.union([z.literal('all'), idText('boardId')], { error: 'boardId must be "all" or a board id' }).default('all'),
  searchTerm: searchText('searchTerm'),
  dateRange: oneOf('dateRange', DATE_RANGES).default('last-16-days'),
});

export const GET = route({ access: 'user', query }, async ({ req, query }) => jsonResponse(req, await listShipments(query)));
