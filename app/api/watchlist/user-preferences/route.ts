import { route } from '@/lib/api/handler';
import { listPreferences } from '@/lib/watchlist/items';

/** Every row of the user as { watch_id, plu, interest_type }; not_interested rows switch defaults off. */
export const GET = route({ access: 'user' }, async ({ user }) => ({ data: await listPreferences(user.id) }));
