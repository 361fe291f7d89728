import { readRoute } from '@/lib/api/handler';
import { shipmentBoardsRead } from '@/lib/reports/reads';

export const GET = readRoute(shipmentBoardsRead);
