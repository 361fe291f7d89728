// Arrival alert settings as the screen and the API both see them: the choices, the defaults and the
// messages. No server imports, so the profile card uses the same rules the server enforces.
import { WAKE_BOARD_ID } from '../reference/boards.ts';
import type { BoardPrecision } from '../reference/precision.ts';

export const ALERT_LISTING_TYPES = ['Allocation', 'Limited', 'Barrel', 'Listed'] as const;
export type AlertListingType = (typeof ALERT_LISTING_TYPES)[number];

export const ALERT_MODES = ['instant', 'digest'] as const;
export type AlertModeName = (typeof ALERT_MODES)[number];

/** Where alerts go, in the order the card lists them. Which of them this server delivers: lib/alerts/channels. */
export const ALERT_CHANNELS = ['email', 'push', 'discord'] as const;
export type AlertChannelName = (typeof ALERT_CHANNELS)[number];

/**
 * The channel alerts had before there were channels: the API's original `enabled` and `mode` fields are its
 * settings, as they always were (its unsubscribe link turns it off).
 */
export const ORIGINAL_CHANNEL: AlertChannelName = 'email';

/** What an alert is about, chosen per channel. */
export const ALERT_KIND_CHOICES = ['arrival', 'shipment', 'forecast', 'coming'] as const;
export type AlertKindName = (typeof ALERT_KIND_CHOICES)[number];

/**
 * What a channel alerts about until the user chooses: shelf arrivals and shipments. "On its way" (a forecast) and
 * "Coming to NC" (a watched product announced, on the allocated list, at the state warehouse) are opt-in: a user turns
 * them on per channel (docs/decisions/028-on-its-way-alerts.md, issue 40).
 */
export const DEFAULT_ALERT_KINDS: readonly AlertKindName[] = ['arrival', 'shipment'];

export const KIND_LABELS: Record<AlertKindName, string> = {
  arrival: 'Shelf arrivals',
  shipment: 'Shipments',
  forecast: 'On its way',
  coming: 'Coming to NC',
};

/** What each kind means, in one line under the card's choices. */
export const KIND_HINT =
  'On its way: when a watched product ships to one of your boards, the stores it will likely reach and when (a forecast). ' +
  'It replaces the shipment alert for that shipment where you choose both. ' +
  'Coming to NC: when a product on your watchlist (or a custom item, by name) is announced in the price list, moves onto the allocated list, or arrives at the state warehouse.';

/** How the card names a channel: its heading, its switch and what it means, one message, its messages. */
export const CHANNEL_LABELS: Record<AlertChannelName, { name: string; switchLabel: string; hint: string; message: string; plural: string }> = {
  email: {
    name: 'E-mail',
    switchLabel: 'Send me arrival alerts by e-mail',
    hint: 'Sent to your account e-mail. Every alert has an unsubscribe link.',
    message: 'e-mail',
    plural: 'E-mails',
  },
  push: {
    name: 'Push notifications',
    switchLabel: 'Notify my devices',
    hint: 'On every device where you turned notifications on (Notifications on this device, below). Held during quiet hours.',
    message: 'notification',
    plural: 'Push notifications',
  },
  discord: {
    name: 'Discord',
    switchLabel: 'Post to my Discord webhook',
    hint: 'To the channel of the webhook you add under Discord, below. Held during quiet hours.',
    message: 'message',
    plural: 'Discord messages',
  },
};

/**
 * Whom quiet hours hold: a phone's buzz and Discord's ping always; an e-mail (read when the reader opens it) only
 * when the user asks (quiet_hours.hold_email).
 */
export const QUIET_HOURS_HOLD: Record<AlertChannelName, 'always' | 'if-asked'> = { email: 'if-asked', push: 'always', discord: 'always' };

/** One channel's settings (GET/PUT /api/alerts/settings, `channels`). */
export interface ChannelSettingsDto {
  channel: AlertChannelName;
  enabled: boolean;
  mode: AlertModeName;
  /** What this channel alerts about; at least one while it is on. */
  kinds: AlertKindName[];
}

/** Quiet hours, New York time: from start_hour until end_hour (across midnight when start > end). */
export interface QuietHoursDto {
  start_hour: number;
  end_hour: number;
  /** E-mails wait too (push and Discord always do). */
  hold_email: boolean;
}

/** A channel never saved: off, right away, about shelf arrivals and shipments (on its way is opt-in). */
export const defaultChannelSettings = (channel: AlertChannelName): ChannelSettingsDto => ({
  channel,
  enabled: false,
  mode: 'instant',
  kinds: [...DEFAULT_ALERT_KINDS],
});

/** Quiet hours when the user first turns them on. */
export const DEFAULT_QUIET_HOURS: QuietHoursDto = { start_hour: 22, end_hour: 7, hold_email: false };

/** Whether `hour` (New York, 0-23) is inside the quiet hours. */
export function inQuietHours(hour: number, quiet: Pick<QuietHoursDto, 'start_hour' | 'end_hour'> | null): boolean {
  if (!quiet) return false;
  const { start_hour: start, end_hour: end } = quiet;
  return start < end ? hour >= start && hour < end : hour >= start || hour < end;
}

export const MIN_QUANTITY_MAX = 99;
export const MAX_ALERT_STORES = 50;
export const MAX_ALERT_BOARDS = 25;

/** What the API reads and writes (GET/PUT /api/alerts/settings). */
/** A store an alert can be limited to: GET /api/alerts/settings lists them (lib/alerts/settings.ts), the card offers them. */
export interface StoreOption {
  store_id: number;
  board_id: number;
  store_number: number;
  nickname: string;
  address: string;
}

