import { readRoute } from '@/lib/api/handler';
import { boardsRead } from '@/lib/reports/reads';

export const GET = readRoute(boardsRead);
