import { readRoute } from '@/lib/api/handler';
import { incomingNearbyRead } from '@/lib/forecast/reads';

/** What is on its way to stores near the hunter's place, whatever the board (issue 39). */
export const GET = readRoute(incomingNearbyRead);
