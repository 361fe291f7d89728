import { readRoute } from '@/lib/api/handler';
import { journeyRead } from '@/lib/catalog/reads';

/** The journey of a product: its steps from the Commission's price list to the shelf, oldest first, and where it stands. */
export const GET = readRoute(journeyRead);
