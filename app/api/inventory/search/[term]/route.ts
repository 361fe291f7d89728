import { z } from 'zod';
import { route } from '@/lib/api/handler';
import { searchProducts } from '@/lib/reports/inventory';

const params = z.object({
  term: z
    .string()
    .transform((t) => t.trim())
    .pipe(z.string().min(2, 'Search term must be at least 2 characters').max(100, 'Search term must be at most 100 characters')),
});

export const GET = route({ access: 'user', params }, async ({ params }) => searchProducts(params.term));
