import { route } from '@/lib/api/handler';
import { mapStoresResponse } from '@/lib/places/nearby';

/** Every retail store of the state with its point and county, for the map (issue 39). */
export const GET = route({ access: 'user' }, async ({ req }) => mapStoresResponse(req.headers));
