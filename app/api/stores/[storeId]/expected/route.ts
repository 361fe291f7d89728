import { readRoute } from '@/lib/api/handler';
import { storeExpectedRead } from '@/lib/reports/reads';

export const GET = readRoute(storeExpectedRead);
