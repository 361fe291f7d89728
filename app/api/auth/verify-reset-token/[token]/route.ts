import { z } from 'zod';
import { route } from '@/lib/api/handler';
import { checkResetToken } from '@/lib/auth/password-reset';

// Any string is accepted here: checkResetToken answers every bad token (too long, unknown, used,
// expired, or holding characters no token has) with the same "Invalid or expired reset token".
const params = z.object({ token: z.string().transform((t) => (t.includes('\u0000') ? '' : t)) });

export const GET = route({ access: 'public', params }, async ({ params }) => checkResetToken(params.token));
