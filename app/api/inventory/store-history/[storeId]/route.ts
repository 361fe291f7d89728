import { readRoute } from '@/lib/api/handler';
import { storeHistoryRead } from '@/lib/reports/reads';

export const GET = readRoute(storeHistoryRead);
