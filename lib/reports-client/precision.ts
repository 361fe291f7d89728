import type { BoardPrecision, Precision } from '../reference/precision.ts';
import type { DayNote } from '../reports/shipment-days.ts';
import { plural, usDate, usDateTime } from './format.ts';

// The words that say how precise a figure is and how old (decision 022), in one
// place so screens, e-mails and the e2e tests say the same thing. A shipment is never worded as a shelf: a
// wrong "arrived" costs a hunter a drive. Pure; dates are YYYY-MM-DD, times ISO instants, shown in New York.

/** Where is it now's sections, finest first: the product on a shelf, shipped to a one-store board, to a bigger board, at the warehouse. */
export const WHERE_SECTIONS: Record<Precision, string> = {
  shelf: 'On the shelf',
  store_by_shipment: 'Shipped to a board with one store',
  board: 'Shipped to a board',
  warehouse: 'At the state warehouse',
};

/** The badge beside a figure, by precision. */
export const PRECISION_BADGES: Record<Precision, string> = {
  shelf: 'On the shelf',
  store_by_shipment: "Shipped to this store's board",
  board: 'Shipped to the board',
  warehouse: 'At the state warehouse',
};

/**
 * What was shipped: on `date`, or, with `withinDays`, in total over that many days up to the latest shipment on
 * `date` (a sum is never dated as one day's shipment).
 */
interface Shipped {
  date: string;
  cases: number;
  units: number;
  withinDays?: number;
}

/** One figure and what it is about; `precision` picks the sentence. */
export type PlaceFigure =
  | { precision: 'shelf'; store: string; bottles: number; checkedAt: string }
  | { precision: 'shelf'; store: string; arrivedAt: string }
  | ({ precision: 'store_by_shipment'; board: string; store: string } & Shipped)
  /** `stores`: the board's known stores (0 for a board with none in the reference data). */
  | ({ precision: 'board'; board: string; stores: number } & Shipped)
  | { precision: 'warehouse'; bottles: number; checkedAt: string };

const shipped = (f: Shipped) => `${plural(f.cases, 'case')} (${plural(f.units, 'bottle')})`;
const shippedWhen = (f: Shipped) => (f.withinDays ? `in the last ${f.withinDays} days (latest ${usDate(f.date)})` : `on ${usDate(f.date)}`);

/** The sentence for one figure, e.g. "Shipped to Mecklenburg County on 11/20/2026: 2 cases (12 bottles) for one of its 31 stores — the state does not say which." */
export function placeSentence(f: PlaceFigure): string {
  switch (f.precision) {
    case 'shelf':
      return 'arrivedAt' in f
        ? `Arrived on the shelf at ${f.store}, ${usDateTime(f.arrivedAt)}`
        : `On the shelf at ${f.store}: ${plural(f.bottles, 'bottle')} (checked ${usDateTime(f.checkedAt)})`;
    case 'store_by_shipment':
      return `Shipped to this store's board ${shippedWhen(f)}: ${shipped(f)} for ${f.store}, ${f.board}'s only store. Its shelves are not published.`;
    case 'board':
      // "One of its 1 stores" would name the store it cannot (its one store is an outlet); with none known there is none to name.
      return f.stores >= 2
        ? `Shipped to ${f.board} ${shippedWhen(f)}: ${shipped(f)} for one of its ${f.stores} stores — the state does not say which.`
        : `Shipped to ${f.board} ${shippedWhen(f)}: ${shipped(f)} — the state does not say for which store.`;
    case 'warehouse':
      return `${plural(f.bottles, 'bottle')} at the state warehouse (checked ${usDateTime(f.checkedAt)})`;
  }
}

/**
 * What a hunter should know about one day of shipments. Missing, late, truncated and spanning days keep the
 * note lib/reports/shipment-days.ts:dayNote already gave them (the API sends it); this adds the words for the
 * days it leaves without one on the screens that show a single day. A complete day needs none: null.
 * `firstTracked`: the first day an extract was read (null: none yet).
 */
