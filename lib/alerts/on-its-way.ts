import { likelihoodWords } from '../forecast/words.ts';
import type { BoardPrecision } from '../reference/precision.ts';
import { windowWords } from '../reports-client/forecast.ts';
import { plural, usDate } from '../reports-client/format.ts';

// The words of "on its way" alerts (docs/decisions/028-on-its-way-alerts.md): a forecast shipment, and whether a shelf
// arrival was forecast, for every channel. Likelihoods in words and numbers (lib/forecast/words.ts, the screens' rule
// too), days and windows as the screens say them ("Tue 12/1 – Fri 12/4"). Pure.

/** "Tue 12/1 – Fri 12/4", or the one day: the screens' words (lib/reports-client/forecast.ts). */
const forecastWindow = (start: string, end: string) => windowWords({ window_start: start, window_end: end });

/** One named forecast of a shipment: a store (null: the board as a whole), how likely, its window. */
export interface NamedForecast {
  store: string | null;
  likelihood: number;
  windowStart: string;
  windowEnd: string;
}

/** A shipment on its way to a board, with its named forecasts, most likely first. */
export interface OnItsWayFigure {
  product: string;
  board: string;
  /** The board's precision when it was forecast. */
  precision: BoardPrecision;
  /** The board's known stores. */
  boardStores: number;
  date: string;
  units: number;
  named: NamedForecast[];
}

/** "On its way: Blanton's Single Barrel shipped to Wake County (12 bottles) on 12/01/2026" */
export function onItsWayHeadline(f: Pick<OnItsWayFigure, 'product' | 'board' | 'units' | 'date'>): string {
  return `On its way: ${f.product} shipped to ${f.board} (${plural(f.units, 'bottle')}) on ${usDate(f.date)}`;
}

/** "North Hills (very likely, 8 in 10) Tue 12/1 – Fri 12/4" */
export function namedStoreWords(n: NamedForecast & { store: string }): string {
  const { words, inTen } = likelihoodWords(n.likelihood);
  return `${n.store} (${words}, ${inTen}) ${forecastWindow(n.windowStart, n.windowEnd)}`;
}

/**
 * Where and when it will likely land: the named stores ("Likely at: North Hills (very likely, 8 in 10) Tue 12/1 –
 * Fri 12/4; …"), a one-store board's store, or, for a board whose stores the forecast cannot tell apart, the board's
 * window and that the state does not say which store.
 */
export function onItsWayPlaces(f: OnItsWayFigure): string {
  const stores = f.named.filter((n): n is NamedForecast & { store: string } => n.store !== null);
  const whole = f.named.find((n) => n.store === null);
  if (f.precision === 'store_by_shipment' && stores.length) {
    return `Expected at ${stores[0].store}, ${f.board}'s only store: ${forecastWindow(stores[0].windowStart, stores[0].windowEnd)}`;
  }
  if (stores.length) return `Likely at: ${stores.map(namedStoreWords).join('; ')}`;
  if (whole) {
    const which = f.boardStores >= 2 ? `The state does not say which of its ${f.boardStores} stores` : 'The state does not say for which store';
    return `${which}; expected on shelves ${forecastWindow(whole.windowStart, whole.windowEnd)}`;
  }
  return 'No store is likely enough to name yet.';
}

/** The whole line: headline and places. */
export function onItsWayLine(f: OnItsWayFigure): string {
  return `${onItsWayHeadline(f)}. ${onItsWayPlaces(f)}`;
}

/**
 * A phone's few words: "12 bottles to Wake County: North Hills (8 in 10) Tue 12/1 – Fri 12/4", "6 bottles to
 * Boone's only store, King St, Tue 12/1 – Fri 12/4", "12 bottles to Mecklenburg County, on shelves Tue 12/1 – Thu 12/10".
 */
export function onItsWayBrief(f: OnItsWayFigure): string {
  const bottles = plural(f.units, 'bottle');
  const [first] = f.named;
  if (!first) return `${bottles} to ${f.board}`;
  const window = forecastWindow(first.windowStart, first.windowEnd);
  if (f.precision === 'store_by_shipment' && first.store) return `${bottles} to ${f.board}'s only store, ${first.store}, ${window}`;
  if (first.store) return `${bottles} to ${f.board}: ${first.store} (${likelihoodWords(first.likelihood).inTen}) ${window}`;
  return `${bottles} to ${f.board}, on shelves ${window}`;
}

/**
 * Whether a shelf arrival was forecast (its covering named forecast: lib/forecast/forecast.ts scoreArrivals' rule):
 * "Forecast 2 days ahead", "Forecast 5 hours ahead", "Forecast less than an hour ahead", or "Not forecast".
 */
export function forecastLeadWords(leadMinutes: number | null): string {
  // Guard: an infinite lead read "Forecast ∞ days ahead"; a lead that is no number says nothing of when it was forecast.
  if (leadMinutes === null || !Number.isFinite(leadMinutes)) return 'Not forecast';
  if (leadMinutes >= 24 * 60) return `Forecast ${plural(Math.floor(leadMinutes / (24 * 60)), 'day')} ahead`;
  if (leadMinutes >= 60) return `Forecast ${plural(Math.floor(leadMinutes / 60), 'hour')} ahead`;
  return 'Forecast less than an hour ahead';
}
