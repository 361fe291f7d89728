import { readRoute } from '@/lib/api/handler';
import { incomingRead } from '@/lib/forecast/reads';

export const GET = readRoute(incomingRead);
