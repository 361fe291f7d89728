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
/**
 * Any other board without shelves: named from the first day a store is open after E to the seventh state business
 * day after E: the state's truck (up to five business days, as for a one-store board), then the board's own truck
 * to its stores. E + 9 calendar days held 89% of such arrivals in both of bench:forecast's worlds (their boards'
 * own trucks come up to a week after the state's); seven business days (E + 9 from a Monday, longer over a
 * weekend or a holiday) hold 92%.
 */
export const BOARD_BUSINESS_DAYS = 7;
/**
 * The most calendar days a board's window ends after E: 7 business days over the longest closed stretches of the
 * year (calendar.property.test.ts checks every day of HOLIDAY_YEARS).
 */
export const BOARD_HORIZON_DAYS = 17;

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
  /** Stores whose hunted bottles come on a drop day (huntedPatterns): the board's, or a store's own. */
  drop: Map<number, 'board' | 'store'>;
  /** Listing types the board shelves on a drop day of their own (typeDropDay), and every store's pattern for them. */
  typeDrops: Map<string, { day: string; patterns: Map<number, DeliveryPattern> }>;
  /** Per listing type: its shipments in order with the stores seen to get them, and how turns change the odds. */
  rotation: Map<string, Rotation>;
  /** Per listing type: stores that got it only when at least so many bottles came (a tier). */
  tiers: Map<string, Map<number, number>>;
  /** The map from the model's raw likelihoods to what came true in the board's own past (calibrate). */
  calibration: Calibration;
  /** The board's name for the reasons ("next in Wake's Allocation rotation"), or null. */
  boardName: string | null;
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
/** Distinct hunted arrival days a store needs before they override its delivery day (a drop day of its own). */
export const DROP_MIN_DAYS = 3;
/** Distinct (store, day) hunted arrivals a board needs before one weekday holding ARRIVAL_WEEKDAY_SHARE of them is its drop day. */
export const BOARD_DROP_MIN = 10;
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The weekday most of `days` keep to and its share, or null for none (an empty list). */
function keptWeekday(days: readonly number[]): { weekday: number; share: number } | null {
  const counts = [0, 0, 0, 0, 0, 0, 0];
  for (const d of days) counts[weekdayOfDayNumber(d)]++;
  let weekday = -1;
  for (let w = 1; w < 7; w++) if (weekday < 0 || counts[w] > counts[weekday]) weekday = w;
  return days.length && counts[weekday] > 0 ? { weekday, share: counts[weekday] / days.length } : null;
}

/**
 * The stores' patterns for hunted bottles, and the stores whose hunted bottles come on a drop day rather than
 * with their truck. A store's hunted arrivals keeping to one weekday, Saturday included (ABC stores open
 * Monday–Saturday, never Sunday: issue 37), give its pattern when its delivery day is unknown (≥ 2 arrival days)
 * or is another weekday (≥ DROP_MIN_DAYS: a board that holds allocations for a drop); a board whose hunted
 * arrivals keep to one weekday (≥ BOARD_DROP_MIN) off its stores' delivery days gives that drop day to every store.
 *
 * Range: the known patterns, some replaced by weekly patterns on Monday..Saturday whose last delivery is the
 * store's latest arrival (or the board's); `drop` holds the stores so replaced while their delivery day was known
 * ('store') and every store given the board's drop day ('board'). Time: linear in the arrivals.
 */
