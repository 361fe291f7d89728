import { route } from '@/lib/api/handler';
import { coveredBoards } from '@/lib/reports/boards';

export const GET = route({ access: 'user' }, async () => coveredBoards());
