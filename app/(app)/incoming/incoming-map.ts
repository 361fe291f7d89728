import type { IncomingShipment } from '@/lib/forecast/types';
import { plural } from '@/lib/reports-client/format';
import type { MapBoardShade, MapPoint } from '../../_components/places/map-parts';

// What the map of Incoming shows (issue 39): the stores the open shipments are forecast to reach (named, not yet
// arrived), and the counties of boards whose shipments name no store. The same facts as the cards. Pure.

/** What the map says when no store is named and no board is shaded. */
export const NO_STORE_NAMED = 'No store is likely enough to name yet.';

export function incomingMap(shipments: IncomingShipment[]): { points: MapPoint[]; boards: MapBoardShade[] } {
  const byStore = new Map<number, { nickname: string; board: string; products: string[] }>();
  const byBoard = new Map<number, { board: string; products: string[] }>();
  for (const s of shipments) {
    if (s.precision === 'board') {
      const b = byBoard.get(s.board_id) ?? { board: s.board_name, products: [] };
      b.products.push(s.name);
      byBoard.set(s.board_id, b);
      continue;
    }
    for (const p of s.places) {
      if (!p.store || !p.named || p.outcome === 'arrived') continue;
      const entry = byStore.get(p.store.store_id) ?? { nickname: p.store.nickname, board: s.board_name, products: [] };
      if (!entry.products.includes(s.name)) entry.products.push(s.name);
      byStore.set(p.store.store_id, entry);
    }
  }
  const list = (products: string[]) => (products.length <= 2 ? products.join(' and ') : `${products.slice(0, 2).join(', ')} and ${plural(products.length - 2, 'more product')}`);
  return {
    points: [...byStore].map(([storeId, e]) => ({ storeId, kind: 'forecast' as const, store: e.nickname, board: e.board, what: list(e.products) })),
    boards: [...byBoard].map(([boardId, b]) => ({ boardId, board: b.board, what: `on its way: ${list(b.products)}` })),
  };
}
