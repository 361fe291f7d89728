import { route } from '@/lib/api/handler';
import { hunterPlace, removeHunterPlace, setHunterPlace } from '@/lib/places/hunter';
import { hunterPlaceBody } from '@/lib/places/types';

/** The hunter's own place (issue 39): shown to nobody else. */
export const GET = route({ access: 'user' }, async ({ user }) => ({ success: true, place: await hunterPlace(user.id) }));

/** { zip } or { latitude, longitude } (the browser's, kept to about a kilometre). */
export const PUT = route({ access: 'user', body: hunterPlaceBody }, async ({ user, body }) => ({ success: true, place: await setHunterPlace(user.id, body) }));

export const DELETE = route({ access: 'user' }, async ({ user }) => {
  await removeHunterPlace(user.id);
  return { success: true, place: null };
});
