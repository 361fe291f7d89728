import { route } from '@/lib/api/handler';
import { nearbyStoresResponse } from '@/lib/places/nearby';

/** Every retail store of the state, nearest to the hunter's place first (issue 39). */
export const GET = route({ access: 'user' }, async ({ user, req }) => nearbyStoresResponse(user.id, req.headers));
