import { WAKE_BOARD_ID } from '../reference/boards.ts';
import type { BoardEntry, CoveredBoardInfo } from '../reports/types.ts';
import { usDateTime } from './format.ts';
import { BOARD_GROUP_LABELS } from './precision.ts';
import { WAKE_RETAIL_STORES_ESTIMATE } from './options.ts';

// The board a store-level report screen shows (Today's Arrivals, Current Inventory, Delivery Analysis, Stores):
// a board chosen in the screen's Board select and kept in the address as `?board=<id>`; without it, the user's
// home board (profile), else Wake. Which boards there are and which have their shelves read is data: the
// browser gets them from GET /api/boards (every board, with its precision) and GET /api/boards/covered (the
// shelf boards' freshness), which the server pages pass down with their first answer
// (app/_components/reports/initial-board.ts), and hands them to these helpers.

export { WAKE_BOARD_ID };

/** A board a screen offers and names: a directory or covered-boards entry, or its id and name alone. */
export type BoardOption = Pick<CoveredBoardInfo, 'board_id' | 'name'>;

const find = (id: number, boards: readonly BoardOption[]) => boards.find((b) => b.board_id === id);

/** The address parameter that names the board. */
export const BOARD_PARAM = 'board';

/** A board's id from the address's text, or null (absent, not a number, not among `boards`). */
export function boardFromParam(value: string | string[] | null | undefined, boards: readonly BoardOption[]): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text || !/^\d{1,9}$/.test(text)) return null;
  const id = Number(text);
  return find(id, boards) ? id : null;
}

/** The board shown: the one the address names, else the home board when it is among `boards`, else Wake. */
export function chooseBoard(fromAddress: number | null, homeBoardId: number | null | undefined, boards: readonly BoardOption[]): number {
  if (fromAddress !== null) return fromAddress;
  if (homeBoardId && find(homeBoardId, boards)) return homeBoardId;
  return WAKE_BOARD_ID;
}

/** The board choice's groups, by precision, in this order (every board of the directory in one of them). */
export const BOARD_GROUPS = (['shelf', 'store_by_shipment', 'board'] as const).map((precision) => ({ precision, label: BOARD_GROUP_LABELS[precision] }));

/** The directory's boards in BOARD_GROUPS, each group by name. */
export function groupBoards(boards: readonly BoardEntry[]): { label: string; boards: BoardEntry[] }[] {
  return BOARD_GROUPS.map((g) => ({
    label: g.label,
    boards: boards.filter((b) => b.precision === g.precision).sort((a, b) => a.name.localeCompare(b.name, 'en')),
  }));
}

/**
 * A report call's path for a board: `boardId` added for a board other than Wake, so Wake's calls stay exactly
 * the calls of the spec (the API's default board is Wake).
 */
export function withBoard(path: string, boardId: number): string {
  return boardId === WAKE_BOARD_ID ? path : `${path}${path.includes('?') ? '&' : '?'}boardId=${boardId}`;
}

/** "Wake County", "Greensboro". */
export function boardName(id: number, boards: readonly BoardOption[]): string {
  return find(id, boards)?.name ?? 'Wake County';
}

/** The board as the texts name its stores and pages: "Wake County ABC", "Greensboro ABC". */
export function boardAbc(id: number, boards: readonly BoardOption[]): string {
  return `${boardName(id, boards)} ABC`;
}

/** A board's name in short: "Wake", "Durham", "Greensboro", "New Hanover". */
export function shortName(name: string): string {
  return name.replace(/ County$/, '');
}

/** The board in short: "Wake", "Durham", "Greensboro", "New Hanover". */
export function boardShortName(id: number, boards: readonly BoardOption[]): string {
  return shortName(boardName(id, boards));
}

/**
 * The stores the delivery-analysis estimate starts from when the list of stores without deliveries cannot be
 * loaded: the spec's 26 for Wake, the board's retail stores for the others (null while unknown: 0).
 */
export function storesEstimateBase(boardId: number, retailStores: number | null | undefined): number {
  return boardId === WAKE_BOARD_ID ? WAKE_RETAIL_STORES_ESTIMATE : Math.max(0, retailStores ?? 0);
}

/** What a screen says about the freshness of the board's shelves. */
export type Freshness = { kind: 'ok'; text: string } | { kind: 'warn'; text: string };

/**
 * "Last check: 03/11/2026 2:15 PM", or a warning when the board's source is failing ("Durham's inventory
 * source is failing: last good check 03/10/2026 11:00 AM."), has not had a good check for a day, or none yet.
 */
export function freshness(info: Pick<CoveredBoardInfo, 'name' | 'last_check' | 'failing' | 'stale' | 'last_run_status'>): Freshness {
  const who = shortName(info.name);
  const last = info.last_check ? usDateTime(info.last_check) : null;
  const outdated = 'What you see may be out of date.';
  if (info.failing) {
    return { kind: 'warn', text: `${who}'s inventory source is failing: ${last ? `last good check ${last}` : 'no good check yet'}. ${outdated}` };
  }
  if (info.stale) {
    if (!last) {
      return info.last_run_status === 'running' || info.last_run_status === null
        ? { kind: 'warn', text: `${who}'s store shelves have not been checked yet.` }
        : { kind: 'warn', text: `${who}'s inventory source has no good check yet. ${outdated}` };
    }
    return { kind: 'warn', text: `${who}'s inventory source is not updating: last good check ${last}. ${outdated}` };
  }
  return { kind: 'ok', text: `Last check: ${last ?? 'not yet'}` };
}