export function dayWords(day: DayNote, firstTracked: string | null): string | null {
  if (day.note) return day.note;
  switch (day.status) {
    case 'pending':
      return "The state publishes today's shipments at about 11 AM. Not known yet — this is not 'nothing shipped'.";
    case 'baseline':
      return `${usDate(day.date)} is the first shipment report read: shipments up to that day are not dated.`;
    case 'not_tracked':
      return firstTracked ? `Shipments before ${usDate(firstTracked)} were not tracked.` : 'Shipments are not tracked yet: no shipment report has been read.';
    default:
      return null;
  }
}

/** Added to a day's words while the latest shipments run failed: `since`, the first failed run after the last good one. */
export function failingWords(since: string): string {
  return `The state's shipment report could not be read since ${usDateTime(since)}.`;
}

/** Today's Arrivals' sentence for a board whose shelves are not read. */
export function shipmentsSubtitle(board: string): string {
  return `Hunted products the state shipped to ${board} on this day. ${board} does not publish its shelves, so this is what left the state warehouse, not what is on a shelf.`;
}

/** Where a day's shipments come from and when that report was read (null: none read for the day). */
export function shipmentsFooter(readAt: string | null): string {
  return `Shipments come from the state's daily report, published about 11 AM. Report read: ${readAt ? usDateTime(readAt) : 'not yet'}.`;
}

/** A complete day with nothing hunted shipped to the board. */
export function noShipmentsWords(board: string, date: string): string {
  return `No hunted products were shipped to ${board} on ${usDate(date)}.`;
}

/** A shelf board's shipments of the day, shown apart from its shelf arrivals: the heading, and the line under it. */
export function shelfBoardShipmentsTitle(board: string): string {
  return `Shipped to ${board} this day`;
}
export const SHELF_BOARD_SHIPMENTS_NOTE = "From the state's daily report, not a shelf reading: they show above once a shelf has them.";

/** The panel of a shelf-only screen (Current Inventory, Delivery Analysis) for a board whose shelves are not read. */
export function shelvesNotReadWords(board: string): string {
  return `We can't read ${board}'s store shelves: it publishes no store inventory. What the state shipped to it is on Today's Arrivals.`;
}

/**
 * The Stores list's note for a board whose shelves are not read, said once above its stores. A one-store
 * board's shipments are its store's; a bigger board's name only the board.
 */
export function storesNotReadWords(board: string, precision: 'store_by_shipment' | 'board'): string {
  return precision === 'store_by_shipment'
    ? `${board} does not publish its shelves. It has one store, so what the state ships to ${board} is that store's: its page lists those shipments.`
    : `${board} does not publish its shelves, and the state's report names only the board, not which of its stores: what was shipped to it is on Today's Arrivals.`;
}

/** The Stores screen's sentence: a shelf board's stores with their trucks and drops, any other board's with where they are. */
export function storesSubtitle(boardAbc: string, shelvesRead: boolean): string {
  return shelvesRead
    ? `${boardAbc} stores: where they are, when their trucks come and what they got.`
    : `${boardAbc} stores: where they are and how to reach them.`;
}

/** An earlier day a shipment also counts, and why that day had no whole report for the board. */
export interface CoveredDay {
  date: string;
  why: 'missing' | 'incomplete';
}

/**
 * What a shipment dated `date` also counts: "(between 11/16/2026 and 11/17/2026: the report for 11/16/2026
 * was missing)". Empty when it counts its own day only. `alsoCovers`: oldest first, the days just before `date`.
 */
export function spanWords(date: string, alsoCovers: CoveredDay[]): string {
  if (!alsoCovers.length) return '';
  const dates = alsoCovers.map((d) => usDate(d.date));
  const kinds = new Set(alsoCovers.map((d) => d.why));
  const why = kinds.size > 1 ? 'missing or incomplete' : alsoCovers[0].why;
  const which =
    dates.length === 1
      ? `the report for ${dates[0]} was`
      : `the reports for ${dates.length === 2 ? dates.join(' and ') : `${dates[0]}–${dates[dates.length - 1]}`} were`;
  return `(between ${dates[0]} and ${usDate(date)}: ${which} ${why})`;
}

