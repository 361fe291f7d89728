import 'server-only';
import { z } from 'zod';
import { ApiError } from '../api/errors.ts';
import { ChangeCache } from '../db/changes.ts';
import { db, Prisma } from '../db/index.ts';
import { env } from '../env.ts';
import { WAKE_BOARD_ID } from '../reference/boards.ts';
import { boardFacts } from '../reference/board-facts.ts';
import { shelfBoards } from '../reference/shelf-boards.ts';
import { availableChannels } from './channels/index.ts';
import { cancelIneligible, releaseDigestWaiting } from './ledger.ts';
import {
  ALERT_CHANNELS,
  ALERT_KIND_CHOICES,
  ALERT_LISTING_TYPES,
  ALERT_MESSAGES,
  ALERT_MODES,
  ORIGINAL_CHANNEL,
  DEFAULT_ALERT_SETTINGS,
  defaultChannelSettings,
  MAX_ALERT_BOARDS,
  MAX_ALERT_STORES,
  MAX_RADIUS_MILES,
  MIN_QUANTITY_MAX,
  noKindMessage,
  storeOfWholeBoardMessage,
  wholeBoardNarrowed,
  type AlertBoardOption,
  type AlertChannelName,
  type AlertListingType,
  type AlertSettingsDto,
  type ChannelSettingsDto,
  type QuietHoursDto,
  type StoreOption,
} from './rules.ts';

// A user's alert settings and the unsubscribe that an e-mail link performs. What alerts are about, the digest
// hour and quiet hours are the alert_settings row (none means the defaults, alerts off); each channel's on/off,
// mode and kinds an alert_channels row (none: off). The API's original fields `enabled` and `mode` are the
// e-mail channel's, as they always were (ORIGINAL_CHANNEL); `channels` and `quiet_hours` are the rest.

const HOUR = z.number().int().min(0).max(23);

const channelBody = z
  .object({
    channel: z.enum(ALERT_CHANNELS),
    enabled: z.boolean(),
    mode: z.enum(ALERT_MODES),
    kinds: z.array(z.enum(ALERT_KIND_CHOICES)).max(10),
  })
  .strict();

const quietHoursBody = z
  .object({ start_hour: HOUR, end_hour: HOUR, hold_email: z.boolean() }, { message: ALERT_MESSAGES.quietHours })
  .strict()
  .refine((q) => q.start_hour !== q.end_hour, { message: ALERT_MESSAGES.quietHours });

/** A guard on the request's size only: repeats are folded, then at most MAX_ALERT_BOARDS distinct boards. */
const MAX_BOARD_IDS_SENT = 100;

export const settingsBody = z
  .object({
    enabled: z.boolean(),
    mode: z.enum(ALERT_MODES),
    digest_hour: z.number({ message: ALERT_MESSAGES.digestHour }).int(ALERT_MESSAGES.digestHour).min(0, ALERT_MESSAGES.digestHour).max(23, ALERT_MESSAGES.digestHour),
    listing_types: z.array(z.enum(ALERT_LISTING_TYPES)).min(1, ALERT_MESSAGES.noListingType).max(10),
    min_quantity: z.number({ message: ALERT_MESSAGES.minQuantity }).int(ALERT_MESSAGES.minQuantity).min(1, ALERT_MESSAGES.minQuantity).max(MIN_QUANTITY_MAX, ALERT_MESSAGES.minQuantity),
    // Which ids are boards is checked below, against every board.
    board_ids: z.array(z.number().int()).min(1, ALERT_MESSAGES.noBoard).max(MAX_BOARD_IDS_SENT, ALERT_MESSAGES.tooManyBoards),
    store_ids: z.array(z.number().int().positive().max(2_147_483_647)).max(MAX_ALERT_STORES, ALERT_MESSAGES.tooManyStores),
    // Newer clients: every store this near the hunter's place (null: none). Left out, the saved distance stays.
    radius_miles: z
      .number({ message: ALERT_MESSAGES.radius })
      .int(ALERT_MESSAGES.radius)
      .min(1, ALERT_MESSAGES.radius)
      .max(MAX_RADIUS_MILES, ALERT_MESSAGES.radius)
      .nullable()
      .optional(),
    // Newer clients: every channel's settings (e-mail's on/off and mode must be `enabled` and `mode`), and quiet hours (null: none).
    channels: z.array(channelBody).max(ALERT_CHANNELS.length, ALERT_MESSAGES.channelTwice).optional(),
    quiet_hours: quietHoursBody.nullable().optional(),
  })
  .strict()
  .transform(async (v, ctx) => {
    const channelProblem = checkChannels(v);
    if (channelProblem) {
      ctx.addIssue({ code: 'custom', message: channelProblem, path: ['channels'] });
      return z.NEVER;
    }
    const boards = await alertBoards();
    const unknown = v.board_ids.findIndex((id) => !boards.some((b) => b.board_id === id));
    if (unknown >= 0) {
      ctx.addIssue({ code: 'custom', message: ALERT_MESSAGES.unknownBoard, path: ['board_ids', unknown] });
      return z.NEVER;
    }
    if (new Set(v.board_ids).size > MAX_ALERT_BOARDS) {
      ctx.addIssue({ code: 'custom', message: ALERT_MESSAGES.tooManyBoards, path: ['board_ids'] });
      return z.NEVER;
    }
    return {
      ...v,
      channels: v.channels?.map((c) => ({ ...c, kinds: ALERT_KIND_CHOICES.filter((k) => c.kinds.includes(k)) })),
      listing_types: ALERT_LISTING_TYPES.filter((t) => v.listing_types.includes(t)),
      board_ids: boards.map((b) => b.board_id).filter((id) => v.board_ids.includes(id)),
      store_ids: [...new Set(v.store_ids)].sort((a, b) => a - b),
    };
  });

