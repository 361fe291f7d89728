import { readRoute } from '@/lib/api/handler';
import { storeShipmentsRead } from '@/lib/reports/reads';

export const GET = readRoute(storeShipmentsRead);