/** One shipment line of an alert e-mail (a shipment is never worded as a shelf). */
export type ShipmentAlertFigure =
  | { precision: 'store_by_shipment'; board: string; store: string; address: string; date: string; cases: number; units: number; alsoCovers: CoveredDay[] }
  | { precision: 'board'; board: string; stores: number; date: string; cases: number; units: number; alsoCovers: CoveredDay[] };

/**
 * "Shipped to this store's board on 11/20/2026: Boone, 123 King St (Boone's only store) — 1 case (6 bottles). Not yet seen on a shelf."
 * "Shipped to Mecklenburg County on 11/20/2026 — 2 cases (12 bottles) for one of its 31 stores; the state does not say which."
 */
export function shipmentAlertLine(f: ShipmentAlertFigure): string {
  const span = spanWords(f.date, f.alsoCovers);
  const on = `on ${usDate(f.date)}${span ? ` ${span}` : ''}`;
  if (f.precision === 'store_by_shipment') {
    // Stores named by their street ("2067 Blowing Rock Rd") are not named twice.
    const store = f.address.startsWith(f.store) ? f.address : `${f.store}, ${f.address}`;
    return `${PRECISION_BADGES.store_by_shipment} ${on}: ${store} (${f.board}'s only store) — ${shipped(f)}. Not yet seen on a shelf.`;
  }
  return f.stores >= 2
    ? `Shipped to ${f.board} ${on} — ${shipped(f)} for one of its ${f.stores} stores; the state does not say which.`
    : `Shipped to ${f.board} ${on} — ${shipped(f)}; the state does not say for which store.`;
}

/** A shipment in a few words, for a phone notification: a board's shipment never names a store. */
export type ShipmentBriefFigure =
  | { precision: 'store_by_shipment'; board: string; store: string; units: number }
  | { precision: 'board'; board: string; stores: number; units: number };

/** "12 bottles shipped to Mecklenburg County (store not named)", "6 bottles shipped to Boone's only store, King St". */
export function shipmentBrief(f: ShipmentBriefFigure): string {
  const bottles = plural(f.units, 'bottle');
  if (f.precision === 'store_by_shipment') return `${bottles} shipped to ${f.board}'s only store, ${f.store}`;
  return f.stores >= 2 ? `${bottles} shipped to ${f.board} (store not named)` : `${bottles} shipped to ${f.board}`;
}

/** The digest's heading above the days whose shipment report was missing, late or incomplete for a chosen board. */
export const REPORT_GAPS_HEADING =
  "Days the state's shipment report was missing, late or incomplete for your boards — no shipment listed for those days does not mean nothing shipped:";

/** One such day for one board, in the words of its day note (lib/reports/shipment-days.ts:dayNote). */
export function reportGapLine(board: string, note: string): string {
  return `${board}: ${note}`;
}

/** The groups a board choice shows boards in, by precision. */
export const BOARD_GROUP_LABELS: Record<BoardPrecision, string> = {
  shelf: 'Store shelves read',
  store_by_shipment: 'One store',
  board: 'Shipments to the board only',
};

/** What alerts for a board mean, by its precision (the alert settings' hint under each chosen board). */
export function alertBoardHint(b: { precision: BoardPrecision; name: string; stores: number; onlyStore: string | null }): string {
  switch (b.precision) {
    case 'shelf':
      return 'Alerts when bottles arrive on one of its store shelves.';
    case 'store_by_shipment':
      return `Alerts when the state ships to its only store, ${b.onlyStore} (from the state's daily report, about 11 AM).`;
    case 'board':
      return b.stores >= 2
        ? `Alerts when the state ships to ${b.name}. The state does not say which of its ${b.stores} stores.`
        : `Alerts when the state ships to ${b.name}. The state does not say for which store.`;
  }
}

/** The minimum-quantity hint: what the number counts for each kind of alert. */
export const MIN_QUANTITY_HINT = 'On a shelf: bottles there after the arrival. Shipments: bottles shipped.';
