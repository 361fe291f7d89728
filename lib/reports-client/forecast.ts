// How the screens word a forecast (issue 26): the day a place expects it, its window, and what became of it.
// Pure: usable on the server and in the browser.
import type { ForecastPlace, IncomingShipment } from '../forecast/types.ts';
import { nyDate, weekdayOf } from '../time.ts';
import { usDateTime } from './format.ts';

const short = (ymd: string) => `${weekdayOf(ymd).slice(0, 3)} ${Number(ymd.slice(5, 7))}/${Number(ymd.slice(8, 10))}`;

/** "Tue 12/1", or "Tue 12/1 – Fri 12/4" for a window of several days. */
export function windowWords(place: Pick<ForecastPlace, 'window_start' | 'window_end'>): string {
  return place.window_start === place.window_end ? short(place.window_start) : `${short(place.window_start)} – ${short(place.window_end)}`;
}

/** When a place should see it: its expected delivery day and the latest it may slip to, or what happened. */
export function whenWords(place: Pick<ForecastPlace, 'outcome' | 'arrived_at' | 'expected_date' | 'window_start' | 'window_end'>, today: string = nyDate()): string {
  if (place.outcome === 'arrived') return place.arrived_at ? `Arrived ${usDateTime(place.arrived_at)}` : 'Arrived';
  if (place.outcome === 'not_arrived') return `Not seen by ${short(place.window_end)}`;
  if (place.outcome === 'unscorable') return `Window closed ${short(place.window_end)}`;
  const due = place.expected_date ?? place.window_start;
  if (due < today) return `Due since ${short(due)}, not seen yet; window ends ${short(place.window_end)}`;
  if (!place.expected_date) return place.window_start === place.window_end ? `Expected ${short(place.window_start)}` : `Between ${short(place.window_start)} and ${short(place.window_end)}`;
  return place.window_end > place.expected_date ? `Expected ${short(place.expected_date)}, or by ${short(place.window_end)}` : `Expected ${short(place.expected_date)}`;
}

/** "very likely · 8 in 10". */
export function likelihoodLabel(place: Pick<ForecastPlace, 'likelihood_words' | 'likelihood_in_ten'>): string {
  return `${place.likelihood_words} · ${place.likelihood_in_ten}`;
}

/**
 * A board-level forecast in board words (issue 37): "somewhere in Mecklenburg County's 29 stores; the state does
 * not say which". Never a store-style likelihood: the bottles surely reach one of its stores, only not a known one.
 * `stores`: the board's retail stores when known (undefined or under 2: not counted).
 */
export function boardPlaceWords(boardName: string, stores?: number): string {
  return stores !== undefined && stores >= 2
    ? `somewhere in ${boardName}'s ${stores} stores; the state does not say which`
    : `somewhere in ${boardName}; the state does not say which store`;
}

/** Capitalised, for the start of a line. */
export const sentenceCase = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/** Where the place is: the store's name, or the board as a whole in board words. */
export function placeName(place: ForecastPlace, boardName: string, stores?: number): string {
  return place.store ? place.store.nickname : sentenceCase(boardPlaceWords(boardName, stores));
}

/** The precision of a shipment, on its collapsed card: what the forecast can say about which store. */
export type ShipmentPrecision = 'shelf' | 'store_by_shipment' | 'board';

/**
 * One line for a card: "Wake County's stores, the likeliest first", "2067 Blowing Rock Rd #1, this
 * board's only store", "Somewhere in Wake County's 29 stores; the state does not say which".
 */
export function precisionLine(f: { precision: ShipmentPrecision; board: string; stores?: number; onlyStore?: { nickname: string; store_number: number } | null }): string {
  if (f.precision === 'store_by_shipment') return f.onlyStore ? `${f.onlyStore.nickname} #${f.onlyStore.store_number}, this board's only store` : "This board's only store";
  if (f.precision === 'board') return sentenceCase(boardPlaceWords(f.board, f.stores));
  return `${f.board}'s stores, the likeliest first`;
}

/**
 * One line for a product card, over every open shipment of the product to the board: "On its way: 36 bottles, to
 * Appliance Ct (very likely, Fri 11/27), Avent Ferry (likely, Wed 12/2) and 19 more". A store named by several
 * shipments is listed once, at its likeliest; with no store named, the board.
 */
export function onItsWayCardLine(shipments: readonly IncomingShipment[], max = 3): string {
  const bottles = shipments.reduce((n, s) => n + s.units, 0);
  const best = new Map<string, { name: string; p: ForecastPlace }>();
  for (const s of shipments) {
    for (const p of s.places) {
      if (!p.named || p.outcome !== 'open') continue;
      const key = p.store ? String(p.store.store_id) : `board:${s.board_id}`;
      const seen = best.get(key);
      if (!seen || p.likelihood > seen.p.likelihood) best.set(key, { name: p.store ? p.store.nickname : s.board_name, p });
    }
  }
  const head = `On its way: ${bottles} ${bottles === 1 ? 'bottle' : 'bottles'}`;
  if (!best.size) return `${head} to ${shipments[0]?.board_name ?? 'the board'}`;
  const ranked = [...best.values()].sort((a, b) => b.p.likelihood - a.p.likelihood);
  // A board-level place has no store-style likelihood (issue 37): the board, in board words, and its window.
  const shown = ranked
    .slice(0, max)
    .map(({ name, p }) => (p.store ? `${name} (${p.likelihood_words}, ${p.expected_date ? short(p.expected_date) : windowWords(p)})` : `${boardPlaceWords(name)} (${windowWords(p)})`));
  const more = ranked.length - shown.length;
  return `${head}, to ${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

/** The record's link for a board (the Incoming record screen, one section per board). */
export const recordHref = (boardId: number) => `/incoming/record#board-${boardId}`;
