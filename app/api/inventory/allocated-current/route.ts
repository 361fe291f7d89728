import { readRoute } from '@/lib/api/handler';
import { allocatedCurrentRead } from '@/lib/reports/reads';

export const GET = readRoute(allocatedCurrentRead);
