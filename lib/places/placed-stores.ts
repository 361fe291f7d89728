import { db } from '../db/index.ts';
import type { Point } from './geo.ts';
import { APPROXIMATE_SOURCES, type PlaceSourceName } from './types.ts';

// The state's retail stores that have a place (mixed-beverage outlets, for permit holders only, left out), as the
// database holds them: one read, the same for every use. Not 'server-only': the scraper's alert step
// (lib/alerts/distances.ts) runs under tsx and reads it too; the web's list, kept with its boards' names until the
// stores change, is lib/places/nearby.ts.

export interface StorePoint extends Point {
  id: number;
  boardId: number;
  nickname: string;
  address: string;
  city: string;
  /** Placed at its ZIP code's or city's centre, not at its own address. */
  approximate: boolean;
}

/** Every placed retail store, in the database's order. */
export async function readStorePoints(): Promise<StorePoint[]> {
  const rows = await db.$queryRaw<{ id: number; board_id: number; nickname: string; address: string; city: string; latitude: number; longitude: number; place_source: PlaceSourceName }[]>`
    SELECT id, board_id, nickname, address, city, latitude, longitude, place_source::text AS place_source
      FROM stores WHERE NOT mixed_beverage AND latitude IS NOT NULL`;
  return rows.map((s) => ({
    id: s.id,
    boardId: s.board_id,
    nickname: s.nickname,
    address: s.address,
    city: s.city,
    latitude: s.latitude,
    longitude: s.longitude,
    approximate: APPROXIMATE_SOURCES.includes(s.place_source),
  }));
}
