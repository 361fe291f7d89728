import {
  ALERT_MESSAGES,
  MAX_ALERT_BOARDS,
  MAX_ALERT_STORES,
  parseMinQuantity,
  storeOfWholeBoardMessage,
  wholeBoardNarrowed,
  type AlertBoardOption,
  type AlertListingType,
  type AlertModeName,
  type AlertSettingsDto,
  type StoreOption,
} from '@/lib/alerts/rules';

// The arrival-alert card's form as data: what GET /api/alerts/settings answers, the form's state, the
// card's own checks before a save, and the body PUT sends. No React, so a unit test reads it.

/** What the settings can choose from (every board with its precision, the stores to narrow to, the Premium price). */
export interface AlertOptions {
  boards: AlertBoardOption[];
  stores: StoreOption[];
  premium_min_price: number;
}

/** GET /api/alerts/settings. */
export interface AlertSettingsAnswer extends AlertOptions {
  settings: AlertSettingsDto;
}

export interface AlertForm {
  enabled: boolean;
  mode: AlertModeName;
  digestHour: number;
  types: AlertListingType[];
  minQuantity: string;
  boardIds: number[];
  someStores: boolean;
  storeIds: number[];
}

/** What every part of the form gets: the current values and a way to change some of them. */
export interface FormPart {
  form: AlertForm;
  update: (patch: Partial<AlertForm>) => void;
}

export const toForm = (s: AlertSettingsDto): AlertForm => ({
  enabled: s.enabled,
  mode: s.mode,
  digestHour: s.digest_hour,
  types: s.listing_types,
  minQuantity: String(s.min_quantity),
  boardIds: s.board_ids,
  someStores: s.store_ids.length > 0,
  storeIds: s.store_ids,
});

/** The settings PUT sends (all stores: no store ids). */
export const toSettings = (form: AlertForm) => ({
  enabled: form.enabled,
  mode: form.mode,
  digest_hour: form.digestHour,
  listing_types: form.types,
  min_quantity: parseMinQuantity(form.minQuantity),
  board_ids: form.boardIds,
  store_ids: form.someStores ? form.storeIds : [],
});

/** What the card refuses before anything is sent, or null. */
export function formError(form: AlertForm, boards: AlertBoardOption[] = []): string | null {
  if (!form.types.length) return ALERT_MESSAGES.noListingType;
  if (parseMinQuantity(form.minQuantity) === null) return ALERT_MESSAGES.minQuantity;
  if (!form.boardIds.length) return ALERT_MESSAGES.noBoard;
  if (form.boardIds.length > MAX_ALERT_BOARDS) return ALERT_MESSAGES.tooManyBoards;
  if (form.someStores && !form.storeIds.length) return 'Choose at least one store, or all stores.';
  if (form.storeIds.length > MAX_ALERT_STORES) return ALERT_MESSAGES.tooManyStores;
  const silenced = form.someStores ? wholeBoardNarrowed(form.boardIds, form.storeIds, boards) : undefined;
  if (silenced) return storeOfWholeBoardMessage(silenced.name);
  return null;
}

/** The stores the card offers for a chosen board: a shelf board's stores, or a one-store board's store. */
export function storesOfBoard(board: AlertBoardOption, stores: StoreOption[]): StoreOption[] {
  if (board.precision === 'board') return [];
  return stores.filter((s) => s.board_id === board.board_id);
}

/** `list` with `value` added (on) or taken out. */
export const toggle = <T>(list: T[], value: T, on: boolean) => (on ? [...list, value] : list.filter((v) => v !== value));

/**
 * Choosing a board or leaving it. A store of a board no longer chosen could never alert: it leaves the
 * store list.
 */
export function chooseBoard(form: AlertForm, stores: StoreOption[], boardId: number, on: boolean): Partial<AlertForm> {
  const boardOf = new Map(stores.map((s) => [s.store_id, s.board_id]));
  return {
    boardIds: toggle(form.boardIds, boardId, on),
    storeIds: on ? form.storeIds : form.storeIds.filter((id) => boardOf.get(id) !== boardId),
  };
}
