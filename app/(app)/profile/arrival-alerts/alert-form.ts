import {
  defaultChannelSettings,
  ALERT_MESSAGES,
  DEFAULT_QUIET_HOURS,
  MAX_ALERT_BOARDS,
  MAX_ALERT_STORES,
  noKindMessage,
  parseMinQuantity,
  storeOfWholeBoardMessage,
  wholeBoardNarrowed,
  type AlertBoardOption,
  type AlertListingType,
  type AlertSettingsDto,
  type ChannelSettingsDto,
  type QuietHoursDto,
  type StoreOption,
} from '@/lib/alerts/rules';
import type { AlertSettingsAnswer } from '@/lib/alerts/types';

// The arrival-alert card's form as data: the parts of what GET /api/alerts/settings answers, the form's state,
// the card's own checks before a save, and the body PUT sends. No React, so a unit test reads it.

/** What the settings can choose from (every board with its precision, the stores to narrow to, the Premium price). */
export type AlertOptions = Pick<AlertSettingsAnswer, 'boards' | 'stores' | 'premium_min_price'>;

/** Every channel's settings and the quiet hours: GET answers them, and PUT when it was sent them. */
export type DeliverySettings = Pick<AlertSettingsAnswer, 'channels' | 'quiet_hours'>;

export interface AlertForm {
  /** Every channel the server delivers on, e-mail first: its on/off and mode are the settings' enabled and mode. */
  channels: ChannelSettingsDto[];
  digestHour: number;
  /** Quiet hours on, and the hours they would have (kept while off, so turning them on again restores them). */
  quiet: QuietHoursDto & { on: boolean };
  types: AlertListingType[];
  minQuantity: string;
  boardIds: number[];
  someStores: boolean;
  storeIds: number[];
  /** Every store within this many miles of the hunter's place alerts too; null: none. */
  radius: number | null;
}

/** What every part of the form gets: the current values and a way to change some of them. */
export interface FormPart {
  form: AlertForm;
  update: (patch: Partial<AlertForm>) => void;
}

/** The e-mail channel as the original settings say (a client or answer without `channels`). */
const emailOf = (s: AlertSettingsDto): ChannelSettingsDto => ({ ...defaultChannelSettings('email'), enabled: s.enabled, mode: s.mode });

export const toForm = (s: AlertSettingsDto, delivery?: DeliverySettings): AlertForm => ({
  channels: (delivery?.channels ?? [emailOf(s)]).map((c) => (c.channel === 'email' ? { ...c, enabled: s.enabled, mode: s.mode } : c)),
  quiet: { ...(delivery?.quiet_hours ?? DEFAULT_QUIET_HOURS), on: Boolean(delivery?.quiet_hours) },
  digestHour: s.digest_hour,
  types: s.listing_types,
  minQuantity: String(s.min_quantity),
  boardIds: s.board_ids,
  someStores: s.store_ids.length > 0,
  storeIds: s.store_ids,
  radius: s.radius_miles ?? null,
});

export const emailChannel = (form: AlertForm): ChannelSettingsDto => form.channels.find((c) => c.channel === 'email')!;

/** Alerts go somewhere: some channel is on. */
export const alertsOn = (channels: ChannelSettingsDto[]) => channels.some((c) => c.enabled);

/** The original settings (all stores: no store ids); enabled and mode are the e-mail channel's. */
export const toSettings = (form: AlertForm): Omit<AlertSettingsDto, 'min_quantity'> & { min_quantity: number | null } => ({
  enabled: emailChannel(form).enabled,
  mode: emailChannel(form).mode,
  digest_hour: form.digestHour,
  listing_types: form.types,
  min_quantity: parseMinQuantity(form.minQuantity),
  board_ids: form.boardIds,
  store_ids: form.someStores ? form.storeIds : [],
  radius_miles: form.radius,
});

/** What PUT /api/alerts/settings sends: the original settings, every channel, the quiet hours. */
export const toBody = (form: AlertForm) => ({
  ...toSettings(form),
  channels: form.channels,
  quiet_hours: form.quiet.on ? { start_hour: form.quiet.start_hour, end_hour: form.quiet.end_hour, hold_email: form.quiet.hold_email } : null,
});

/** What the card refuses before anything is sent, or null. */
export function formError(form: AlertForm, boards: AlertBoardOption[] = []): string | null {
  const silent = form.channels.find((c) => c.enabled && !c.kinds.length);
  if (silent) return noKindMessage(silent.channel);
  if (form.quiet.on && form.quiet.start_hour === form.quiet.end_hour) return ALERT_MESSAGES.quietHours;
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
