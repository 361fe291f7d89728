import { route } from '@/lib/api/handler';
import { getItem, removeItem, setItemActive } from '@/lib/watchlist/items';
import { patchBody, watchIdParams } from '@/lib/watchlist/schemas';

// One of the user's rows. Another user's watch_id is 404, like one that does not exist.

export const GET = route({ access: 'user', params: watchIdParams }, async ({ user, params }) => ({
  data: await getItem(user.id, params.watchId),
}));

/** Pauses or resumes an item: { active }. */
export const PATCH = route({ access: 'user', params: watchIdParams, body: patchBody }, async ({ user, params, body }) => ({
  success: true,
  data: await setItemActive(user.id, params.watchId, body.active),
}));

/** Removes an item, or deletes a not_interested preference (switching that default product back on). */
export const DELETE = route({ access: 'user', params: watchIdParams }, async ({ user, params }) => {
  await removeItem(user.id, params.watchId);
  return { success: true };
});