export function huntedPatterns(matched: readonly MatchedShipment[], known: ReadonlyMap<number, DeliveryPattern>): { patterns: Map<number, DeliveryPattern>; drop: Map<number, 'board' | 'store'> } {
  const days = new Map<number, number[]>();
  for (const s of matched) {
    for (const a of s.arrivals) {
      const list = days.get(a.storeId);
      if (list) list.push(a.day);
      else days.set(a.storeId, [a.day]);
    }
  }
  const out = new Map(known);
  const drop = new Map<number, 'board' | 'store'>();
  const all: number[] = [];
  let onOwnDay = 0;
  let atKnown = 0;
  let latest = -Infinity;
  for (const [storeId, list] of days) {
    const distinct = [...new Set(list)];
    const own = known.get(storeId)?.deliveryDay ?? null;
    for (const d of distinct) {
      all.push(d);
      if (own && Object.hasOwn(WEEKDAY, own)) atKnown++;
      if (own === WEEKDAY_NAMES[weekdayOfDayNumber(d)]) onOwnDay++;
      if (d > latest) latest = d;
    }
    const kept = keptWeekday(distinct);
    if (!kept || distinct.length < 2 || kept.share < ARRIVAL_WEEKDAY_SHARE) continue;
    const name = WEEKDAY_NAMES[kept.weekday];
    if (own === name) continue;
    // A known delivery day is overridden only by enough arrivals (two could be a holiday-shifted truck); Random
    // (trucks on any day) only by the board's drop day below.
    if (own && (!Object.hasOwn(WEEKDAY, own) || distinct.length < DROP_MIN_DAYS)) continue;
    // A loop, not Math.max(...distinct): spreading a long list overflows the call stack.
    const lastDelivery = distinct.reduce((a, b) => (b > a ? b : a));
    out.set(storeId, { storeId, deliveryDay: name, intervalDays: 7, lastDelivery });
    if (own && Object.hasOwn(WEEKDAY, own)) drop.set(storeId, 'store');
  }
  // The board's drop day: most of its stores' hunted arrivals on one weekday that is not their own delivery day.
  const board = keptWeekday(all);
  if (board && all.length >= BOARD_DROP_MIN && board.share >= ARRIVAL_WEEKDAY_SHARE && isDrop(board.weekday, onOwnDay, atKnown)) {
    const name = WEEKDAY_NAMES[board.weekday];
    for (const [storeId, p] of [...out, ...[...days.keys()].filter((id) => !out.has(id)).map((id) => [id, undefined] as const)]) {
      if (p?.deliveryDay === name && (p.intervalDays ?? 7) <= 7) continue;
      out.set(storeId, { storeId, deliveryDay: name, intervalDays: 7, lastDelivery: isDayNumber(latest) ? latest : null });
      drop.set(storeId, 'board');
    }
  }
  return { patterns: out, drop };
}

/**
 * Whether a weekday most hunted arrivals keep to is a drop day rather than the stores' own trucks: Saturday (no
 * store truck comes then), or a day that most arrivals at stores with a known delivery day (≥ BOARD_DROP_MIN of
 * them) are not on. Stores whose days nobody knows say nothing (their arrivals are how their days are learned).
 */
function isDrop(weekday: number, onOwnDay: number, atKnown: number): boolean {
  return weekday === WEEKDAY.Saturday || (atKnown >= BOARD_DROP_MIN && onOwnDay / atKnown < 1 - ARRIVAL_WEEKDAY_SHARE);
}

/**
 * The stores' patterns, a store without a known delivery day taking the weekday its arrivals keep to (≥ 2 of
 * them), and a store or board whose hunted bottles keep to a drop day taking it (huntedPatterns).
 *
 * Range: the known patterns, plus for such a store a weekly pattern on Monday..Saturday whose last delivery is an
 * arrival.
 */
export function patternsWithArrivals(matched: readonly MatchedShipment[], known: ReadonlyMap<number, DeliveryPattern>): Map<number, DeliveryPattern> {
  return huntedPatterns(matched, known).patterns;
}

/**
 * The drop day of one listing type at a board: its hunted arrivals (≥ BOARD_DROP_MIN store-days) keeping to one
 * weekday, Saturday included, that is mostly not the stores' own delivery day (a board that holds a type at its
 * warehouse and shelves it on a drop day: issue 37). Null for none. Time: linear in the arrivals.
 */
