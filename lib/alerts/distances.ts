import { db } from '../db/index.ts';
import { milesBetween, type Point } from '../places/geo.ts';
import { APPROXIMATE_SOURCES, type PlaceSourceName } from '../places/types.ts';
import type { ArrivalRow, Away } from './compose.ts';

// How far each place of an alert is from the hunter (issue 39): every channel's message says it where the hunter
// keeps a place (hunter_places), whether the alert came by radius, board or store. A store's distance is its own; a
// board whose shipments name no store is as far as its nearest store, and says which.

interface PlacedStore extends Point {
  id: number;
  boardId: number;
  nickname: string;
  approximate: boolean;
}

/** `rows` with the distance of each store, or of each board's nearest store; unchanged when the hunter has no place. */
export async function withDistances(userId: number, rows: ArrivalRow[]): Promise<ArrivalRow[]> {
  const place = await db.hunterPlace.findUnique({ where: { userId }, select: { latitude: true, longitude: true } });
  if (!place || !rows.length) return rows;
  const stores = await db.$queryRaw<{ id: number; board_id: number; nickname: string; latitude: number; longitude: number; place_source: PlaceSourceName }[]>`
    SELECT id, board_id, nickname, latitude, longitude, place_source::text AS place_source
      FROM stores WHERE NOT mixed_beverage AND latitude IS NOT NULL`;
  const placed: PlacedStore[] = stores.map((s) => ({
    id: s.id,
    boardId: s.board_id,
    nickname: s.nickname,
    latitude: s.latitude,
    longitude: s.longitude,
    approximate: APPROXIMATE_SOURCES.includes(s.place_source),
  }));
  const away = (s: PlacedStore): Away => ({ miles: milesBetween(place, s), approximate: s.approximate });
  const byId = new Map(placed.map((s) => [s.id, s]));
  const ofStore = (id: number | null | undefined) => {
    const store = id == null ? undefined : byId.get(id);
    return store && away(store);
  };
  const ofBoard = (boardId: number): Away | undefined => {
    let nearest: (Away & { store: string }) | undefined;
    for (const s of placed) {
      if (s.boardId !== boardId) continue;
      const a = { ...away(s), store: s.nickname };
      if (!nearest || a.miles < nearest.miles) nearest = a;
    }
    return nearest;
  };
  return rows.map((row): ArrivalRow => {
    if (row.precision === 'shelf') return withAway(row, ofStore(row.storeId));
    if (row.precision === 'incoming') {
      const named = row.named.map((n) => withAway(n, ofStore(n.storeId)));
      return withAway({ ...row, named }, named.some((n) => n.storeId !== null) ? undefined : ofBoard(row.boardId));
    }
    return withAway(row, row.store ? ofStore(row.store.storeId) : ofBoard(row.boardId));
  });
}

const withAway = <T extends object>(line: T, away: Away | undefined): T => (away ? { ...line, away } : line);
