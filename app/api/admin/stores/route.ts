import { route } from '@/lib/api/handler';
import { addStoreBody, addStoreFromLocation } from '@/lib/admin/stores';

/** { boardId, locationId }: a location the board's latest run could not match becomes a store (lib/admin/stores.ts). */
export const POST = route({ access: 'staff', body: addStoreBody }, async ({ user, body }) => ({
  success: true,
  store: await addStoreFromLocation(user, body.boardId, body.locationId),
}));