export function typeDropDay(matched: readonly MatchedShipment[], known: ReadonlyMap<number, DeliveryPattern>): { day: string; latest: number } | null {
  const seen = new Set<string>();
  const days: number[] = [];
  let onOwnDay = 0;
  let atKnown = 0;
  let latest = -Infinity;
  for (const m of matched) {
    for (const a of m.arrivals) {
      if (seen.has(`${a.storeId}|${a.day}`)) continue;
      seen.add(`${a.storeId}|${a.day}`);
      days.push(a.day);
      const own = known.get(a.storeId)?.deliveryDay;
      if (own && Object.hasOwn(WEEKDAY, own)) atKnown++;
      if (known.get(a.storeId)?.deliveryDay === WEEKDAY_NAMES[weekdayOfDayNumber(a.day)]) onOwnDay++;
      if (a.day > latest) latest = a.day;
    }
  }
  const kept = keptWeekday(days);
  if (!kept || days.length < BOARD_DROP_MIN || kept.share < ARRIVAL_WEEKDAY_SHARE || !isDrop(kept.weekday, onOwnDay, atKnown)) return null;
  return { day: WEEKDAY_NAMES[kept.weekday], latest };
}

/** The pattern a store's deliveries of a listing type keep to: the type's drop day, else the store's hunted pattern. */
export function patternOf(model: Pick<BoardModel, 'patterns' | 'typeDrops'>, storeId: number, listingType: string): DeliveryPattern | undefined {
  return model.typeDrops.get(listingType)?.patterns.get(storeId) ?? model.patterns.get(storeId);
}

/** A store's window for a shipment under a board's model: storeWindow of its pattern for the shipment's type. */
export function modelWindow(model: BoardModel, storeId: number, s: { day: number; listingType: string }): { start: number; end: number; expected: number | null } {
  return storeWindow(patternOf(model, storeId, s.listingType), s.day, model.lag, model.lagUnit);
}

/**
 * Learns a shelf board's model from its matched history and its stores' delivery patterns.
 *
 * Range: lag in 1..MAX_LAG (DEFAULT_LAG in business days without arrivals), windowHit in [0, 1]. Time: 2 × MAX_LAG + 1
 * passes over the arrivals, each a constant-time deliveryOnOrAfter, and 2 × MAX_LAG ready days per shipment.
 */
export function learnBoard(matched: readonly MatchedShipment[], known: ReadonlyMap<number, DeliveryPattern>, options: { boardName?: string } = {}): BoardModel {
  const { patterns, drop } = huntedPatterns(matched, known);
  // A type the board shelves on a drop day of its own: every store (known or seen) takes that day for it.
  const typeDrops = new Map<string, { day: string; patterns: Map<number, DeliveryPattern> }>();
  for (const type of new Set(matched.map((m) => m.listingType))) {
    const found = typeDropDay(matched.filter((m) => m.listingType === type), known);
    if (!found) continue;
    const stores = new Set([...patterns.keys(), ...matched.flatMap((m) => m.arrivals.map((a) => a.storeId))]);
    typeDrops.set(type, { day: found.day, patterns: new Map([...stores].map((id) => [id, { storeId: id, deliveryDay: found.day, intervalDays: 7, lastDelivery: found.latest }])) });
  }
  const view = { patterns, typeDrops };
  const groups = new Map<string, GroupStats>();
  for (const s of matched) addToGroups(groups, s);
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
          const p = patternOf(view, a.storeId, s.listingType);
          if (p && deliveryOnOrAfter(p, from) === a.day) hits++;
        }
      }
      if (hits > best) [best, lag, lagUnit] = [hits, l, unit];
    }
  }
  let inWindow = 0;
  for (const s of matched) {
    for (const a of s.arrivals) {
      const w = storeWindow(patternOf(view, a.storeId, s.listingType), s.day, lag, lagUnit);
      if (a.day >= w.start && a.day <= w.end) inWindow++;
    }
  }
  const model: BoardModel = {
    patterns,
    lag,
    lagUnit,
    windowHit: total ? inWindow / total : 0,
    groups,
    drop,
    typeDrops,
    rotation: learnRotations(matched),
    tiers: learnTiers(matched),
    calibration: IDENTITY,
    boardName: options.boardName ?? null,
  };
  model.calibration = learnCalibration(model, matched);
  return model;
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
  /** Why it is named, in a few words (the board habit it rests on); null when not named or none to tell. */
  reason: string | null;
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

