import { readRoute } from '@/lib/api/handler';
import { storeExpectedRead } from '@/lib/forecast/reads';

export const GET = readRoute(storeExpectedRead);
