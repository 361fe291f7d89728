import { db } from '../db/index.ts';
import type { SqlClient } from '../reference/bulk.ts';
import { inNorthCarolina, type Point } from './geo.ts';
import { ncCityPoint, zipPoint } from './zips.ts';
import { APPROXIMATE_SOURCES, type PlaceSourceName, type StorePlace } from './types.ts';

// Every store has a place (issue 39). Exact points come from Wake's store locator (placeFromLocator, from
// lib/ingest/locator.ts) and from an admin's pin (lib/places/stores.ts); every other store is placed at its ZIP
// code's centre, or its city's where the table does not know the ZIP (a typo in a locator row: Carthage's 27327
// for 28327), marked approximate wherever it is shown. placeStores runs inside each reference refresh
// (lib/reference/refresh.ts), where stores come and change. An exact point is never replaced by an approximate
// one, and the locator never moves an admin's pin. The scraper and the scripts use this file: no 'server-only'.

/** The approximate point of a store from its ZIP code, else its city; null when neither is known. */
export function approximatePlace(store: { zip: string | null; city: string }): { point: Point; source: 'zip' | 'city' } | null {
  const byZip = zipPoint(store.zip);
  if (byZip) return { point: byZip, source: 'zip' };
  const byCity = ncCityPoint(store.city);
  return byCity ? { point: byCity, source: 'city' } : null;
}

/**
 * Places every store that has no point, or an approximate one its ZIP code or city now places elsewhere, at its
 * approximate point. Run after each reference refresh (stores come and change there). Returns the stores placed.
 */
export async function placeStores(client: SqlClient = db): Promise<number> {
  const stores = await client.$queryRaw<{ id: number; zip: string | null; city: string; latitude: number | null; longitude: number | null; place_source: PlaceSourceName | null }[]>`
    SELECT id, zip, city, latitude, longitude, place_source FROM stores WHERE place_source IS NULL OR place_source IN ('zip', 'city')`;
  const changed = stores.flatMap((s) => {
    const place = approximatePlace(s);
    if (!place) return [];
    const same = s.latitude === place.point.latitude && s.longitude === place.point.longitude && s.place_source === place.source;
    return same ? [] : [{ id: s.id, ...place.point, source: place.source }];
  });
  if (!changed.length) return 0;
  await client.$executeRaw`
    UPDATE stores s SET latitude = v.latitude, longitude = v.longitude, place_source = v.source::"PlaceSource"
    FROM unnest(${changed.map((c) => c.id)}::int[], ${changed.map((c) => c.latitude)}::float8[], ${changed.map((c) => c.longitude)}::float8[],
                ${changed.map((c) => c.source)}::text[]) AS v(id, latitude, longitude, source)
    WHERE s.id = v.id AND (s.place_source IS NULL OR s.place_source IN ('zip', 'city'))`;
  return changed.length;
}

export const storePlace = (row: { latitude: number | null; longitude: number | null; place_source: PlaceSourceName | null }): StorePlace | null =>
  row.latitude === null || row.longitude === null || row.place_source === null
    ? null
    : { latitude: row.latitude, longitude: row.longitude, source: row.place_source, approximate: APPROXIMATE_SOURCES.includes(row.place_source) };

/** The locator's point for a store, unless an admin pinned it; a point outside North Carolina is not taken. */
export async function placeFromLocator(storeId: number, point: Point): Promise<boolean> {
  if (!Number.isFinite(point.latitude) || !Number.isFinite(point.longitude) || !inNorthCarolina(point)) return false;
  const changed = await db.$executeRaw`
    UPDATE stores SET latitude = ${point.latitude}, longitude = ${point.longitude}, place_source = 'locator'
    WHERE id = ${storeId} AND place_source IS DISTINCT FROM 'admin'
      AND (latitude IS DISTINCT FROM ${point.latitude} OR longitude IS DISTINCT FROM ${point.longitude} OR place_source IS DISTINCT FROM 'locator')`;
  return changed > 0;
}
