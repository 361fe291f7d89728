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
//   it, in state business days or calendar days: the lag and unit that explain the most history), then each
//   store's own delivery pattern: its first delivery on or after the ready day, and the one after (a skipped
//   delivery, a late truck or an overflow ride the next one). A board's own trucks keep the store's weekday.
// A one-store board's store gets it from the state's truck, on the state's business days (calendar.ts: weekdays
// without NC state holidays) within five of E; any other board is named with a window. No window opens, ends or
// is expected on a Sunday, when ABC stores are closed (issue 37, docs/decisions/031-business-time.md).
import { weekdayOfDayNumber } from '../time.ts';
import { addBusinessDays, isDayNumber, MAX_BUSINESS_DAYS, MAX_DAY_NUMBER, storeOpenDayOnOrAfter, storeOpenDayOnOrBefore } from './calendar.ts';

export { isDayNumber, MAX_DAY_NUMBER };

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
/**
 * A one-store board: the state's truck brings it from the first to the fifth state business day after the
 * extract's day E (issue 37: a truck 3 to 5 business days late was missed by E+1..E+4 calendar days), the first
 * the likeliest (expected).
 */
export const ONE_STORE_BUSINESS_DAYS = [1, 5] as const;
/**
 * The most calendar days a one-store window ends after E: 5 business days over the longest closed stretches of
 * the year (E = Wed Dec 23, 2020: Christmas Thu–Mon and New Year's Day: Tue Jan 5). calendar.property.test.ts
 * checks every day of HOLIDAY_YEARS.
 */
export const ONE_STORE_HORIZON_DAYS = 13;
/** Any other board without shelves: named with the days E+1..E+9 (calendar), Sundays off at either end. */
export const BOARD_WINDOW = [1, 9] as const;

const WEEKDAY = { Sunday: 0, Monday: 1, Tuesday: 2, Wednesday: 3, Thursday: 4, Friday: 5, Saturday: 6 } as const;

/**
 * The longest delivery interval the model reads: 17 weeks, the longest spacing lib/ingest/delivery-pattern.ts can
 * see inside its 120-day lookback (inferPattern never gives more). A longer one is no rhythm the model knows.
 */
export const MAX_INTERVAL_DAYS = 119;

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

/** Price bands of the type-and-band group; a price that is not a finite number (NaN from a numeric column) is unknown. */
export function priceBand(price: number | null): 'low' | 'mid' | 'high' | 'unknown' {
  // Guard: NaN compares false with everything and used to land in 'high'.
  if (price === null || !Number.isFinite(price)) return 'unknown';
  return price < 60 ? 'low' : price < 100 ? 'mid' : 'high';
}

/**
 * The interval the model reads from a pattern's `intervalDays`: whole weeks from 14 to MAX_INTERVAL_DAYS; anything
 * else (null, below 14, 0, negative, NaN, beyond MAX_INTERVAL_DAYS) is weekly, 7. Always a multiple of 7 in
 * [7, MAX_INTERVAL_DAYS].
 */
export function deliveryInterval(intervalDays: number | null): number {
  if (intervalDays === null || !Number.isFinite(intervalDays) || intervalDays < 14) return 7;
  // A delivery keeps its weekday, so only whole weeks are a rhythm: 15 reads as 14 (a 15-day phase meets the
  // weekday once in 105 days, so the next delivery could be 3 months off). Beyond MAX_INTERVAL_DAYS (10^9 from a
  // bad row): weekly, not a phase months or years away.
  const weeks = Math.round(intervalDays / 7);
  return weeks * 7 > MAX_INTERVAL_DAYS ? 7 : weeks * 7;
}

/**
 * The first delivery day of a store on or after `from`; null when its pattern gives no day (Random, unknown, a
 * string that is no weekday's name, Sunday: ABC stores are closed on Sundays) or `from` is not a day number.
 *
 * Range: null, or a day number d on the pattern's weekday with from <= d < from + deliveryInterval(intervalDays),
 * so d < from + MAX_INTERVAL_DAYS (null too where that day would be past the Date range). Computed, never
 * searched: constant time whatever the pattern holds.
 *
 * A store delivering every 14 days or more keeps the phase of its last delivery. When that delivery is not on
 * the pattern's weekday (a holiday-shifted or extra truck, a twice-weekly store), the phase is taken from the
 * pattern's weekday nearest it (at most 3 days off): the old stepping loop looked for a day on the weekday a
 * whole number of intervals from it, found none and never ended (issue 36). A last delivery after `from` (the
 * future) sets the phase the same way.
 */
