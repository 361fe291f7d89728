import { z } from 'zod';
import { route } from '@/lib/api/handler';
import { listingTypes, oneOf, searchText } from '@/lib/reports/params';
import { jsonResponse } from '@/lib/reports/sql';
import { TIME_PERIODS } from '@/lib/reports/types';
import { warehouseInventory } from '@/lib/reports/warehouse';

const query = z.object({ timePeriod: oneOf('timePeriod', TIME_PERIODS).default('last_30_days'), listingTypes, search: searchText('search') });

export const GET = route({ access: 'user', query }, async ({ req, query }) => {
  const answer = await warehouseInventory(query.timePeriod, req.headers.get('if-none-match'), { listingTypes: query.listingTypes, search: query.search });
  // Revalidated on every use (no-cache): the client keeps the answer and sends its version back.
  const headers = { ETag: `"${answer.etag}"`, 'Cache-Control': 'private, no-cache' };
  if (answer.notModified) return new Response(null, { status: 304, headers });
  return jsonResponse(req, answer.json, headers);
});
