import { describe, expect, it } from 'vitest';
import { ALERT_MESSAGES, DEFAULT_ALERT_SETTINGS, MAX_ALERT_BOARDS, MAX_ALERT_STORES, type AlertBoardOption, type StoreOption } from '@/lib/alerts/rules';
import { chooseBoard, formError, storesOfBoard, toForm, toSettings, type AlertForm } from './alert-form';

const store = (store_id: number, board_id: number): StoreOption => ({ store_id, board_id, store_number: store_id, nickname: `Store ${store_id}`, address: '' });
const form = (patch: Partial<AlertForm> = {}): AlertForm => ({ ...toForm(DEFAULT_ALERT_SETTINGS), ...patch });

describe('the arrival alerts form', () => {
  it('round-trips the settings: the form of saved settings sends them back unchanged', () => {
    const saved = { ...DEFAULT_ALERT_SETTINGS, enabled: true, mode: 'digest' as const, digest_hour: 18, min_quantity: 2, store_ids: [3, 5] };
    expect(toForm(saved).someStores).toBe(true);
    expect(toSettings(toForm(saved))).toEqual(saved);
  });

  it('sends no stores when all stores are chosen, whatever was ticked before', () => {
    expect(toSettings(form({ someStores: false, storeIds: [3] })).store_ids).toEqual([]);
  });

  it('refuses what the server would refuse, before anything is sent', () => {
    expect(formError(form())).toBeNull();
    expect(formError(form({ types: [] }))).toBe(ALERT_MESSAGES.noListingType);
    expect(formError(form({ minQuantity: '0' }))).toBe(ALERT_MESSAGES.minQuantity);
    expect(formError(form({ minQuantity: '1.5' }))).toBe(ALERT_MESSAGES.minQuantity);
    expect(formError(form({ boardIds: [] }))).toBe(ALERT_MESSAGES.noBoard);
    expect(formError(form({ someStores: true, storeIds: [] }))).toBe('Choose at least one store, or all stores.');
    const many = Array.from({ length: MAX_ALERT_STORES + 1 }, (_, i) => i + 1);
    expect(formError(form({ someStores: true, storeIds: many }))).toBe(ALERT_MESSAGES.tooManyStores);
  });

  it('leaving a board takes its stores off the list; choosing one keeps the list', () => {
    const stores = [store(1, 10), store(2, 20), store(3, 10)];
    const chosen = form({ boardIds: [10, 20], someStores: true, storeIds: [1, 2, 3] });
    expect(chooseBoard(chosen, stores, 10, false)).toEqual({ boardIds: [20], storeIds: [2] });
    expect(chooseBoard(form({ boardIds: [20], storeIds: [2] }), stores, 10, true)).toEqual({ boardIds: [20, 10], storeIds: [2] });
  });

  it('refuses store narrowing while a board whose shipments name no store is chosen, and more boards than alerts follow', () => {
    const boone = store(5, 43);
    const boards: AlertBoardOption[] = [
      { board_id: 179, name: 'Wake County', precision: 'shelf', stores: 28, only_store: null },
      { board_id: 43, name: 'Boone', precision: 'store_by_shipment', stores: 1, only_store: boone },
      { board_id: 53, name: 'Mecklenburg County', precision: 'board', stores: 31, only_store: null },
    ];
    expect(formError(form({ boardIds: [179, 43], someStores: true, storeIds: [5] }), boards)).toBeNull();
    expect(formError(form({ boardIds: [179, 53] }), boards)).toBeNull();
    expect(formError(form({ boardIds: [179, 53], someStores: true, storeIds: [1] }), boards)).toBe('Shipments name only the board: choose all stores of Mecklenburg County.');
    expect(formError(form({ boardIds: Array.from({ length: MAX_ALERT_BOARDS + 1 }, (_, i) => i + 1) }), boards)).toBe(ALERT_MESSAGES.tooManyBoards);
    // The stores offered: a shelf board's, a one-store board's store, none of a board of several.
    const stores = [store(1, 179), store(2, 179), boone, store(9, 53)];
    expect(boards.map((b) => storesOfBoard(b, stores).map((s) => s.store_id))).toEqual([[1, 2], [5], []]);
  });
});
