import { route } from '@/lib/api/handler';
import { profileUpdateSchema } from '@/lib/auth/schemas';
import { getProfile, updateProfile } from '@/lib/users/profile';

export const GET = route({ access: 'user' }, async ({ user }) => getProfile(user.id));

export const PUT = route({ access: 'user', body: profileUpdateSchema }, async ({ user, body }) => ({
  success: true,
  user: await updateProfile(user.id, body),
}));
