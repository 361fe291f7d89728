import { db } from '../db/index.ts';
import { milesBetween } from '../places/geo.ts';
import { readStorePoints, type StorePoint } from '../places/placed-stores.ts';
import type { ArrivalRow, Away } from './compose.ts';

// How far each place of an alert is from the hunter (issue 39): every channel's message says it where the hunter
// keeps a place (hunter_places), whether the alert came by radius, board or store. A store's distance is its own; a
// board whose shipments name no store is as far as its nearest store, and says which.

/**
 * `rows` with the distance of each store, or of each board's nearest store; unchanged when the hunter has no place.
 * `stores`: the placed stores, once per alert run (storesOnce), asked for only when a distance is to be worked out.
 */
export async function withDistances(userId: number, rows: ArrivalRow[], stores: () => Promise<StorePoint[]>): Promise<ArrivalRow[]> {
  const place = await db.hunterPlace.findUnique({ where: { userId }, select: { latitude: true, longitude: true } });
  if (!place || !rows.length) return rows;
  const placed = await stores();
  const away = (s: StorePoint): Away => ({ miles: milesBetween(place, s), approximate: s.approximate });
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
    // Coming to NC is about no store or board.
    if (row.precision === 'coming') return row;
    if (row.precision === 'incoming') {
      const named = row.named.map((n) => withAway(n, ofStore(n.storeId)));
      return withAway({ ...row, named }, named.some((n) => n.storeId !== null) ? undefined : ofBoard(row.boardId));
    }
    return withAway(row, row.store ? ofStore(row.store.storeId) : ofBoard(row.boardId));
  });
}

/**
 * The placed stores (lib/places/placed-stores.ts), read at the first call and kept: one read for every message of an
 * alert run (AlertRun.placedStores), not one each. A failed read is tried again at the next call.
 */
export function storesOnce(): () => Promise<StorePoint[]> {
  let kept: Promise<StorePoint[]> | undefined;
  return () =>
    (kept ??= readStorePoints().catch((error: unknown) => {
      kept = undefined;
      throw error;
    }));
}

const withAway = <T extends object>(line: T, away: Away | undefined): T => (away ? { ...line, away } : line);
