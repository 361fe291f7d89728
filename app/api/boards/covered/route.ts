import { readRoute } from '@/lib/api/handler';
import { coveredBoardsRead } from '@/lib/reports/reads';

export const GET = readRoute(coveredBoardsRead);
