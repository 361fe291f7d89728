import 'server-only';
import { ChangeCache } from '../db/changes.ts';
import { db } from '../db/index.ts';
import { boardDirectory } from '../reports/board-directory.ts';
import { jsonResponse, type JsonText } from '../reports/sql.ts';
import { milesBetween } from './geo.ts';
import { countyFinder } from './map-shapes.ts';
import { hunterPlace } from './hunter.ts';
import { APPROXIMATE_SOURCES, type MapStores, type NearbyStore, type NearbyStores, type PlaceSourceName } from './types.ts';

// Every retail store of the state by distance from the hunter, across board lines (issue 39): a hunter in Cary
// drives to Apex, Durham or Pittsboro alike. Mixed-beverage outlets (permit holders only) are left out.

export type PlacedStore = Omit<NearbyStore, 'miles'> & { latitude: number; longitude: number };

/** The state's placed retail stores with their boards' names, kept until stores or boards change (lib/db/changes.ts). Shared: never modify. */
const placedStores = new ChangeCache<PlacedStore[]>(['stores', 'boards', 'board_sources'], 1);

export function readPlacedStores(): Promise<PlacedStore[]> {
  return placedStores.get('all', async () => {
    const [rows, directory] = await Promise.all([
      db.$queryRaw<{ id: number; board_id: number; nickname: string; address: string; city: string; latitude: number; longitude: number; place_source: PlaceSourceName }[]>`
        SELECT id, board_id, nickname, address, city, latitude, longitude, place_source::text AS place_source
        FROM stores WHERE NOT mixed_beverage AND latitude IS NOT NULL`,
      boardDirectory(),
    ]);
    const boards = new Map(directory.boards.map((b) => [b.board_id, b]));
    return rows.flatMap((s) => {
      const board = boards.get(s.board_id);
      if (!board) return [];
      return [{
        store_id: s.id,
        board_id: s.board_id,
        board_name: board.name,
        precision: board.precision,
        nickname: s.nickname,
        address: s.address,
        city: s.city,
        approximate: APPROXIMATE_SOURCES.includes(s.place_source),
        latitude: s.latitude,
        longitude: s.longitude,
      }];
    });
  });
}

/** Every placed retail store on the map: its point and its county (public/maps/nc-counties.json's FIPS code), kept as JSON text. */
const storesOnMap = new ChangeCache<JsonText<MapStores>>(['stores', 'boards', 'board_sources'], 1);

/** GET /api/stores/places: every placed retail store of the state, with its point and county, for the map. */
export async function mapStoresResponse(requestHeaders: Headers): Promise<Response> {
  const text = await storesOnMap.get('all', async () => {
    const countyOf = countyFinder();
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
  return jsonResponse(requestHeaders, text);
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
