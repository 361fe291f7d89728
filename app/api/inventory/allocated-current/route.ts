import { route } from '@/lib/api/handler';
import { allocatedCurrent } from '@/lib/reports/inventory';

export const GET = route({ access: 'user' }, async () => allocatedCurrent());
