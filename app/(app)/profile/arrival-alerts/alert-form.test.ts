import { describe, expect, it } from 'vitest';
import { ALERT_MESSAGES, DEFAULT_ALERT_SETTINGS, MAX_ALERT_STORES, type StoreOption } from '@/lib/alerts/rules';
import { chooseBoard, formError, toForm, toSettings, type AlertForm } from './alert-form';

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
});