/** What is wrong with the channels sent, or null. */
function checkChannels(v: { enabled: boolean; mode: string; channels?: z.infer<typeof channelBody>[] }): string | null {
  if (!v.channels) return null;
  const available = availableChannels();
  const seen = new Set<string>();
  for (const c of v.channels) {
    if (!available.includes(c.channel)) return ALERT_MESSAGES.unknownChannel;
    if (seen.has(c.channel)) return ALERT_MESSAGES.channelTwice;
    seen.add(c.channel);
    if (c.channel === ORIGINAL_CHANNEL && (c.enabled !== v.enabled || c.mode !== v.mode)) return ALERT_MESSAGES.emailMismatch;
    if (c.enabled && !c.kinds.length) return noKindMessage(c.channel);
  }
  return null;
}

export type SettingsInput = z.output<typeof settingsBody>;

type Row = {
  enabled: boolean;
  mode: AlertSettingsDto['mode'];
  digestHour: number;
  listingTypes: string[];
  minQuantity: number;
  boardIds: number[];
  storeIds: number[];
  radiusMiles: number | null;
};

/** `boardOrder`: every board, in the order the card lists them; a saved board no longer there is left out. */
function toDto(row: Row | null, boardOrder: number[] = []): AlertSettingsDto {
  if (!row) return { ...DEFAULT_ALERT_SETTINGS, listing_types: [...DEFAULT_ALERT_SETTINGS.listing_types] };
  return {
    enabled: row.enabled,
    mode: row.mode,
    digest_hour: row.digestHour,
    listing_types: ALERT_LISTING_TYPES.filter((t) => row.listingTypes.includes(t)),
    min_quantity: row.minQuantity,
    board_ids: boardOrder.filter((id) => row.boardIds.includes(id)),
    store_ids: [...row.storeIds].sort((a, b) => a - b),
    radius_miles: row.radiusMiles,
  };
}

const SELECT = { digestHour: true, listingTypes: true, minQuantity: true, boardIds: true, storeIds: true, radiusMiles: true } as const;

const boardOrder = async () => (await alertBoards()).map((b) => b.board_id);

/**
 * The user's saved settings, `enabled` and `mode` being ORIGINAL_CHANNEL's; without any, the defaults, alerting
 * for the user's home board (Wake without one), whatever its precision.
 */
export async function getSettings(userId: number): Promise<AlertSettingsDto> {
  const row = await db.alertSettings.findUnique({ where: { userId }, select: SELECT });
  if (row) {
    const original = (await channelSettings(userId)).find((c) => c.channel === ORIGINAL_CHANNEL)!;
    return toDto({ ...row, enabled: original.enabled, mode: original.mode }, await boardOrder());
  }
  const user = await db.user.findUnique({ where: { id: userId }, select: { homeBoardId: true } });
  return { ...toDto(null), board_ids: [user?.homeBoardId ?? WAKE_BOARD_ID] };
}

/** Every channel this server delivers on, as the user set it (never set: off). */
export async function channelSettings(userId: number): Promise<ChannelSettingsDto[]> {
  const rows = await db.alertChannelSettings.findMany({ where: { userId }, select: { channel: true, enabled: true, mode: true, kinds: true } });
  return availableChannels().map((channel) => {
    const row = rows.find((r) => r.channel === channel);
    return row ? { channel, enabled: row.enabled, mode: row.mode, kinds: ALERT_KIND_CHOICES.filter((k) => row.kinds.includes(k)) } : defaultChannelSettings(channel);
  });
}

