import { z } from 'zod';
import { route } from '@/lib/api/handler';
import { alertStats } from '@/lib/alerts/channels/email/stats';

/** Alert volume of the last days (admin and power_user): sent, failed, suppressed, and what waits. */
export const GET = route(
  { access: 'staff', query: z.object({ days: z.coerce.number().int().min(1).max(90).default(7) }) },
  async ({ query }) => ({ success: true, ...(await alertStats(query.days)) }),
);
