import { route } from '@/lib/api/handler';
import { listStores } from '@/lib/reports/stores';

export const GET = route({ access: 'user' }, async () => listStores());
