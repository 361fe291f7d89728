import { readRoute } from '@/lib/api/handler';
import { shipmentsRead } from '@/lib/reports/reads';

export const GET = readRoute(shipmentsRead);
