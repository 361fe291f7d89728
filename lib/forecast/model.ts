// The forecasting model (issue 26, docs/decisions/027-forecasts.md): where and when a hunted product shipped to a
// board reaches shelves. Pure: the DB layer (forecast.ts) reads the history and writes what this decides, and
// the replay bench runs the same functions. Days are New York day numbers (lib/time.ts ymdToDayNumber).
//
// A shelf board (its store shelves are read) learns from its own history: each earlier shipment of a hunted
// product to the board, and the stores where that product then rose (matched to the latest earlier shipment).
// - Which stores: the per-shipment rate at which each store received shipments of the finest group with enough
//   history — the product itself, else its listing type and price band, else its type, else any — scaled to the
//   units shipped (more bottles, more stores).
// - When: the board's ready lag L (days after the extract's day E from which its stores' deliveries can carry
//   it), the lag that explains the most history, then each store's own delivery pattern: its first delivery on
//   or after E + L, and the one after (a skipped delivery, a late truck or an overflow ride the next one).
// A one-store board's store gets it from the state's truck within days; any other board is named with a window.
import { weekdayOfDayNumber } from '../time.ts';

export type BoardKind = 'shelf' | 'store_by_shipment' | 'board';

/** Likelihood from which a store is named (forecast to get it) rather than only listed. */
export const NAME_AT = 0.2;
/** Days after a shipment within which a rise at one of the board's stores is matched to it. */
export const MATCH_DAYS = 21;
/** Shipments a group needs before its rates are used: the product, its type and price band, its type. */
export const MIN_SHIPMENTS = { product: 2, typeBand: 4, type: 4 } as const;
/** The lags tried when learning a board's ready lag (1..MAX_LAG), and the one assumed before it has history. */
export const MAX_LAG = 10;
export const DEFAULT_LAG = 2;
/** A one-store board: the state's truck brings it within this many days after the extract's day (E+1..E+4). */
export const ONE_STORE_WINDOW = [1, 4] as const;
/** Any other board without shelves: named with the week after its lag. */
export const BOARD_WINDOW = [1, 9] as const;

const WEEKDAY = { Sunday: 0, Monday: 1, Tuesday: 2, Wednesday: 3, Thursday: 4, Friday: 5, Saturday: 6 } as const;

/** A store's delivery pattern as lib/ingest/delivery-pattern.ts infers it. */
export interface DeliveryPattern {
  storeId: number;
  /** Monday..Friday, Random, or null (not known). */
  deliveryDay: string | null;
  intervalDays: number | null;
  /** Day number of its last delivery (null: none seen). */
  lastDelivery: number | null;
}

/** A dated shipment of a hunted product to the board (E = the extract's day). */
export interface ShipmentFact {
  plu: string;
  day: number;
  units: number;
  listingType: string;
  price: number | null;
}

/** A rise of a hunted product at one of the board's stores (a shelf arrival). */
export interface ArrivalFact {
  plu: string;
  storeId: number;
  day: number;
  bottles: number;
}

/** Price bands of the type-and-band group. */
export function priceBand(price: number | null): 'low' | 'mid' | 'high' | 'unknown' {
  if (price === null) return 'unknown';
  return price < 60 ? 'low' : price < 100 ? 'mid' : 'high';
}

/** The first delivery day of a store on or after `from`; null when its pattern gives no day (Random, unknown). */
export function deliveryOnOrAfter(pattern: DeliveryPattern, from: number): number | null {
  const weekday = pattern.deliveryDay ? WEEKDAY[pattern.deliveryDay as keyof typeof WEEKDAY] : undefined;
  if (weekday === undefined) return null;
  const interval = pattern.intervalDays && pattern.intervalDays >= 14 ? pattern.intervalDays : 7;
  let d = from + ((weekday - weekdayOfDayNumber(from) + 7) % 7);
  if (interval > 7 && pattern.lastDelivery !== null) {
    // Fortnightly: on the phase of its last delivery.
    while ((((d - pattern.lastDelivery) % interval) + interval) % interval !== 0) d += 7;
  }
  return d;
}

/** A matched shipment: the stores whose first rise of the product after it (within MATCH_DAYS) it explains. */
export interface MatchedShipment extends ShipmentFact {
  arrivals: { storeId: number; day: number; bottles: number }[];
}

/**
 * Matches each arrival to the latest shipment of its product to the board dated before it (within MATCH_DAYS);
 * a store counts once per shipment (its first rise), the later rises of a split add their bottles.
 */
export function matchHistory(shipments: readonly ShipmentFact[], arrivals: readonly ArrivalFact[]): MatchedShipment[] {
  const byPlu = new Map<string, MatchedShipment[]>();
  const out: MatchedShipment[] = [];
  for (const s of [...shipments].sort((a, b) => a.day - b.day)) {
    const m: MatchedShipment = { ...s, arrivals: [] };
    out.push(m);
    byPlu.set(s.plu, [...(byPlu.get(s.plu) ?? []), m]);
  }
  for (const a of [...arrivals].sort((x, y) => x.day - y.day)) {
    const list = byPlu.get(a.plu);
    if (!list) continue;
    let match: MatchedShipment | undefined;
    for (const s of list) if (s.day < a.day && a.day - s.day <= MATCH_DAYS) match = s;
    if (!match) continue;
    const same = match.arrivals.find((x) => x.storeId === a.storeId);
    if (same) same.bottles += a.bottles;
    else match.arrivals.push({ storeId: a.storeId, day: a.day, bottles: a.bottles });
  }
  return out;
}

