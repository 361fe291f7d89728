import 'server-only';
import { z } from 'zod';
import { ApiError } from '../api/errors.ts';
import { db } from '../db/index.ts';
import { env } from '../env.ts';
import { WAKE_BOARD_ID } from '../reference/boards.ts';
import { shelfBoards } from '../reference/shelf-boards.ts';
import {
  ALERT_LISTING_TYPES,
  ALERT_MESSAGES,
  ALERT_MODES,
  DEFAULT_ALERT_SETTINGS,
  MAX_ALERT_STORES,
  MIN_QUANTITY_MAX,
  type AlertListingType,
  type AlertSettingsDto,
  type StoreOption,
} from './rules.ts';

// A user's alert settings (one alert_settings row; none means the defaults, alerts off) and the
// unsubscribe that an e-mail link performs.

/** More ids than any board choice sends (each board once; a few repeats are tolerated and folded). */
const MAX_ALERT_BOARD_IDS = 50;

export const settingsBody = z
  .object({
    enabled: z.boolean(),
    mode: z.enum(ALERT_MODES),
    digest_hour: z.number({ message: ALERT_MESSAGES.digestHour }).int(ALERT_MESSAGES.digestHour).min(0, ALERT_MESSAGES.digestHour).max(23, ALERT_MESSAGES.digestHour),
    listing_types: z.array(z.enum(ALERT_LISTING_TYPES)).min(1, ALERT_MESSAGES.noListingType).max(10),
    min_quantity: z.number({ message: ALERT_MESSAGES.minQuantity }).int(ALERT_MESSAGES.minQuantity).min(1, ALERT_MESSAGES.minQuantity).max(MIN_QUANTITY_MAX, ALERT_MESSAGES.minQuantity),
    // Which ids are boards whose shelves are read is checked below, against board_sources.
    board_ids: z.array(z.number().int()).min(1, ALERT_MESSAGES.noBoard).max(MAX_ALERT_BOARD_IDS),
    store_ids: z.array(z.number().int().positive().max(2_147_483_647)).max(MAX_ALERT_STORES, ALERT_MESSAGES.tooManyStores),
  })
  .strict()
  .transform(async (v, ctx) => {
    const boards = await shelfBoards();
    const unknown = v.board_ids.findIndex((id) => !boards.some((b) => b.id === id));
    if (unknown >= 0) {
      ctx.addIssue({ code: 'custom', message: ALERT_MESSAGES.unknownBoard, path: ['board_ids', unknown] });
      return z.NEVER;
    }
    return {
      ...v,
      listing_types: ALERT_LISTING_TYPES.filter((t) => v.listing_types.includes(t)),
      board_ids: boards.map((b) => b.id).filter((id) => v.board_ids.includes(id)),
      store_ids: [...new Set(v.store_ids)].sort((a, b) => a - b),
    };
  });


export type SettingsInput = z.output<typeof settingsBody>;

type Row = {
  enabled: boolean;
  mode: AlertSettingsDto['mode'];
  digestHour: number;
  listingTypes: string[];
  minQuantity: number;
  boardIds: number[];
  storeIds: number[];
};

/** `boardOrder`: the boards whose shelves are read, in their order; a saved board no longer among them is left out. */
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
  };
}

const SELECT = { enabled: true, mode: true, digestHour: true, listingTypes: true, minQuantity: true, boardIds: true, storeIds: true } as const;

/** The user's saved settings; without any, the defaults, alerting for the user's home board (Wake without one). */
export async function getSettings(userId: number): Promise<AlertSettingsDto> {
  const row = await db.alertSettings.findUnique({ where: { userId }, select: SELECT });
  if (row) return toDto(row, (await shelfBoards()).map((b) => b.id));
  const user = await db.user.findUnique({ where: { id: userId }, select: { homeBoardId: true } });
  return { ...toDto(null), board_ids: [user?.homeBoardId ?? WAKE_BOARD_ID] };
}

/** Stores a user may limit alerts to: every store whose shelves the scraper reads (the covered boards'), by board. */
export async function storeOptions(): Promise<StoreOption[]> {
  const stores = await db.store.findMany({
    where: { boardId: { in: (await shelfBoards()).map((b) => b.id) } },
    select: { id: true, boardId: true, storeNumber: true, nickname: true, address: true },
    orderBy: [{ nickname: 'asc' }, { storeNumber: 'asc' }],
  });
  return stores.map((s) => ({ store_id: s.id, board_id: s.boardId, store_number: s.storeNumber, nickname: s.nickname, address: s.address }));
}

/** What the settings card needs besides the settings: the covered boards, their stores and the Premium threshold. */
export async function settingsOptions(): Promise<{ boards: { board_id: number; name: string }[]; stores: StoreOption[]; premium_min_price: number }> {
  return {
    boards: (await shelfBoards()).map((b) => ({ board_id: b.id, name: b.name })),
    stores: await storeOptions(),
    premium_min_price: env().PREMIUM_MIN_PRICE,
  };
}

export async function saveSettings(userId: number, input: SettingsInput): Promise<AlertSettingsDto> {
  if (input.store_ids.length) {
    const stores = await db.store.findMany({ where: { id: { in: input.store_ids } }, select: { boardId: true } });
    const boards = await shelfBoards();
    if (stores.length !== input.store_ids.length || stores.some((s) => !boards.some((b) => b.id === s.boardId))) throw new ApiError('bad_request', ALERT_MESSAGES.unknownStore);
    if (stores.some((s) => !input.board_ids.includes(s.boardId))) throw new ApiError('bad_request', ALERT_MESSAGES.storeOutsideBoards);
  }
  const data = {
    enabled: input.enabled,
    mode: input.mode,
    digestHour: input.digest_hour,
    listingTypes: input.listing_types as AlertListingType[],
    minQuantity: input.min_quantity,
    boardIds: input.board_ids,
    storeIds: input.store_ids,
  };
  const row = await db.alertSettings.upsert({ where: { userId }, create: { userId, ...data }, update: data, select: SELECT });
  if (!input.enabled) {
    await cancelWaiting(userId);
  } else if (input.mode === 'instant') {
    // Switched from the digest to instant alerts: what waited for the digest goes out with the next run.
    await db.alertLog.updateMany({ where: { userId, status: 'digest_pending' }, data: { status: 'pending' } });
  }
  return toDto(row, (await shelfBoards()).map((b) => b.id));
}

/** Alerts not sent yet are dropped when the user turns alerts off (the log keeps them as cancelled). */
async function cancelWaiting(userId: number): Promise<void> {
  await db.alertLog.updateMany({
    where: { userId, status: { in: ['pending', 'digest_pending'] } },
    data: { status: 'cancelled', error: 'alerts turned off' },
  });
}

/** The unsubscribe link: alerts off, other settings kept. Idempotent. */
export async function unsubscribe(userId: number): Promise<void> {
  const defaults = DEFAULT_ALERT_SETTINGS;
  await db.alertSettings.upsert({
    where: { userId },
    create: {
      userId,
      enabled: false,
      mode: defaults.mode,
      digestHour: defaults.digest_hour,
      listingTypes: [...defaults.listing_types],
      minQuantity: defaults.min_quantity,
      storeIds: [],
    },
    update: { enabled: false },
  });
  await cancelWaiting(userId);
}

/** "c•••@example.com": enough for the owner to recognise the account on the unsubscribe page. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}
