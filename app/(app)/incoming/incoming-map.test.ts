import { describe, expect, it } from 'vitest';
import type { ForecastPlace, IncomingShipment } from '@/lib/forecast/types';
import { incomingMap } from './incoming-map';
import { whereMap } from '../products/[plu]/where-map';
import { pointLabel } from '../../_components/places/map-parts';

// The maps say what the lists say: a point per store forecast to get a bottle (named, not yet arrived), shipments
// that name no store as their board's counties, and on Where is it now the shelves first.

const place = (storeId: number, nickname: string, over: Partial<ForecastPlace> = {}): ForecastPlace => ({
  store: { store_id: storeId, store_number: storeId, nickname },
  likelihood: 0.8,
  likelihood_words: 'very likely',
  likelihood_in_ten: '8 in 10',
  named: true,
  why: null,
  expected_date: null,
  window_start: '2026-12-01',
  window_end: '2026-12-04',
  outcome: 'open',
  arrived_at: null,
  ...over,
});

const shipment = (over: Partial<IncomingShipment>): IncomingShipment =>
  ({ incoming_id: '1', plu: '27090', name: "Blanton's", board_id: 179, board_name: 'Wake County', precision: 'shelf', places: [], ...over }) as IncomingShipment;

describe('incomingMap', () => {
  it('draws each named store once, whatever the number of products, and shades a board that names none', () => {
    const { points, boards } = incomingMap([
      shipment({ places: [place(1, 'Cary'), place(2, 'Apex', { named: false }), place(3, 'Garner', { outcome: 'arrived' })] }),
      shipment({ incoming_id: '2', name: 'Weller 12', places: [place(1, 'Cary')] }),
      shipment({ incoming_id: '3', name: 'Eagle Rare', board_id: 53, board_name: 'Mecklenburg County', precision: 'board', places: [place(0, 'x', { store: null })] }),
    ]);
    expect(points).toEqual([{ storeId: 1, kind: 'forecast', store: 'Cary', board: 'Wake County', what: "Blanton's and Weller 12" }]);
    expect(boards).toEqual([{ boardId: 53, board: 'Mecklenburg County', what: 'on its way: Eagle Rare' }]);
  });
});

describe('whereMap', () => {
  it('a store on the shelf is drawn once, as on the shelf; a one-store board\'s store as shipped; a board\'s counties shaded', () => {
    const { points, boards } = whereMap({
      boards: [{ board_id: 179, name: 'Wake County', stores: [
        { store_id: 1, nickname: 'Cary', quantity: 3, mixed_beverage: false },
        { store_id: 9, nickname: 'Permit outlet', quantity: 2, mixed_beverage: true },
      ] }] as never,
      shipments: [
        { board_id: 43, board_name_clean: 'Boone', precision: 'store_by_shipment', units: 6, last_ship_date: '2026-11-20', only_store: { store_id: 50, nickname: 'King St' } },
        { board_id: 53, board_name_clean: 'Mecklenburg County', precision: 'board', units: 12, last_ship_date: '2026-11-21', only_store: null },
      ] as never,
      on_its_way: [shipment({ places: [place(1, 'Cary'), place(2, 'Apex')] })],
    });
    expect(points.map((p) => [p.storeId, p.kind])).toEqual([[1, 'stock'], [50, 'shipped'], [2, 'forecast']]);
    expect(pointLabel(points[0])).toBe('Cary, Wake County: 3 bottles (On the shelf)');
    expect(boards).toEqual([{ boardId: 53, board: 'Mecklenburg County', what: '12 bottles shipped, latest 11/21/2026' }]);
  });
});