interface GroupStats {
  shipments: number;
  units: number;
  /** Stores that received, summed over shipments, and the bottles they got. */
  storeArrivals: number;
  bottles: number;
  /** Per store: shipments after which it received. */
  received: Map<number, number>;
}

/** What a shelf board's history says: its ready lag and the receiving rates of each group. */
export interface BoardModel {
  /**
   * Each store's delivery pattern: the inferred one (lib/ingest/delivery-pattern.ts, which needs 5 products rising
   * on a day: only where the whole catalog is polled), else the weekday its hunted arrivals keep to.
   */
  patterns: Map<number, DeliveryPattern>;
  lag: number;
  /** Share of matched arrivals on the store's first or second delivery from E + lag (the window's reach). */
  windowHit: number;
  groups: Map<string, GroupStats>;
}

const groupKeys = (s: { plu: string; listingType: string; price: number | null }) => ({
  product: `p:${s.plu}`,
  typeBand: `tb:${s.listingType}:${priceBand(s.price)}`,
  type: `t:${s.listingType}`,
  all: 'all',
});

/** The window of a store for a shipment dated `day`: its first and second deliveries from day + lag. */
export function storeWindow(pattern: DeliveryPattern | undefined, day: number, lag: number): { start: number; end: number; expected: number | null } {
  const from = day + lag;
  const first = pattern ? deliveryOnOrAfter(pattern, from) : null;
  if (first === null) return { start: from, end: from + 6, expected: null };
  const second = deliveryOnOrAfter(pattern!, first + 1) ?? first;
  return { start: first, end: second, expected: first };
}

/** Share of a store's hunted arrivals that must fall on one weekday for it to be taken as its delivery day. */
export const ARRIVAL_WEEKDAY_SHARE = 0.6;
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The stores' patterns, a store without a known delivery day taking the weekday its arrivals keep to (≥ 2 of them). */
export function patternsWithArrivals(matched: readonly MatchedShipment[], known: ReadonlyMap<number, DeliveryPattern>): Map<number, DeliveryPattern> {
  const days = new Map<number, number[]>();
  for (const s of matched) for (const a of s.arrivals) days.set(a.storeId, [...(days.get(a.storeId) ?? []), a.day]);
  const out = new Map(known);
  for (const [storeId, list] of days) {
    if (known.get(storeId)?.deliveryDay) continue;
    const distinct = [...new Set(list)];
    const counts = new Map<number, number>();
    for (const d of distinct) counts.set(weekdayOfDayNumber(d), (counts.get(weekdayOfDayNumber(d)) ?? 0) + 1);
    const [weekday, n] = [...counts].sort((a, b) => b[1] - a[1])[0];
    if (distinct.length < 2 || n / distinct.length < ARRIVAL_WEEKDAY_SHARE || weekday === 0 || weekday === 6) continue;
    out.set(storeId, { storeId, deliveryDay: WEEKDAY_NAMES[weekday], intervalDays: 7, lastDelivery: Math.max(...distinct) });
  }
  return out;
}

/** Learns a shelf board's model from its matched history and its stores' delivery patterns. */
export function learnBoard(matched: readonly MatchedShipment[], known: ReadonlyMap<number, DeliveryPattern>): BoardModel {
  const patterns = patternsWithArrivals(matched, known);
  const groups = new Map<string, GroupStats>();
  for (const s of matched) {
    for (const key of Object.values(groupKeys(s))) {
      const g = groups.get(key) ?? { shipments: 0, units: 0, storeArrivals: 0, bottles: 0, received: new Map<number, number>() };
      g.shipments++;
      g.units += s.units;
      for (const a of s.arrivals) {
        g.received.set(a.storeId, (g.received.get(a.storeId) ?? 0) + 1);
        g.storeArrivals++;
        g.bottles += a.bottles;
      }
      groups.set(key, g);
    }
  }
  // The ready lag: the one whose expected first delivery matches the most arrivals.
  let lag = DEFAULT_LAG;
  let best = -1;
  let total = 0;
  for (const s of matched) total += s.arrivals.length;
  // From 1: the extract is read late in the morning of E, so nothing on a shelf that day is news ahead of it.
  for (let l = 1; l <= MAX_LAG && total > 0; l++) {
    let hits = 0;
    for (const s of matched) {
      for (const a of s.arrivals) {
        const p = patterns.get(a.storeId);
        if (p && deliveryOnOrAfter(p, s.day + l) === a.day) hits++;
      }
    }
    if (hits > best) [best, lag] = [hits, l];
  }
  let inWindow = 0;
  for (const s of matched) {
    for (const a of s.arrivals) {
      const w = storeWindow(patterns.get(a.storeId), s.day, lag);
      if (a.day >= w.start && a.day <= w.end) inWindow++;
    }
  }
  return { patterns, lag, windowHit: total ? inWindow / total : 0, groups };
}

