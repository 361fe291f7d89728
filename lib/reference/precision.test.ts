import { describe, expect, it } from 'vitest';
import { boardPrecision, PRECISIONS, type BoardPrecision } from './precision.ts';
import { WAKE_BOARD_ID } from './boards.ts';
import { loadReferenceData } from './reference.ts';
import { shelfBoardIds, shelvesRead } from './shelves.ts';

describe('boardPrecision', () => {
  it('is shelf whenever the shelves are read, whatever the stores', () => {
    expect(boardPrecision({ shelfSource: true, stores: 28, retailStores: 27 })).toBe('shelf');
    expect(boardPrecision({ shelfSource: true, stores: 1, retailStores: 1 })).toBe('shelf');
  });

  it('names the store only when the board has exactly one store and it is a retail store', () => {
    expect(boardPrecision({ shelfSource: false, stores: 1, retailStores: 1 })).toBe('store_by_shipment');
    // Outlets receive shipments too: a retail store and an outlet, or an outlet alone, cannot be told apart.
    expect(boardPrecision({ shelfSource: false, stores: 2, retailStores: 1 })).toBe('board');
    expect(boardPrecision({ shelfSource: false, stores: 1, retailStores: 0 })).toBe('board');
    expect(boardPrecision({ shelfSource: false, stores: 31, retailStores: 29 })).toBe('board');
    // A board with no known store (Catawba Tribal) is a board.
    expect(boardPrecision({ shelfSource: false, stores: 0, retailStores: 0 })).toBe('board');
  });

  it('orders the precisions from the finest place to the coarsest', () => {
    expect(PRECISIONS).toEqual(['shelf', 'store_by_shipment', 'board', 'warehouse']);
  });
});

describe('the boards by precision, from the reference data', () => {
  const ref = loadReferenceData();
  const facts = new Map(ref.boards.map((b) => [b.id, { stores: 0, retailStores: 0 }]));
  for (const s of [...ref.stores.map((x) => ({ ...x, board_id: WAKE_BOARD_ID })), ...ref.boardStores]) {
    const f = facts.get(s.board_id)!;
    f.stores++;
    if (!s.mixed_beverage) f.retailStores++;
  }
  const precision = new Map([...facts].map(([id, f]) => [id, boardPrecision({ shelfSource: shelvesRead(id), ...f })]));
  const of = (p: BoardPrecision) => [...precision].filter(([, q]) => q === p).map(([id]) => id);

  it('has 4 shelf boards, 100 one-store boards and 69 boards known only as boards', () => {
    expect(of('shelf').sort((a, b) => a - b)).toEqual([...shelfBoardIds()].sort((a, b) => a - b));
    expect(of('store_by_shipment')).toHaveLength(100);
    expect(of('board')).toHaveLength(69);
    expect(precision.size).toBe(173);
  });

  it('gives Boone its store, Mecklenburg and Catawba Tribal only the board', () => {
    expect(precision.get(43)).toBe('store_by_shipment'); // Boone
    expect(precision.get(53)).toBe('board'); // Mecklenburg County, 31 stores
    expect(facts.get(260)).toEqual({ stores: 0, retailStores: 0 }); // Catawba Tribal: no store in the locator
    expect(precision.get(260)).toBe('board');
    // Every one-store board's store is a retail store.
    for (const id of of('store_by_shipment')) expect(ref.boardStores.filter((s) => s.board_id === id).map((s) => s.mixed_beverage)).toEqual([false]);
  });
});