/** Shipments of a type (with stores seen) a rotation needs before the board's turns are read. */
export const ROTATION_MIN_SHIPMENTS = 8;
/** How closely a store's places on the list must agree (mean resultant length, 0..1) for the board to rotate. */
export const ROTATION_AGREEMENT = 0.8;
/** A store at least this likely by its turn is "next in the rotation". */
export const ROTATION_NEXT = 0.5;
/** Shipments of its type below its least a store must have missed before that least reads as its tier. */
export const TIER_MIN_BELOW = 4;
/** A store's misses below its least read as a tier only when its rate would miss them all less often than this. */
export const TIER_CHANCE = 0.02;
/** A store that got at least this share of its type's shipments (of TIER_MIN_BELOW or more) "gets every" one. */
export const EVERY_SHARE = 0.9;

/**
 * A listing type a board sends down a fixed list of its stores, each shipment to the next few (issue 37's rotation):
 * the list's length, each store's place on it, and the type's shipments in order (to count where the list is now).
 */
export interface Rotation {
  length: number;
  place: Map<number, number>;
  seq: { day: number; units: number; stores: { storeId: number; day: number }[] }[];
  /** Bottles per store served, on average (how many stores a shipment whose stores are not all seen yet reaches). */
  bottlesPerStore: number;
}

const typeKey = (listingType: string) => `t:${listingType}`;

/**
 * Each listing type's rotation, where the board has one. The list's clock is the stores served: before each
 * shipment, the number of store receipts of the type so far; a store's place is where on a list of `length` (the
 * stores that got the type) the clock stood when it got one, averaged round the circle. A board whose stores take
 * turns puts each store at about the same place every time (agreement near 1); one drawing at random scatters them
 * (no rotation kept, and none claimed). Time: shipments × stores of the type.
 */
export function learnRotations(matched: readonly MatchedShipment[]): Map<string, Rotation> {
  const byType = new Map<string, MatchedShipment[]>();
  for (const m of [...matched].sort((a, b) => a.day - b.day)) {
    const list = byType.get(m.listingType);
    if (list) list.push(m);
    else byType.set(m.listingType, [m]);
  }
  const out = new Map<string, Rotation>();
  for (const [type, list] of byType) {
    const seq = list.map((m) => ({ day: m.day, units: m.units, stores: m.arrivals.map((a) => ({ storeId: a.storeId, day: a.day })) }));
    const seen = seq.filter((x) => x.stores.length > 0);
    const length = new Set(seen.flatMap((x) => x.stores.map((a) => a.storeId))).size;
    if (seen.length < ROTATION_MIN_SHIPMENTS || length < 2) continue;
    const sums = new Map<number, { x: number; y: number; n: number }>();
    let clock = 0;
    let bottles = 0;
    for (const x of seen) {
      const k = x.stores.length;
      const angle = (2 * Math.PI * ((clock + (k - 1) / 2) % length)) / length;
      for (const a of x.stores) {
        const t = sums.get(a.storeId) ?? { x: 0, y: 0, n: 0 };
        sums.set(a.storeId, { x: t.x + Math.cos(angle), y: t.y + Math.sin(angle), n: t.n + 1 });
      }
      clock += k;
      bottles += x.units > 0 && Number.isFinite(x.units) ? x.units : 0;
    }
    let agree = 0;
    const place = new Map<number, number>();
    for (const [id, t] of sums) {
      agree += Math.hypot(t.x, t.y);
      const at = ((((Math.atan2(t.y, t.x) / (2 * Math.PI)) * length) % length) + length) % length;
      // Guard: -1e-17 + length rounds to length, which is no place on the list.
      place.set(id, at < length ? at : 0);
    }
    // Weighted by receipts: Σ |Σ unit vectors| / Σ receipts.
    if (agree / clock < ROTATION_AGREEMENT) continue;
    out.set(typeKey(type), { length, place, seq, bottlesPerStore: bottles / clock });
  }
  return out;
}

/**
 * How likely each store's turn makes it, for a shipment of `units` on `day`: where the list stands (the stores
 * served so far: those seen before `day`, and for a shipment of the last MATCH_DAYS not all seen yet, as many as
 * its bottles reach), and how close the store's place is to the next `units ÷ bottlesPerStore` places, less sure
 * the more of the count is guessed. Range: in [0, 1] per store with a place. Time: the type's shipments.
 */
