import 'server-only';
import { z } from 'zod';
import { ApiError } from '../api/errors.ts';
import { ChangeCache } from '../db/changes.ts';
import { db } from '../db/index.ts';
import { env } from '../env.ts';
import { WAKE_BOARD_ID } from '../reference/boards.ts';
import { boardPrecision } from '../reference/precision.ts';
import { shelfBoards } from '../reference/shelf-boards.ts';
import {
  ALERT_LISTING_TYPES,
  ALERT_MESSAGES,
  ALERT_MODES,
  DEFAULT_ALERT_SETTINGS,
  MAX_ALERT_BOARDS,
  MAX_ALERT_STORES,
  MIN_QUANTITY_MAX,
  storeOfWholeBoardMessage,
  wholeBoardNarrowed,
  type AlertBoardOption,
  type AlertListingType,
  type AlertSettingsDto,
  type StoreOption,
} from './rules.ts';

// A user's alert settings (one alert_settings row; none means the defaults, alerts off) and the
// unsubscribe that an e-mail link performs.

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
  })
  .strict()
  .transform(async (v, ctx) => {
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
      listing_types: ALERT_LISTING_TYPES.filter((t) => v.listing_types.includes(t)),
      board_ids: boards.map((b) => b.board_id).filter((id) => v.board_ids.includes(id)),
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
  };
}

const SELECT = { enabled: true, mode: true, digestHour: true, listingTypes: true, minQuantity: true, boardIds: true, storeIds: true } as const;

const boardOrder = async () => (await alertBoards()).map((b) => b.board_id);

/** The user's saved settings; without any, the defaults, alerting for the user's home board (Wake without one), whatever its precision. */
export async function getSettings(userId: number): Promise<AlertSettingsDto> {
  const row = await db.alertSettings.findUnique({ where: { userId }, select: SELECT });
  if (row) return toDto(row, await boardOrder());
  const user = await db.user.findUnique({ where: { id: userId }, select: { homeBoardId: true } });
  return { ...toDto(null), board_ids: [user?.homeBoardId ?? WAKE_BOARD_ID] };
}

const keptBoards = new ChangeCache<AlertBoardOption[]>(['boards', 'stores', 'board_sources'], 1);

/**
 * Every board alerts can follow, with its precision (lib/reference/precision.ts) and, for a board whose
 * shipments are its one store's, that store: the shelf boards first (in shelfBoards' order), then the
 * one-store boards, then the others, each by name. Shared: never modify.
 */
export function alertBoards(): Promise<AlertBoardOption[]> {
  return keptBoards.get('all', async () => {
    const shelves = await shelfBoards();
    const boards = await db.board.findMany({
      select: { id: true, nameClean: true, stores: { select: { id: true, storeNumber: true, nickname: true, address: true, mixedBeverage: true } } },
    });
    const RANK = { shelf: 0, store_by_shipment: 1, board: 2 } as const;
    const options = boards.map((b): AlertBoardOption => {
      const precision = boardPrecision({
        shelfSource: shelves.some((s) => s.id === b.id),
        stores: b.stores.length,
        retailStores: b.stores.filter((s) => !s.mixedBeverage).length,
      });
      const only = precision === 'store_by_shipment' ? b.stores[0] : null;
      return {
        board_id: b.id,
        name: b.nameClean,
        precision,
        stores: b.stores.length,
        only_store: only && { store_id: only.id, board_id: b.id, store_number: only.storeNumber, nickname: only.nickname, address: only.address },
      };
    });
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

export async function saveSettings(userId: number, input: SettingsInput): Promise<AlertSettingsDto> {
  await checkStores(input);
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
  return toDto(row, await boardOrder());
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
