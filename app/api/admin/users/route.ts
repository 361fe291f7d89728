import { route } from '@/lib/api/handler';
import { listUsers } from '@/lib/admin/users';

export const GET = route({ access: 'staff' }, async () => Response.json(await listUsers()));
