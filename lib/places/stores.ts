import 'server-only';
import { db, Prisma } from '../db/index.ts';
import { ApiError } from '../api/errors.ts';
import { storeOrThrow } from '../reports/stores.ts';
import { inNorthCarolina, type Point } from './geo.ts';
import { approximatePlace, storePlace } from './place-stores.ts';
import type { PlaceSourceName, StorePlace } from './types.ts';

// A store's place as staff read and pin it (issue 39): an admin's exact point is kept over the locator's
// (lib/places/place-stores.ts); unpinned, the store goes back to its approximate point.

/** A store's point, or null (a store with no address to place it by); 404 for an unknown store. */
export async function storePlaceOf(storeId: number): Promise<StorePlace | null> {
  const [row] = await db.$queryRaw<{ latitude: number | null; longitude: number | null; place_source: PlaceSourceName | null }[]>`
    SELECT latitude, longitude, place_source FROM stores WHERE id = ${storeId}`;
  return storePlace(storeOrThrow(row, storeId));
}

/** A store's name and address for its place page, or null for an unknown store. */
export async function storeNamed(storeId: number): Promise<{ nickname: string; address: string } | null> {
  const [row] = await db.$queryRaw<{ nickname: string; address: string }[]>`SELECT nickname, address FROM stores WHERE id = ${storeId}`;
  return row ?? null;
}

const OUTSIDE_NC = 'That point is not in North Carolina';

/** An admin's exact point for a store (kept over the locator's), or with `point: null` back to its approximate one. */
export async function pinStore(storeId: number, point: Point | null): Promise<StorePlace | null> {
  if (point && !inNorthCarolina(point)) throw new ApiError('bad_request', OUTSIDE_NC);
  const [store] = await db.$queryRaw<{ zip: string | null; city: string }[]>`SELECT zip, city FROM stores WHERE id = ${storeId}`;
  storeOrThrow(store, storeId);
  const next = point ? { point, source: 'admin' as const } : approximatePlace(store);
  const [row] = await db.$queryRaw<{ latitude: number | null; longitude: number | null; place_source: PlaceSourceName | null }[]>`
    UPDATE stores SET latitude = ${next?.point.latitude ?? null}, longitude = ${next?.point.longitude ?? null},
      place_source = ${next ? Prisma.sql`${next.source}::"PlaceSource"` : Prisma.sql`NULL`}
    WHERE id = ${storeId} RETURNING latitude, longitude, place_source`;
  return storePlace(row);
}