function turnsAsOf(rotation: Rotation, day: number, units: number): Map<number, number> {
  let clock = 0;
  let guessed = 0;
  for (const x of rotation.seq) {
    if (x.day >= day) break;
    const shown = x.stores.filter((a) => a.day < day).length;
    const reach = rotation.bottlesPerStore > 0 && x.units > 0 && Number.isFinite(x.units) ? Math.max(1, Math.round(x.units / rotation.bottlesPerStore)) : 0;
    if (day - x.day <= MATCH_DAYS && shown < reach) {
      clock += reach;
      guessed++;
    } else clock += shown;
  }
  const k = rotation.bottlesPerStore > 0 && units > 0 && Number.isFinite(units) ? Math.max(1, units / rotation.bottlesPerStore) : 1;
  const L = rotation.length;
  const center = (clock + (k - 1) / 2) % L;
  const sigma = 0.5 + 0.5 * Math.sqrt(guessed);
  const out = new Map<number, number>();
  for (const [id, p] of rotation.place) {
    const d = Math.abs(p - center) % L;
    const off = Math.max(0, Math.min(d, L - d) - k / 2);
    out.set(id, Math.exp(-(off * off) / (2 * sigma * sigma)));
  }
  return out;
}

/**
 * Each listing type's tiers (and the board's, over every type: key 'all'): a store that got the type at least twice, never with fewer than T units, while at
 * least TIER_MIN_BELOW shipments of fewer (and some shipment of any size was seen) went elsewhere, gets it only
 * from T. Range: T a positive number of units above the type's smallest shipment seen. Time: shipments × stores.
 */
export function learnTiers(matched: readonly MatchedShipment[]): Map<string, Map<number, number>> {
  const out = new Map<string, Map<number, number>>();
  const byType = new Map<string, MatchedShipment[]>();
  for (const m of matched) {
    // Guard: units that are no finite count (Infinity from a bad row) would become a tier no shipment reaches.
    if (!m.arrivals.length || !(m.units > 0) || !Number.isFinite(m.units)) continue;
    // Its type's and the board's: a store's tier may hold for any hunted bottle.
    for (const key of [typeKey(m.listingType), 'all']) {
      const list = byType.get(key);
      if (list) list.push(m);
      else byType.set(key, [m]);
    }
  }
  for (const [key, list] of byType) {
    const least = new Map<number, { units: number; n: number }>();
    for (const m of list) {
      for (const a of m.arrivals) {
        const t = least.get(a.storeId);
        least.set(a.storeId, { units: Math.min(t?.units ?? Infinity, m.units), n: (t?.n ?? 0) + 1 });
      }
    }
    const smallest = list.reduce((t, m) => Math.min(t, m.units), Infinity);
    const tiers = new Map<number, number>();
    for (const [storeId, { units, n }] of least) {
      if (n < 2 || units <= smallest) continue;
      const below = list.filter((m) => m.units < units).length;
      // A habit, not chance: at its rate over the shipments of at least `units`, missing every smaller one would
      // happen less than TIER_CHANCE of the time.
      const rate = n / (list.length - below);
      if (below >= TIER_MIN_BELOW && Math.pow(1 - Math.min(rate, 1), below) < TIER_CHANCE) tiers.set(storeId, units);
    }
    if (tiers.size) out.set(key, tiers);
  }
  return out;
}

/** A monotone map from raw likelihoods to calibrated ones: points (x ascending, y non-decreasing, both in [0, 1]). */
export interface Calibration {
  x: number[];
  y: number[];
}
export const IDENTITY: Calibration = { x: [], y: [] };
/** Bins of raw likelihood the calibration reads, and the pseudo-forecasts (at their raw likelihood) each is blended with. */
export const CALIBRATION_BINS = 10;
export const CALIBRATION_PRIOR = 5;

/** A raw likelihood below this says nothing: calibration reads it as 0 and learns nothing from it. */
const NO_LIKELIHOOD = 1e-9;