export function deliveryOnOrAfter(pattern: DeliveryPattern, from: number): number | null {
  // Own keys only: 'constructor' or 'toString' would read Object.prototype and make every day NaN.
  const day = pattern.deliveryDay;
  const weekday = day !== null && Object.hasOwn(WEEKDAY, day) ? WEEKDAY[day as keyof typeof WEEKDAY] : undefined;
  // Guard: a NaN or fractional `from` has no weekday; null says "no day" as for Random. No truck comes to an ABC
  // store on a Sunday (it is closed): a pattern saying so is no day either (issue 37).
  if (weekday === undefined || weekday === WEEKDAY.Sunday || !isDayNumber(from)) return null;
  const interval = deliveryInterval(pattern.intervalDays);
  const last = pattern.lastDelivery;
  let d: number;
  if (interval === 7 || last === null || !isDayNumber(last)) {
    // Weekly, or no usable last delivery (none seen, or not a day number): every week's weekday.
    d = from + ((weekday - weekdayOfDayNumber(from) + 7) % 7);
  } else {
    // The pattern's weekday nearest the last delivery: 0 when it is on it, else -3..3 days away.
    const shift = (weekday - weekdayOfDayNumber(last) + 7) % 7;
    const anchor = last + (shift > 3 ? shift - 7 : shift);
    // The first day from `from` a whole number of intervals from the anchor: on the weekday, since the interval
    // is whole weeks; the same day the stepping loop found when the last delivery was on the weekday.
    d = from + ((((anchor - from) % interval) + interval) % interval);
  }
  // Guard: at the very end of the Date range the day would be no date at all.
  return isDayNumber(d) ? d : null;
}

/** A matched shipment: the stores whose first rise of the product after it (within MATCH_DAYS) it explains. */
export interface MatchedShipment extends ShipmentFact {
  arrivals: { storeId: number; day: number; bottles: number }[];
}

/**
 * Matches each arrival to the latest shipment of its product to the board dated before it (within MATCH_DAYS);
 * a store counts once per shipment (its first rise), the later rises of a split add their bottles.
 *
 * Range: every shipment once, by day; each arrival listed under a shipment of its product dated 1..MATCH_DAYS
 * days before it, each store at most once per shipment. Time: shipments × arrivals at most.
 */