export async function quietHours(userId: number): Promise<QuietHoursDto | null> {
  const row = await db.alertSettings.findUnique({ where: { userId }, select: { quietStartHour: true, quietEndHour: true, quietHoldEmail: true } });
  if (row?.quietStartHour == null || row.quietEndHour == null) return null;
  return { start_hour: row.quietStartHour, end_hour: row.quietEndHour, hold_email: row.quietHoldEmail };
}

/** What GET and PUT /api/alerts/settings answer besides `settings`: the channels and quiet hours. */
export async function deliverySettings(userId: number): Promise<{ channels: ChannelSettingsDto[]; quiet_hours: QuietHoursDto | null }> {
  return { channels: await channelSettings(userId), quiet_hours: await quietHours(userId) };
}

const keptBoards = new ChangeCache<AlertBoardOption[]>(['boards', 'stores', 'board_sources'], 1);

/**
 * Every board alerts can follow, with its precision (lib/reference/precision.ts) and, for a board whose
 * shipments are its one store's, that store: the shelf boards first (in shelfBoards' order), then the
 * one-store boards, then the others, each by name. Shared: never modify.
 */
export function alertBoards(): Promise<AlertBoardOption[]> {
  return keptBoards.get('all', async () => {
    const [shelves, facts] = await Promise.all([shelfBoards(), boardFacts()]);
    const RANK = { shelf: 0, store_by_shipment: 1, board: 2 } as const;
    const options = [...facts.values()].map(
      (f): AlertBoardOption => ({
        board_id: f.boardId,
        name: f.name,
        precision: f.precision,
        stores: f.stores,
        only_store: f.onlyStore && {
          store_id: f.onlyStore.store_id,
          board_id: f.boardId,
          store_number: f.onlyStore.store_number,
          nickname: f.onlyStore.nickname,
          address: f.onlyStore.address,
        },
      }),
    );
    const shelfOrder = (id: number) => shelves.findIndex((s) => s.id === id);
    return options.sort(
      (a, b) => RANK[a.precision] - RANK[b.precision] || shelfOrder(a.board_id) - shelfOrder(b.board_id) || a.name.localeCompare(b.name, 'en'),
    );
  });
}

/**
 * Stores a user may limit alerts to: every store whose shelves the scraper reads (the shelf boards'), and the
 * one store of each board whose shipments are that store's.
 */
export async function storeOptions(): Promise<StoreOption[]> {
  const stores = await db.store.findMany({
    where: { boardId: { in: (await shelfBoards()).map((b) => b.id) } },
    select: { id: true, boardId: true, storeNumber: true, nickname: true, address: true },
    orderBy: [{ nickname: 'asc' }, { storeNumber: 'asc' }],
  });
  const shelf = stores.map((s) => ({ store_id: s.id, board_id: s.boardId, store_number: s.storeNumber, nickname: s.nickname, address: s.address }));
  return [...shelf, ...(await alertBoards()).flatMap((b) => (b.only_store ? [b.only_store] : []))];
}

/** What the settings card needs besides the settings: every board with its precision, the stores to narrow to, the Premium threshold. */
export async function settingsOptions(): Promise<{ boards: AlertBoardOption[]; stores: StoreOption[]; premium_min_price: number }> {
  return {
    boards: await alertBoards(),
    stores: await storeOptions(),
    premium_min_price: env().PREMIUM_MIN_PRICE,
  };
}

/**
 * The stores chosen must be stores alerts can name: a shelf board's, or a one-store board's store, of a board
 * chosen; and no board whose shipments name only the board may be chosen with stores (it could never alert).
 */
async function checkStores(input: SettingsInput): Promise<void> {
  if (!input.store_ids.length) return;
  const boards = await alertBoards();
  const narrowed = wholeBoardNarrowed(input.board_ids, input.store_ids, boards);
  if (narrowed) throw new ApiError('bad_request', storeOfWholeBoardMessage(narrowed.name));
  const stores = await db.store.findMany({ where: { id: { in: input.store_ids } }, select: { id: true, boardId: true } });
  if (stores.length !== input.store_ids.length) throw new ApiError('bad_request', ALERT_MESSAGES.unknownStore);
  for (const store of stores) {
    const board = boards.find((b) => b.board_id === store.boardId)!;
    if (board.precision === 'board') throw new ApiError('bad_request', storeOfWholeBoardMessage(board.name));
    if (!input.board_ids.includes(store.boardId)) throw new ApiError('bad_request', ALERT_MESSAGES.storeOutsideBoards);
  }
}

