import { z } from 'zod';
import { route } from '@/lib/api/handler';
import { imageResponse } from '@/lib/reports/images';

const params = z.object({ path: z.array(z.string(), { error: 'Invalid image path' }).min(1, 'Invalid image path') });

export const GET = route({ access: 'user', params }, async ({ req, params }) => imageResponse(params.path, req.headers.get('if-none-match')));
