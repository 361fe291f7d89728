import { readRoute } from '@/lib/api/handler';
import { comingRead } from '@/lib/catalog/reads';

/** Coming to NC: the hunted products announced or received at the warehouse and not shipped to any board since. */
export const GET = readRoute(comingRead);
