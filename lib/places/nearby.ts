import 'server-only';
import { ChangeCache } from '../db/changes.ts';
import { boardDirectory } from '../reports/board-directory.ts';
import { jsonResponse, type JsonText } from '../reports/sql.ts';
import { milesBetween } from './geo.ts';
import { countyFinder, type CountyFinder } from './map-shapes.ts';
import { hunterPlace } from './hunter.ts';
import { readStorePoints } from './placed-stores.ts';
import type { MapStores, NearbyStore, NearbyStores } from './types.ts';

// Every retail store of the state by distance from the hunter, across board lines (issue 39): a hunter in Cary
// drives to Apex, Durham or Pittsboro alike. Mixed-beverage outlets (permit holders only) are left out.

export type PlacedStore = Omit<NearbyStore, 'miles'> & { latitude: number; longitude: number };

/** The state's placed retail stores with their boards' names, kept until stores or boards change (lib/db/changes.ts). Shared: never modify. */
const placedStores = new ChangeCache<PlacedStore[]>(['stores', 'boards', 'board_sources'], 1);

export function readPlacedStores(): Promise<PlacedStore[]> {
  return placedStores.get('all', async () => {
    const [stores, directory] = await Promise.all([readStorePoints(), boardDirectory()]);
    const boards = new Map(directory.boards.map((b) => [b.board_id, b]));
    return stores.flatMap((s) => {
      const board = boards.get(s.boardId);
      if (!board) return [];
      return [{
        store_id: s.id,
        board_id: s.boardId,
        board_name: board.name,
        precision: board.precision,
        nickname: s.nickname,
        address: s.address,
        city: s.city,
        approximate: s.approximate,
        latitude: s.latitude,
        longitude: s.longitude,
      }];
    });
  });
}

let finder: CountyFinder | undefined;
const countyByPoint = new Map<string, string | null>();

/**
 * The county a point lies in. A point's county never changes, so each is found once per process. (The map's answer
 * below is kept only while the change feed delivers, never on the embedded database, where finding the 465 stores'
 * counties again cost every map about 6 ms, 50 ms cold.)
 */
function countyOf(point: { latitude: number; longitude: number }): string | null {
  const key = `${point.latitude},${point.longitude}`;
  let fips = countyByPoint.get(key);
  if (fips === undefined) {
    finder ??= countyFinder();
    fips = finder(point);
    if (countyByPoint.size >= 10_000) countyByPoint.clear(); // bounded, whatever points staff pin
    countyByPoint.set(key, fips);
  }
  return fips;
}

/** Every placed retail store on the map: its point and its county (public/maps/nc-counties.json's FIPS code), kept as JSON text. */
const storesOnMap = new ChangeCache<JsonText<MapStores>>(['stores', 'boards', 'board_sources'], 1);

/** Every placed retail store of the state, with its point and county, as the map reads it (GET /api/stores/places' answer, as JSON text). */
function mapStoresText(): Promise<JsonText<MapStores>> {
  return storesOnMap.get('all', async () => {
    const stores = (await readPlacedStores()).map((s) => ({
      store_id: s.store_id,
      board_id: s.board_id,
      nickname: s.nickname,
      latitude: s.latitude,
      longitude: s.longitude,
      approximate: s.approximate,
      fips: countyOf(s),
    }));
    return JSON.stringify({ success: true, stores } satisfies MapStores);
  });
}

/** GET /api/stores/places: every placed retail store of the state, with its point and county, for the map. */
export async function mapStoresResponse(requestHeaders: Headers): Promise<Response> {
  return jsonResponse(requestHeaders, await mapStoresText());
}

/** The same stores for a map drawn on the server (app/_components/places/server-map.tsx). */
export async function mapStores(): Promise<MapStores['stores']> {
  return (JSON.parse(await mapStoresText()) as MapStores).stores;
}

/** The list from one point, as JSON text, kept per point while the stores are (a hunter's place is coarse: many share one). */
const listsFrom = new ChangeCache<JsonText<NearbyStores>>(['stores', 'boards', 'board_sources'], 512);

/** GET /api/stores/nearby: the hunter's place, then every placed retail store nearest first; no place, no stores. */
export async function nearbyStores(userId: number): Promise<JsonText<NearbyStores>> {
  const place = await hunterPlace(userId);
  if (!place) return JSON.stringify({ success: true, from: null, stores: [] } satisfies NearbyStores);
  const from = { source: place.source, zip: place.zip, latitude: place.latitude, longitude: place.longitude };
  return listsFrom.get(JSON.stringify(from), async () => {
    const stores = (await readPlacedStores()).map(({ latitude, longitude, ...store }) => ({ ...store, miles: milesBetween(from, { latitude, longitude }) }));
    stores.sort((a, b) => a.miles - b.miles || a.store_id - b.store_id);
    return JSON.stringify({ success: true, from, stores } satisfies NearbyStores);
  });
}

/** nearbyStores as the HTTP answer, gzipped once per list (lib/api/gzip-once.ts). */
export async function nearbyStoresResponse(userId: number, requestHeaders: Headers): Promise<Response> {
  return jsonResponse(requestHeaders, await nearbyStores(userId));
}
