import { readRoute } from '@/lib/api/handler';
import { preferencesRead } from '@/lib/watchlist/reads';

/** Every row of the user as { watch_id, plu, interest_type }; not_interested rows switch defaults off. */
export const GET = readRoute(preferencesRead);
