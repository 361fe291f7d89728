import { readRoute } from '@/lib/api/handler';
import { storesRead } from '@/lib/reports/reads';

export const GET = readRoute(storesRead);