export function matchHistory(shipments: readonly ShipmentFact[], arrivals: readonly ArrivalFact[]): MatchedShipment[] {
  const byPlu = new Map<string, MatchedShipment[]>();
  const out: MatchedShipment[] = [];
  for (const s of [...shipments].sort((a, b) => a.day - b.day)) {
    const m: MatchedShipment = { ...s, arrivals: [] };
    out.push(m);
    const list = byPlu.get(s.plu);
    if (list) list.push(m);
    else byPlu.set(s.plu, [m]);
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
  /** The ready lag: its stores' deliveries carry a shipment from readyDay(E, lag, lagUnit). */
  lag: number;
  lagUnit: LagUnit;
  /** Share of matched arrivals on the store's first or second delivery from the ready day (the window's reach). */
  windowHit: number;
  groups: Map<string, GroupStats>;
}

const groupKeys = (s: { plu: string; listingType: string; price: number | null }) => ({
  product: `p:${s.plu}`,
  typeBand: `tb:${s.listingType}:${priceBand(s.price)}`,
  type: `t:${s.listingType}`,
  all: 'all',
});

/** The farthest a store's window ends after its ready day: two deliveries of the longest interval. */
export const WINDOW_HORIZON_DAYS = 2 * MAX_INTERVAL_DAYS;

/**
 * How a shelf board's lag counts: in state business days (the state's truck brings the shipment to the board's
 * warehouse on one, issue 37), or in calendar days (a board that works weekends and holidays). Learned per board.
 */
export type LagUnit = 'business' | 'calendar';
export const LAG_UNITS: readonly LagUnit[] = ['business', 'calendar'];

/**
 * The day from which a shelf board's deliveries can carry a shipment of the extract's day `day`: `lag` state
 * business days after it (addBusinessDays: a business day), or `lag` calendar days.
 *
 * Range: for a day number and a lag in 0..MAX_LAG, a day >= day + lag (business: at most
 * lag × (MAX_CLOSED_RUN + 1) + MAX_CLOSED_RUN days after it); anything else gives day + lag (NaN or no day number,
 * which storeWindow refuses).
 */
export function readyDay(day: number, lag: number, unit: LagUnit): number {
  if (unit === 'calendar' || !isDayNumber(day) || !Number.isSafeInteger(lag) || lag < 0 || lag > MAX_BUSINESS_DAYS) return day + lag;
  return addBusinessDays(day, lag);
}

/**
 * The window of a store for a shipment dated `day`: its first and second deliveries from its ready day
 * (readyDay(day, lag, unit)); without a delivery day, the store's open days of the week from it (expected null).
 *
 * Range: ready <= start <= end < ready + WINDOW_HORIZON_DAYS, start and end on days the store is open (never a
 * Sunday: deliveryOnOrAfter gives none); expected is null or start. Throws a RangeError when the ready day is not
 * a day number (a caller's bug: days come from dates).
 */
export function storeWindow(pattern: DeliveryPattern | undefined, day: number, lag: number, unit: LagUnit = 'business'): { start: number; end: number; expected: number | null } {
  const from = readyDay(day, lag, unit);
  // Guard: a NaN window would be written as an invalid date; say whose bug it is instead.
  if (!isDayNumber(from)) throw new RangeError(`storeWindow: day ${day} + lag ${lag} is not a day number`);
  const first = pattern ? deliveryOnOrAfter(pattern, from) : null;
  // The week from the ready day, Sundays off: Monday..Saturday from a Sunday or a Monday, else to the next Saturday.
  if (first === null) return { start: storeOpenDayOnOrAfter(from), end: storeOpenDayOnOrBefore(from + 6), expected: null };
  const second = deliveryOnOrAfter(pattern!, first + 1) ?? first;
  return { start: first, end: second, expected: first };
}

/** Share of a store's hunted arrivals that must fall on one weekday for it to be taken as its delivery day. */
export const ARRIVAL_WEEKDAY_SHARE = 0.6;
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * The stores' patterns, a store without a known delivery day taking the weekday its arrivals keep to (≥ 2 of them).
 *
 * Range: the known patterns, plus for such a store a weekly pattern on Monday..Friday whose last delivery is its
 * latest arrival.
 */
export function patternsWithArrivals(matched: readonly MatchedShipment[], known: ReadonlyMap<number, DeliveryPattern>): Map<number, DeliveryPattern> {
  const days = new Map<number, number[]>();
  for (const s of matched) {
    for (const a of s.arrivals) {
      const list = days.get(a.storeId);
      if (list) list.push(a.day);
      else days.set(a.storeId, [a.day]);
    }
  }
  const out = new Map(known);
  for (const [storeId, list] of days) {
    if (known.get(storeId)?.deliveryDay) continue;
    const distinct = [...new Set(list)];
    const counts = new Map<number, number>();
    for (const d of distinct) counts.set(weekdayOfDayNumber(d), (counts.get(weekdayOfDayNumber(d)) ?? 0) + 1);
    const [weekday, n] = [...counts].sort((a, b) => b[1] - a[1])[0];
    if (distinct.length < 2 || n / distinct.length < ARRIVAL_WEEKDAY_SHARE || weekday === 0 || weekday === 6) continue;
    // A loop, not Math.max(...distinct): spreading a long list overflows the call stack.
    const lastDelivery = distinct.reduce((a, b) => (b > a ? b : a));
    out.set(storeId, { storeId, deliveryDay: WEEKDAY_NAMES[weekday], intervalDays: 7, lastDelivery });
  }
  return out;
}

/**
 * Learns a shelf board's model from its matched history and its stores' delivery patterns.
 *
 * Range: lag in 1..MAX_LAG (DEFAULT_LAG in business days without arrivals), windowHit in [0, 1]. Time: 2 × MAX_LAG + 1
 * passes over the arrivals, each a constant-time deliveryOnOrAfter, and 2 × MAX_LAG ready days per shipment.
 */
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
  // The ready lag and its unit: the pair whose expected first delivery matches the most arrivals; a tie keeps the
  // shorter lag, then business days (the state's way).
  let lag = DEFAULT_LAG;
  let lagUnit: LagUnit = 'business';
  let best = -1;
  let total = 0;
  for (const s of matched) total += s.arrivals.length;
  // From 1: the extract is read late in the morning of E, so nothing on a shelf that day is news ahead of it.
  for (let l = 1; l <= MAX_LAG && total > 0; l++) {
    for (const unit of LAG_UNITS) {
      let hits = 0;
      for (const s of matched) {
        if (!s.arrivals.length) continue;
        const from = readyDay(s.day, l, unit);
        for (const a of s.arrivals) {
          const p = patterns.get(a.storeId);
          if (p && deliveryOnOrAfter(p, from) === a.day) hits++;
        }
      }
      if (hits > best) [best, lag, lagUnit] = [hits, l, unit];
    }
  }
  let inWindow = 0;
  for (const s of matched) {
    for (const a of s.arrivals) {
      const w = storeWindow(patterns.get(a.storeId), s.day, lag, lagUnit);
      if (a.day >= w.start && a.day <= w.end) inWindow++;
    }
  }
  return { patterns, lag, lagUnit, windowHit: total ? inWindow / total : 0, groups };
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
 *
 * Range: one probability per weight, each in [0, 1]; 0 for a weight that is not a positive number (0, negative,
 * NaN), 1 for every positive weight when k is at least their count; a larger weight never gets less. A fixed
 * number of steps (at most 30 doublings, 60 halvings), whatever k and the weights.
 */
export function inclusion(weights: readonly number[], k: number): number[] {
  // Guard: a negative weight gave a negative "probability" and a NaN one NaN; neither draws anything.
  weights = weights.map((w) => (w > 0 ? w : 0));
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
 *
 * Range: [] when the board has no history to go on, else one row per store its history sent the group to (each
 * once), most likely first; likelihood in [0, 1], named exactly when likelihood >= NAME_AT, the window as
 * storeWindow's from readyDay(s.day, model.lag, model.lagUnit).
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
  // At least one store gets it. Guard: units 0 over 0 bottles per store is NaN, which Math.max passes on.
  const reach = s.units / perStore;
  const chance = inclusion(weights, reach > 1 ? reach : 1);
  const basis = own && own.shipments >= MIN_SHIPMENTS.product ? 'product' : prior.basis;
  const out: StoreForecast[] = stores.map((storeId, i) => {
    const w = storeWindow(patterns.get(storeId), s.day, model.lag, model.lagUnit);
    return { storeId, likelihood: chance[i], named: chance[i] >= NAME_AT, expected: w.expected, windowStart: w.start, windowEnd: w.end, basis };
  });
  return out.sort((a, b) => b.likelihood - a.likelihood || a.storeId! - b.storeId!);
}

/**
 * A one-store board: its store, certain to get it (likelihood 1, named), from the state's truck: expected on the
 * first state business day after the extract's day (no history says otherwise: a one-store board has no shelves to
 * learn from), and up to the fifth (ONE_STORE_BUSINESS_DAYS).
 *
 * Range: expected = windowStart = nextStateBusinessDay(E) < windowEnd = addBusinessDays(E, 5) <= E +
 * ONE_STORE_HORIZON_DAYS, all state business days (never a Sunday or a holiday). Throws a RangeError when E is
 * not a day number.
 */
export function forecastOneStore(storeId: number, s: ShipmentFact): StoreForecast {
  const start = addBusinessDays(s.day, ONE_STORE_BUSINESS_DAYS[0]);
  return { storeId, likelihood: 1, named: true, expected: start, windowStart: start, windowEnd: addBusinessDays(s.day, ONE_STORE_BUSINESS_DAYS[1]), basis: 'prior' };
}

/**
 * Any other board: the board (likelihood 1, named), from E + BOARD_WINDOW[0] to E + BOARD_WINDOW[1], moved off a
 * Sunday at either end (the board's own trucks keep no state calendar, but no store is open on a Sunday).
 *
 * Range: E + 1 <= windowStart <= E + 2, E + 8 <= windowEnd <= E + 9, neither a Sunday; expected null. Throws a
 * RangeError when E is not a day number.
 */
export function forecastBoard(s: ShipmentFact): StoreForecast {
  return { storeId: null, likelihood: 1, named: true, expected: null, windowStart: storeOpenDayOnOrAfter(s.day + BOARD_WINDOW[0]), windowEnd: storeOpenDayOnOrBefore(s.day + BOARD_WINDOW[1]), basis: 'prior' };
}

/**
 * Evidence: after `arrived` bottles of the shipment showed at some stores, the others' likelihoods for what is
 * left (the same scaling as forecastShelfBoard, on the remaining units). Returns the new likelihood.
 *
 * Range: in [0, 1] and never above the likelihood given (clamped to [0, 1]; NaN reads as 0); unchanged when
 * nothing arrived or the units are not a positive finite number, 0 once every unit arrived.
 */
export function remainingLikelihood(likelihood: number, units: number, arrived: number): number {
  // Guard: a stored likelihood outside [0, 1] (or NaN) must not leave it; NaN units or bottles say nothing.
  likelihood = likelihood >= 0 ? Math.min(likelihood, 1) : 0;
  if (!(arrived > 0) || !(units > 0) || !Number.isFinite(units)) return likelihood;
  const left = Math.max(0, units - arrived) / units;
  if (left === 0) return 0;
  // 1 − (1 − r)^(scale × left) from 1 − (1 − r)^scale = likelihood. Never above it: for a likelihood near 0 and
  // `left` near 1, rounding 1 − (1 − r) gave a few ulps more than r.
  return Math.min(likelihood, 1 - Math.pow(1 - Math.min(likelihood, 0.999), left));
}
