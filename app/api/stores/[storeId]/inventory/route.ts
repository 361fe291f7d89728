import { readRoute } from '@/lib/api/handler';
import { storeInventoryRead } from '@/lib/reports/reads';

export const GET = readRoute(storeInventoryRead);
