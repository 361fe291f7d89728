import { route } from '@/lib/api/handler';
import { shippedProducts } from '@/lib/reports/statewide';

export const GET = route({ access: 'user' }, async () => shippedProducts());
