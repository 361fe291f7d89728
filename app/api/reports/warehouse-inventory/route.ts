import { readRoute } from '@/lib/api/handler';
import { warehouseRead } from '@/lib/reports/reads';

export const GET = readRoute(warehouseRead);