type Tx = Prisma.TransactionClient;

/**
 * Saves the settings. Answers them as GET does: `settings`, and the channels and quiet hours when the request set
 * them (a client that sends only the original fields gets only `settings`, as before channels).
 */
export async function saveSettings(
  userId: number,
  input: SettingsInput,
): Promise<{ settings: AlertSettingsDto; channels?: ChannelSettingsDto[]; quiet_hours?: QuietHoursDto | null }> {
  await checkStores(input);
  // A distance starts from the hunter's place: without one it would silently alert nothing.
  if (input.radius_miles != null && !(await db.hunterPlace.findUnique({ where: { userId }, select: { userId: true } }))) {
    throw new ApiError('bad_request', ALERT_MESSAGES.radiusNeedsPlace);
  }
  const kept = await channelSettings(userId);
  const original = input.channels?.find((c) => c.channel === ORIGINAL_CHANNEL) ?? kept.find((c) => c.channel === ORIGINAL_CHANNEL)!;
  const channels: ChannelSettingsDto[] = [
    { ...original, enabled: input.enabled, mode: input.mode },
    ...(input.channels ?? []).filter((c) => c.channel !== ORIGINAL_CHANNEL),
  ];
  const data = {
    digestHour: input.digest_hour,
    listingTypes: input.listing_types as AlertListingType[],
    minQuantity: input.min_quantity,
    boardIds: input.board_ids,
    storeIds: input.store_ids,
    ...(input.radius_miles !== undefined && { radiusMiles: input.radius_miles }),
    ...(input.quiet_hours !== undefined && {
      quietStartHour: input.quiet_hours?.start_hour ?? null,
      quietEndHour: input.quiet_hours?.end_hour ?? null,
      quietHoldEmail: input.quiet_hours?.hold_email ?? false,
    }),
  };
  await db.$transaction(async (tx) => {
    await tx.alertSettings.upsert({ where: { userId }, create: { userId, ...data }, update: data });
    for (const c of channels) await saveChannel(tx, userId, c);
    for (const c of channels) await settleWaiting(tx, userId, c);
  });
  const settings = await getSettings(userId);
  return input.channels === undefined && input.quiet_hours === undefined ? { settings } : { settings, ...(await deliverySettings(userId)) };
}

async function saveChannel(tx: Tx, userId: number, c: ChannelSettingsDto): Promise<void> {
  const data = { enabled: c.enabled, mode: c.mode, kinds: c.kinds };
  await tx.alertChannelSettings.upsert({ where: { userId_channel: { userId, channel: c.channel } }, create: { userId, channel: c.channel, ...data }, update: data });
}

/**
 * Waiting alerts follow the new settings: dropped on a channel turned off or for a kind no longer chosen (the log
 * keeps them as cancelled); switched from the digest to instant, what waited for the digest goes out next.
 */
async function settleWaiting(tx: Tx, userId: number, c: Pick<ChannelSettingsDto, 'channel' | 'enabled' | 'mode'>): Promise<void> {
  await cancelIneligible(tx, c.channel, userId);
  if (c.enabled && c.mode === 'instant') await releaseDigestWaiting(tx, c.channel, userId);
}

/** One channel off, every other setting and channel kept (an e-mail's unsubscribe link). Idempotent. */
export async function turnChannelOff(userId: number, channel: AlertChannelName): Promise<void> {
  const defaults = DEFAULT_ALERT_SETTINGS;
  const off: ChannelSettingsDto = { ...(await channelSettings(userId)).find((c) => c.channel === channel)!, enabled: false };
  await db.$transaction(async (tx) => {
    await tx.alertSettings.upsert({
      where: { userId },
      create: {
        userId,
        digestHour: defaults.digest_hour,
        listingTypes: [...defaults.listing_types],
        minQuantity: defaults.min_quantity,
        storeIds: [],
      },
      update: {},
    });
    await saveChannel(tx, userId, off);
    await settleWaiting(tx, userId, off);
  });
}

/** Whether the user has `channel` on. */
export async function channelOn(userId: number, channel: AlertChannelName): Promise<boolean> {
  const row = await db.alertChannelSettings.findUnique({ where: { userId_channel: { userId, channel } }, select: { enabled: true } });
  return Boolean(row?.enabled);
}

/** "c•••@example.com": enough for the owner to recognise the account on the unsubscribe page. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}