/** A board alerts can follow: GET /api/alerts/settings lists every board, the card offers them by precision. */
export interface AlertBoardOption {
  board_id: number;
  name: string;
  /** shelf: its store shelves are read; store_by_shipment: shipments to it are its one store's; board: shipments name only the board. */
  precision: BoardPrecision;
  /** Its stores in the reference data. */
  stores: number;
  /** Its one store, for store_by_shipment. */
  only_store: StoreOption | null;
}

export interface AlertSettingsDto {
  enabled: boolean;
  mode: AlertModeName;
  /** 0-23, New York time. */
  digest_hour: number;
  /** Types of the default list that alert (Listed: the Premium ones); products the user added always alert. */
  listing_types: AlertListingType[];
  /** Alert only when the store has at least this many bottles after the arrival, or this many were shipped. */
  min_quantity: number;
  /** The boards that alert, at most MAX_ALERT_BOARDS: shelf boards by their shelves, the others by shipments. Default: the home board. */
  board_ids: number[];
  /** Only these stores (of shelf boards, or a one-store board's store); empty means every store of the chosen boards. */
  store_ids: number[];
  /**
   * And every store within this many miles of the hunter's place (GET /api/user/place), whatever its board; a board
   * whose shipments name no store, when one of its stores is that near. Null: none. Without a place it adds nothing.
   */
  radius_miles: number | null;
}

/**
 * Alerts are opt-in: a user without saved settings gets none. Premium (Listed) restocks are routine and
 * frequent, so they are off until the user turns them on.
 */
export const DEFAULT_ALERT_SETTINGS: AlertSettingsDto = {
  enabled: false,
  mode: 'instant',
  digest_hour: 17,
  listing_types: ['Allocation', 'Limited', 'Barrel'],
  min_quantity: 1,
  board_ids: [WAKE_BOARD_ID],
  store_ids: [],
  radius_miles: null,
};

/** The distances the card offers (the API takes any whole number of miles from 1 to MAX_RADIUS_MILES). */
export const RADIUS_CHOICES = [5, 10, 15, 25, 40, 60] as const;
export const MAX_RADIUS_MILES = 100;

/** How the listing types of the default watch list are named on the settings card. */
export const LISTING_TYPE_LABELS: Record<AlertListingType, string> = {
  Allocation: 'Allocation',
  Limited: 'Limited',
  Barrel: 'Barrel',
  Listed: 'Premium',
};

export const ALERT_MESSAGES = {
  noListingType: 'Choose at least one listing type.',
  minQuantity: `Minimum quantity must be a whole number from 1 to ${MIN_QUANTITY_MAX}.`,
  digestHour: 'Choose an hour for your daily digest.',
  tooManyStores: `Choose at most ${MAX_ALERT_STORES} stores, or all stores.`,
  unknownStore: 'One of the chosen stores does not exist. Reload the page and try again.',
  noBoard: 'Choose at least one board.',
  tooManyBoards: `Choose at most ${MAX_ALERT_BOARDS} boards.`,
  unknownBoard: 'One of the chosen boards does not exist. Reload the page and try again.',
  storeOutsideBoards: 'Choose stores of the boards you get alerts for, or all stores.',
  radius: `The distance must be a whole number of miles from 1 to ${MAX_RADIUS_MILES}, or none.`,
  radiusNeedsPlace: 'Set your place under Your place first (a ZIP code or your location), then choose a distance.',
  saved: 'Alert settings saved.',
  saveFailed: 'Could not save your alert settings. Please try again.',
  loadFailed: 'Could not load your alert settings. Please try again.',
  unsubscribed: 'You are unsubscribed from arrival alerts. No more alert e-mails will be sent.',
  quietHours: 'Quiet hours must start and end at different hours (0-23).',
  unknownChannel: 'One of the channels is not available. Reload the page and try again.',
  channelTwice: 'Each channel can be set once.',
  emailMismatch: "The e-mail channel's on/off and mode are `enabled` and `mode`: send the same values in both.",
  invalidToken: 'This unsubscribe link is not valid. Open the link from your most recent alert e-mail, or turn alerts off on your profile.',
} as const;

/** A channel that is on must alert about something. */
export const noKindMessage = (channel: AlertChannelName) => `Choose what ${CHANNEL_LABELS[channel].name} alerts you about, or turn it off.`;

/** Shipments to a board of several stores name no store: narrowing to stores would silence it. */
export const storeOfWholeBoardMessage = (board: string) => `Shipments name only the board: choose all stores of ${board}.`;

/**
 * The chosen board that store narrowing would silence (its shipments name no store), or undefined: one rule
 * for the card and the server.
 */
export function wholeBoardNarrowed(boardIds: number[], storeIds: number[], boards: AlertBoardOption[]): AlertBoardOption | undefined {
  if (!storeIds.length) return undefined;
  return boards.find((b) => b.precision === 'board' && boardIds.includes(b.board_id));
}

/** "5 PM", "12 AM": how digest hours are shown (New York time). */
export function hourLabel(hour: number): string {
  const h = hour % 12 === 0 ? 12 : hour % 12;
  return `${h} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** Parses the minimum-quantity field: a whole number 1..MIN_QUANTITY_MAX, or null. */
export function parseMinQuantity(value: string): number | null {
  if (!/^\s*\d{1,3}\s*$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= MIN_QUANTITY_MAX ? n : null;
}
