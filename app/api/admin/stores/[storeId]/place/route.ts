import { route } from '@/lib/api/handler';
import { pinStore, storePlaceOf } from '@/lib/places/stores';
import { storePlaceBody } from '@/lib/places/types';
import { storeIdParams } from '@/lib/reports/params';

/** A store's point and where it comes from (staff: the store page's pin card). */
export const GET = route({ access: 'staff', params: storeIdParams }, async ({ params }) => ({
  success: true,
  store_id: params.storeId,
  place: await storePlaceOf(params.storeId),
}));

/** Staff pin a store's exact point (kept over the locator's); DELETE goes back to its approximate one. */
export const PUT = route({ access: 'staff', params: storeIdParams, body: storePlaceBody }, async ({ params, body }) => ({
  success: true,
  store_id: params.storeId,
  place: await pinStore(params.storeId, body),
}));

export const DELETE = route({ access: 'staff', params: storeIdParams }, async ({ params }) => ({
  success: true,
  store_id: params.storeId,
  place: await pinStore(params.storeId, null),
}));