/**
 * The calibrated likelihood: piecewise linear through (0, 0) and the calibration's points, flat after the last.
 *
 * Range: in [0, 1], non-decreasing in p; 0 for p that is not a positive number; p itself under IDENTITY (no points).
 */

export function calibrate(c: Calibration, p: number): number {
  if (!(p > 0)) return 0;
  p = Math.min(p, 1);
  if (!c.x.length) return p;
  // Below one in a billion is none: interpolating between subnormal figures lost the order (5.4e-323 above 6e-323).
  if (p < NO_LIKELIHOOD) return 0;
  let [x0, y0] = [0, 0];
  for (let i = 0; i < c.x.length; i++) {
    const [x1, y1] = [c.x[i], c.y[i]];
    if (p <= x1) return x1 > x0 ? y0 + ((y1 - y0) * (p - x0)) / (x1 - x0) : y1;
    [x0, y0] = [x1, y1];
  }
  return y0;
}

/**
 * A calibration from (raw likelihood, came true) pairs: per bin of raw likelihood, the share that came true
 * blended with CALIBRATION_PRIOR pseudo-forecasts at the bin's raw mean, then pooled with its neighbours where it
 * falls (pool adjacent violators) so that a likelier raw figure never gets a lower calibrated one.
 *
 * Range: x strictly ascending in (0, 1], y non-decreasing in [0, 1]; IDENTITY for no pairs. Time: linear in the pairs.
 */
export function fitCalibration(pairs: readonly { p: number; hit: boolean }[]): Calibration {
  const bins = Array.from({ length: CALIBRATION_BINS }, () => ({ n: 0, hits: 0, sum: 0 }));
  for (const { p, hit } of pairs) {
    if (!(p >= NO_LIKELIHOOD)) continue;
    const b = bins[Math.min(CALIBRATION_BINS - 1, Math.floor(Math.min(p, 1) * CALIBRATION_BINS))];
    b.n++;
    b.sum += Math.min(p, 1);
    if (hit) b.hits++;
  }
  // Blocks of pooled bins: weight, x (mean raw), y (blended share).
  const blocks: { w: number; x: number; y: number }[] = [];
  for (const b of bins) {
    if (!b.n) continue;
    const mean = b.sum / b.n;
    blocks.push({ w: b.n + CALIBRATION_PRIOR, x: mean, y: (b.hits + CALIBRATION_PRIOR * mean) / (b.n + CALIBRATION_PRIOR) });
    while (blocks.length > 1 && blocks.at(-2)!.y > blocks.at(-1)!.y) {
      const [u, v] = blocks.splice(-2, 2);
      const w = u.w + v.w;
      blocks.push({ w, x: v.x, y: (u.y * u.w + v.y * v.w) / w });
    }
  }
  // Pooled blocks keep their last bin's mean as x, so x stays ascending.
  return { x: blocks.map((b) => b.x), y: blocks.map((b) => Math.min(1, Math.max(0, b.y))) };
}

/**
 * Replays the model's raw likelihoods over the board's own past: each shipment forecast from the board's history
 * without it (leave one out: what the model would have said with the rest of what it knows), and whether each
 * store then got it inside its window; shipments whose windows end after the last day the history saw are left
 * out (not known yet). Time: shipments × stores of a group.
 */
function learnCalibration(model: BoardModel, matched: readonly MatchedShipment[]): Calibration {
  let seenTo = -Infinity;
  for (const m of matched) {
    if (m.day > seenTo) seenTo = m.day;
    for (const a of m.arrivals) if (a.day > seenTo) seenTo = a.day;
  }
  // Came true as the record judges it (forecast.ts updateForecasts): a rise of the product at the store inside the
  // window, taken by the latest shipment of the product before it, as matchHistory matched it.
  const pairs: { p: number; hit: boolean }[] = [];
  const past: BoardModel = { ...model, groups: model.groups, calibration: IDENTITY };
  for (const m of matched) {
    addToGroups(model.groups, m, -1);
    for (const f of rawForecast(past, m)) {
      if (f.windowEnd > seenTo) continue;
      pairs.push({ p: f.raw, hit: m.arrivals.some((a) => a.storeId === f.storeId && a.day >= f.windowStart && a.day <= f.windowEnd) });
    }
    addToGroups(model.groups, m, 1);
  }
  return fitCalibration(pairs);
}

