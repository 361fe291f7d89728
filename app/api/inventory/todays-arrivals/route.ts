import { readRoute } from '@/lib/api/handler';
import { todaysArrivalsRead } from '@/lib/reports/reads';

export const GET = readRoute(todaysArrivalsRead);