/** One store's (or the board's) forecast for an incoming shipment. */
export interface StoreForecast {
  /** null: the board as a whole (a board whose stores are not told apart). */
  storeId: number | null;
  likelihood: number;
  named: boolean;
  expected: number | null;
  windowStart: number;
  windowEnd: number;
  /** Which history decided it: product, type_band, type, board, prior. */
  basis: string;
}

/** Pseudo-arrivals of the type's spread a product's own history is blended with (few shipments, noisy). */
export const PRODUCT_PRIOR = 20;

/** The type-level group a shipment's spread starts from: its type and price band, else its type, else the board. */
function priorGroup(model: BoardModel, s: { plu: string; listingType: string; price: number | null }): { basis: string; stats: GroupStats } | null {
  const keys = groupKeys(s);
  const pick = (basis: string, key: string, min: number) => {
    const g = model.groups.get(key);
    return g && g.shipments >= min && g.storeArrivals > 0 ? { basis, stats: g } : null;
  };
  return pick('type_band', keys.typeBand, MIN_SHIPMENTS.typeBand) ?? pick('type', keys.type, MIN_SHIPMENTS.type) ?? pick('board', keys.all, 1);
}

/**
 * Inclusion probabilities of `k` weighted draws without replacement, approximated as 1 − e^(−λ·w) with λ such
 * that they add up to k (the expected number of receiving stores).
 */
export function inclusion(weights: readonly number[], k: number): number[] {
  const positive = weights.filter((w) => w > 0).length;
  if (k >= positive) return weights.map((w) => (w > 0 ? 1 : 0));
  const sum = (l: number) => weights.reduce((t, w) => t + (1 - Math.exp(-l * w)), 0);
  let [lo, hi] = [0, 1];
  while (sum(hi) < k && hi < 1e9) hi *= 2;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (sum(mid) < k) lo = mid;
    else hi = mid;
  }
  return weights.map((w) => 1 - Math.exp(-hi * w));
}

/**
 * A shelf board's forecast: each store's share of the arrivals of the shipment's type (and price band), blended
 * with the product's own history (PRODUCT_PRIOR), turned into the chance it is among the stores these units
 * reach (units ÷ bottles per receiving store, from the same history); named from NAME_AT.
 */
export function forecastShelfBoard(model: BoardModel, s: ShipmentFact): StoreForecast[] {
  const patterns = model.patterns;
  const prior = priorGroup(model, s);
  if (!prior) return [];
  const own = model.groups.get(groupKeys(s).product);
  const ownArrivals = own?.storeArrivals ?? 0;
  const stores = [...new Set([...prior.stats.received.keys(), ...(own?.received.keys() ?? [])])].sort((a, b) => a - b);
  const weights = stores.map((id) => ((own?.received.get(id) ?? 0) + (PRODUCT_PRIOR * (prior.stats.received.get(id) ?? 0)) / prior.stats.storeArrivals) / (ownArrivals + PRODUCT_PRIOR));
  const perStore = prior.stats.bottles / prior.stats.storeArrivals;
  const chance = inclusion(weights, Math.max(1, s.units / perStore));
  const basis = own && own.shipments >= MIN_SHIPMENTS.product ? 'product' : prior.basis;
  const out: StoreForecast[] = stores.map((storeId, i) => {
    const w = storeWindow(patterns.get(storeId), s.day, model.lag);
    return { storeId, likelihood: chance[i], named: chance[i] >= NAME_AT, expected: w.expected, windowStart: w.start, windowEnd: w.end, basis };
  });
  return out.sort((a, b) => b.likelihood - a.likelihood || a.storeId! - b.storeId!);
}

/** A one-store board: its store, from the day after the extract's day to ONE_STORE_WINDOW's end, certain to get it. */
export function forecastOneStore(storeId: number, s: ShipmentFact): StoreForecast {
  return { storeId, likelihood: 1, named: true, expected: s.day + ONE_STORE_WINDOW[0], windowStart: s.day + ONE_STORE_WINDOW[0], windowEnd: s.day + ONE_STORE_WINDOW[1], basis: 'prior' };
}

/** Any other board: the board, with a window. */
export function forecastBoard(s: ShipmentFact): StoreForecast {
  return { storeId: null, likelihood: 1, named: true, expected: null, windowStart: s.day + BOARD_WINDOW[0], windowEnd: s.day + BOARD_WINDOW[1], basis: 'prior' };
}

/**
 * Evidence: after `arrived` bottles of the shipment showed at some stores, the others' likelihoods for what is
 * left (the same scaling as forecastShelfBoard, on the remaining units). Returns the new likelihood.
 */
export function remainingLikelihood(likelihood: number, units: number, arrived: number): number {
  if (arrived <= 0 || units <= 0) return likelihood;
  const left = Math.max(0, units - arrived) / units;
  if (left === 0) return 0;
  // 1 − (1 − r)^(scale × left) from 1 − (1 − r)^scale = likelihood.
  return 1 - Math.pow(1 - Math.min(likelihood, 0.999), left);
}
