import { readRoute } from '@/lib/api/handler';
import { incomingRead } from '@/lib/reports/reads';

export const GET = readRoute(incomingRead);