/** Adds a shipment to its groups (sign 1), or takes it out again (sign −1: the counts it added go back). */
function addToGroups(groups: Map<string, GroupStats>, s: MatchedShipment, sign: 1 | -1 = 1): void {
  for (const key of Object.values(groupKeys(s))) {
    const g = groups.get(key) ?? { shipments: 0, units: 0, storeArrivals: 0, bottles: 0, received: new Map<number, number>() };
    g.shipments += sign;
    g.units += sign * s.units;
    for (const a of s.arrivals) {
      const n = (g.received.get(a.storeId) ?? 0) + sign;
      if (n > 0) g.received.set(a.storeId, n);
      else g.received.delete(a.storeId);
      g.storeArrivals += sign;
      g.bottles += sign * a.bottles;
    }
    groups.set(key, g);
  }
}

interface RawForecast {
  storeId: number;
  raw: number;
  windowStart: number;
  windowEnd: number;
  expected: number | null;
  basis: string;
  /** The habit it rests on (for the reason): its tier, its turn on the type's rotation (null: none), its share of the type. */
  tier: number | null;
  turn: number | null;
  got: number;
  of: number;
}

/** The model's raw likelihoods (before calibration), one per store the group's history sent it to. */
function rawForecast(model: BoardModel, s: ShipmentFact): RawForecast[] {
  const prior = priorGroup(model, s);
  if (!prior) return [];
  const own = model.groups.get(groupKeys(s).product);
  const ownArrivals = own?.storeArrivals ?? 0;
  const stores = [...new Set([...prior.stats.received.keys(), ...(own?.received.keys() ?? [])])].sort((a, b) => a - b);
  const base = stores.map((id) => ((own?.received.get(id) ?? 0) + (PRODUCT_PRIOR * (prior.stats.received.get(id) ?? 0)) / prior.stats.storeArrivals) / (ownArrivals + PRODUCT_PRIOR));
  // Whose turn it is (rotation) and who gets it only from so many bottles (tiers), both of the listing type.
  const rotation = model.rotation.get(typeKey(s.listingType));
  const typeStats = model.groups.get(typeKey(s.listingType));
  const turns = rotation ? turnsAsOf(rotation, s.day, s.units) : null;
  const typeTiers = model.tiers.get(typeKey(s.listingType));
  const boardTiers = model.tiers.get('all');
  const tierOf = (id: number) => typeTiers?.get(id) ?? boardTiers?.get(id);
  // A store off the list (never got the type) stays at its share: a rotation says nothing of it.
  const turn = stores.map((id) => (turns ? (turns.get(id) ?? 1) : 1));
  const weights = stores.map((id, i) => {
    const tier = tierOf(id);
    return tier !== undefined && !(s.units >= tier) ? 0 : base[i] * turn[i];
  });
  const perStore = prior.stats.bottles / prior.stats.storeArrivals;
  // At least one store gets it. Guard: units 0 over 0 bottles per store is NaN, which Math.max passes on.
  const reach = s.units / perStore;
  const chance = inclusion(weights, reach > 1 ? reach : 1);
  const basis = own && own.shipments >= MIN_SHIPMENTS.product ? 'product' : prior.basis;
  return stores.map((storeId, i) => {
    const w = modelWindow(model, storeId, s);
    return {
      storeId,
      raw: chance[i],
      windowStart: w.start,
      windowEnd: w.end,
      expected: w.expected,
      basis,
      tier: tierOf(storeId) ?? null,
      turn: turns?.has(storeId) ? turn[i] : null,
      got: typeStats?.received.get(storeId) ?? 0,
      of: typeStats?.shipments ?? 0,
    };
  });
}

/** A listing type in a reason's words: "Allocation", or "hunted bottle" for one the state does not type. */
const typeWords = (listingType: string) => (listingType === 'Unknown' || !listingType ? 'hunted bottle' : listingType);

