import { route } from '@/lib/api/handler';
import { toWhoami } from '@/lib/auth/user-dto';

export const GET = route({ access: 'user' }, async ({ user }) => toWhoami(user));
