import type { ProductWhereabouts } from '@/lib/forecast/types';
import { plural, usDate } from '@/lib/reports-client/format';
import type { MapBoardShade, MapPoint } from '../../../_components/places/map-parts';

// What the map of Where is it now shows (issue 39): the stores holding the product (shelf readings), a one-store
// board's store it was shipped to, the stores it is forecast to reach, and the counties of boards it was shipped to
// that do not say which store. The same facts the lists below the map give. Pure, so a unit test reads it.

export const WHERE_MAP_TITLE = 'On the map';
export const WHERE_MAP_EMPTY = 'No store we read holds it, and nothing is shipped or on its way to a store.';

export function whereMap(data: Pick<ProductWhereabouts, 'boards' | 'shipments' | 'on_its_way'>): { points: MapPoint[]; boards: MapBoardShade[] } {
  const points: MapPoint[] = [];
  const seen = new Set<number>();
  const add = (p: MapPoint) => {
    if (seen.has(p.storeId)) return; // a store on the shelf is not also drawn as shipped or forecast
    seen.add(p.storeId);
    points.push(p);
  };
  for (const board of data.boards) {
    for (const s of board.stores) {
      if (s.quantity > 0 && !s.mixed_beverage) add({ storeId: s.store_id, kind: 'stock', store: s.nickname, board: board.name, what: plural(s.quantity, 'bottle') });
    }
  }
  for (const s of data.shipments) {
    if (s.precision === 'store_by_shipment' && s.only_store) {
      add({ storeId: s.only_store.store_id, kind: 'shipped', store: s.only_store.nickname, board: s.board_name_clean, what: `${plural(s.units, 'bottle')} shipped, latest ${usDate(s.last_ship_date)}` });
    }
  }
  for (const shipment of data.on_its_way) {
    for (const p of shipment.places) {
      if (p.store && p.named && p.outcome !== 'arrived') {
        add({ storeId: p.store.store_id, kind: 'forecast', store: p.store.nickname, board: shipment.board_name, what: `${p.likelihood_words}, ${p.likelihood_in_ten}` });
      }
    }
  }
  const boards = data.shipments
    .filter((s) => s.precision === 'board')
    .map((s) => ({ boardId: s.board_id, board: s.board_name_clean, what: `${plural(s.units, 'bottle')} shipped, latest ${usDate(s.last_ship_date)}` }));
  return { points, boards };
}
