import { route } from '@/lib/api/handler';
import { ApiError } from '@/lib/api/errors';

// Any /api path no route serves: a JSON 404 like every other API error, instead of Next's HTML page.
// (Real routes are more specific and always win over this catch-all.)
const notFound = route({ access: 'public' }, async ({ req }) => {
  throw new ApiError('not_found', `No API endpoint at ${req.nextUrl.pathname}`);
});

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