/**
 * Why a named store is named, in a few words: the board habit its forecast rests on, the strongest first — its
 * tier, its turn in a rotation, a type it always gets, else its share of the type — and its drop day.
 */
export function reasonOf(model: BoardModel, s: ShipmentFact, f: Pick<RawForecast, 'storeId' | 'tier' | 'turn' | 'got' | 'of'>): string {
  const type = typeWords(s.listingType);
  let why: string;
  if (f.tier !== null) why = `only when ${f.tier} or more bottles come`;
  else if (f.turn !== null && f.turn >= ROTATION_NEXT) why = `next in ${model.boardName ? `${model.boardName}'s` : "the board's"} ${type} rotation`;
  else if (f.of >= TIER_MIN_BELOW && f.got / f.of >= EVERY_SHARE) why = `gets every ${type}`;
  else if (f.of > 0 && f.got > 0) why = `got ${f.got} of the last ${f.of} ${type === 'hunted bottle' ? 'hunted' : type} shipments`;
  else why = `got this bottle before`;
  const typeDrop = model.typeDrops.get(s.listingType)?.day;
  const drop = model.drop.get(f.storeId);
  const day = model.patterns.get(f.storeId)?.deliveryDay;
  if (typeDrop) why += `; ${typeDrop} drop`;
  else if (drop && day) why += drop === 'board' ? `; ${day} drop` : `; its hunted bottles come ${day}s`;
  return why;
}

/**
 * A shelf board's forecast: each store's share of the arrivals of the shipment's type (and price band), blended
 * with the product's own history (PRODUCT_PRIOR), times how its turn in the type's rotation changes its odds, none
 * below its tier; turned into the chance it is among the stores these units reach (units ÷ bottles per receiving
 * store, from the same history), then calibrated on the board's own past (calibrate); named from NAME_AT, with a
 * reason in words.
 *
 * Range: [] when the board has no history to go on, else one row per store its history sent the group to (each
 * once), most likely first; likelihood in [0, 1], named exactly when likelihood >= NAME_AT, reason a non-empty
 * string exactly when named, the window as storeWindow's from readyDay(s.day, model.lag, model.lagUnit).
 */
export function forecastShelfBoard(model: BoardModel, s: ShipmentFact): StoreForecast[] {
  const out: StoreForecast[] = rawForecast(model, s).map((f) => {
    const likelihood = calibrate(model.calibration, f.raw);
    const named = likelihood >= NAME_AT;
    return { storeId: f.storeId, likelihood, named, expected: f.expected, windowStart: f.windowStart, windowEnd: f.windowEnd, basis: f.basis, reason: named ? reasonOf(model, s, f) : null };
  });
  return out.sort((a, b) => b.likelihood - a.likelihood || a.storeId! - b.storeId!);
}

/** A one-store board's reason: the state ships to the board, and the board is this store. */
export const ONE_STORE_REASON = "the board's only store";

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
  return { storeId, likelihood: 1, named: true, expected: start, windowStart: start, windowEnd: addBusinessDays(s.day, ONE_STORE_BUSINESS_DAYS[1]), basis: 'prior', reason: ONE_STORE_REASON };
}

/**
 * Any other board: the board (likelihood 1, named), from the first day after E a store is open (the board's own
 * trucks keep no state calendar, but no store is open on a Sunday) to the BOARD_BUSINESS_DAYS-th state business day
 * after E.
 *
 * Range: E + 1 <= windowStart <= E + 2, never a Sunday; windowEnd = addBusinessDays(E, 7), a state business day,
 * E + 9 <= windowEnd <= E + BOARD_HORIZON_DAYS; expected null. Throws a RangeError when E is not a day number.
 */
export function forecastBoard(s: ShipmentFact): StoreForecast {
  return { storeId: null, likelihood: 1, named: true, expected: null, windowStart: storeOpenDayOnOrAfter(s.day + 1), windowEnd: addBusinessDays(s.day, BOARD_BUSINESS_DAYS), basis: 'prior', reason: null };
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
