// Shipments cause arrivals (issue 26, item 5): what one shipment of an allocated product to a board puts on
// which of its stores' shelves, and when. Pure and hashed from (seed, board, shipment serial), like debuts, so
// it takes nothing from any random stream: the world decides when boards order, this decides the rest.
//
// - The board's warehouse sends a shipment to its stores from its ready day: `max(S + lag, E + 1)` (S the day
//   it left the state warehouse, E the day of the extract that first counts it, lag 1–3 per board). A late
//   truck (8%) adds 1–3 days. Nothing reaches a shelf before the extract that counts it is out (E + 1).
// - Each receiving store gets its share on its first delivery day on or after the ready day.
// - A board of one store has no warehouse of its own: the state's truck brings the whole shipment to the store
//   on the first weekday on or after max(S + 1, E + 1) (a late truck: 1–3 days more) that is not one of the
//   world's truck holidays (simulator/delivery-patterns.ts holidaysOf: the state's warehouse sends no trucks
//   then; before issue 37 this truck ran on them); no skip, no split.
// - Which stores: weighted draws without replacement; the weights are consistent per (board, listing type)
//   (e^(concentration × a hashed preference per store): Barrel picks go to a few flagship stores, Allocation
//   to the board's usual allocation stores, Limited more broadly), times a per-(board, product) affinity,
//   more concentrated for bottles of $100 or more. Bottles per receiving store by type, so units decide how many.
// - Noise per store: it skips this delivery (6%: its share comes on its next one); its share is split across
//   two trucks (8% of shares of 2 or more: half now, the rest on its next delivery).
// - The caps the world keeps (Ledger): at most 6 bottles of a product per store per delivery and 6 stores per
//   (product, day) on a board; the overflow rides the store's next delivery.
//
// That is the 'classic' world. The 'varied' one (issue 37, item 5; SimWorldOptions.habits) gives boards other
// habits, written from how NC boards say they spread allocations, not from the model (boardHabit below): rotation
// lists, a Saturday drop, tiers, lags in business days, and a state truck to one-store boards that takes 1 to 5
// business days.
import { isTruckHoliday } from './delivery-patterns.ts';
import { weekdayOf } from './clock.ts';
import { cumulativeIndexOf, hashInt, hashUnit } from './random.ts';
import { deliveryTick, isDeliveryDay, type LedgerArrival } from './shelves.ts';
import type { SimStore } from './dataset.ts';

export const LATE_TRUCK_P = 0.08;
export const SKIP_P = 0.06;
export const SPLIT_P = 0.08;
export const MAX_BOTTLES_PER_DELIVERY = 6;
export const MAX_STORES_PER_DAY = 6;
/** How far ahead a store's next delivery is looked for (a fortnightly store, a month of Random weeks). */
const DELIVERY_SEARCH_DAYS = 42;

/** How strongly a board's preference decides where a type goes: weight = e^(concentration × preference). */
const CONCENTRATION: Record<string, number> = { Barrel: 14, Allocation: 8, Limited: 4 };
const PER_STORE: Record<string, [number, number]> = { Barrel: [3, 6], Allocation: [1, 3], Limited: [2, 3] };

/** Which habits the world's boards keep: 'classic' (issues 26–36) or 'varied' (issue 37). */
export type WorldHabits = 'classic' | 'varied';

/** How one board of the varied world spreads a shipment (null: the classic way). */
export interface BoardHabit {
  /** A name for the README and the bench ("rotation", "Saturday drop", ...). */
  name: string;
  /** Listing types sent to the next stores of a fixed rotation list (who got the last ones decides who is next). */
  rotation: readonly string[];
  /** Listing types held at the board's warehouse and shelved at the receiving stores on Saturday. */
  drop: readonly string[];
  /** Stores have a threshold: they get a product only from a shipment of at least that many bottles. */
  tiers: boolean;
  /** The board's warehouse is ready `lag` state business days after the extract's day (else calendar days after the ship day). */
  businessLag: boolean;
  /** A one-store board: the state's truck comes 1 to 5 business days after the extract's day (TRUCK_SPREAD). */
  truckSpread: boolean;
}

const HABIT_NONE: BoardHabit = { name: 'classic', rotation: [], drop: [], tiers: false, businessLag: false, truckSpread: false };
/**
 * The varied world's shelf boards (the public facts behind them: simulator/README.md, Dynamics). Any other
 * shelf board (a test's shelfBoardStores) takes one of these by a hash of (seed, board).
 */
const SHELF_HABITS: Readonly<Record<number, BoardHabit>> = {
  179: { ...HABIT_NONE, name: 'rotation', rotation: ['Allocation', 'Limited', 'Barrel'] },
  78: { ...HABIT_NONE, name: 'Saturday drop', drop: ['Allocation', 'Barrel'] },
  58: { ...HABIT_NONE, name: 'tiers, business-day lag', tiers: true, businessLag: true },
  135: { ...HABIT_NONE, name: 'Allocation rotation, Barrel Saturday drop, business-day lag', rotation: ['Allocation'], drop: ['Barrel'], businessLag: true },
};
const SHELF_HABIT_IDS = [179, 78, 58, 135];
/** The state truck to a one-store board of the varied world: P(it comes k business days after the extract's day), k = 1..5. */
export const TRUCK_SPREAD: readonly number[] = [0.45, 0.27, 0.13, 0.09, 0.06];
/** A tier store's threshold (bottles in one shipment); the board's other stores get any shipment. */
export const TIER_BOTTLES = 12;
/** Share of a tiers board's stores that have the threshold. */
const TIER_SHARE = 0.4;
/** Share of a board's stores on a type's rotation list (Barrel: a few flagship stores). */
const ROTATION_SHARE: Record<string, number> = { Barrel: 0.25, Allocation: 0.67, Limited: 1 };

/**
 * A board's habit in a world: null in the classic world and for the varied world's boards of several stores whose
 * shelves the world does not keep (they stay classic: nothing public says how they spread).
 */
export function boardHabit(habits: WorldHabits, seed: number, boardId: number, retailStores: number, shelfBoard: boolean): BoardHabit | null {
  if (habits === 'classic' || retailStores === 0) return null;
  if (retailStores === 1) return { ...HABIT_NONE, name: 'state truck 1–5 business days', truckSpread: true };
  if (!shelfBoard) return null;
  return SHELF_HABITS[boardId] ?? SHELF_HABITS[SHELF_HABIT_IDS[hashInt(0, SHELF_HABIT_IDS.length - 1, seed, 'habit', boardId)]];
}

/** Whether the world's state trucks and board warehouses work that day: Monday–Friday, not a truck holiday. */
export function isBusinessDay(day: number): boolean {
  const wd = weekdayOf(day);
  return wd !== 0 && wd !== 6 && !isTruckHoliday(day);
}

/** The n-th business day after `day` (n ≥ 0; n = 0: the first business day on or after it). Bounded: n + 14 days of holidays at most. */
export function addBusinessDays(day: number, n: number): number {
  let d = day;
  let left = n;
  if (left === 0) return stateTruckDayOnOrAfter(d);
  for (let i = 0; left > 0 && i < 7 * (n + 2); i++) {
    d++;
    if (isBusinessDay(d)) left--;
  }
  return d;
}

/** A tier store's threshold in a board of the varied world (0: it gets any shipment). */
export function tierThreshold(seed: number, boardId: number, storeNumber: number): number {
  return hashUnit(seed, 'tier', boardId, storeNumber) < TIER_SHARE ? TIER_BOTTLES : 0;
}

/** A board's fixed rotation list for a listing type: indexes into `stores`, in turn order. */
export function rotationList(seed: number, boardId: number, stores: readonly SimStore[], listingType: string): number[] {
  const n = Math.max(1, Math.min(stores.length, Math.ceil(stores.length * (ROTATION_SHARE[listingType] ?? 1))));
  return stores
    .map((s, i) => ({ i, k: hashUnit(seed, 'rotation', boardId, listingType, s.storeNumber) }))
    .sort((a, b) => a.k - b.k)
    .slice(0, n)
    .map((x) => x.i);
}

/** The first Saturday on or after a day. */
export function saturdayOnOrAfter(day: number): number {
  return day + ((6 - weekdayOf(day) + 7) % 7);
}

/** A board's state across shipments (the varied world's rotation: the next position on each type's list). */
export interface HabitState {
  rotationNext: Map<string, number>;
}

/** The shipment as the world logged it. */
export interface CausingShipment {
  /** A serial unique in the world (hash key of its draws). */
  serial: number;
  boardId: number;
  plu: string;
  listingType: string;
  /** Retail price in dollars (null: unknown). */
  price: number | null;
  /** The tick it left the state warehouse. */
  tick: number;
  /** New York day of that tick (S) and of the first extract counting it (E). */
  shipDay: number;
  extractDay: number;
  units: number;
}

/** One store's share of a shipment on one delivery day. */
export interface PlannedArrival {
  storeNumber: number;
  /** The store's index among the board's retail stores. */
  retailIndex: number;
  day: number;
  quantity: number;
  /** A Saturday drop (the varied world): shelved by the board's own truck, not on a store delivery. */
  drop?: boolean;
}

/** Days from a shipment to its board's warehouse being ready to send it on (before the E + 1 floor and late trucks). */
export function boardLagDays(seed: number, boardId: number, retailStores: number): number {
  return retailStores <= 1 ? 1 : hashInt(1, 3, seed, 'board-lag', boardId);
}

/**
 * The first day on or after `day` the state's truck runs: Monday–Friday and not one of the world's truck holidays
 * (its calendar, written apart from the model's lib/forecast/calendar.ts, so the replay measures the model against
 * a calendar it did not write). At most two weeks on: the holidays leave no longer closed stretch.
 */
export function stateTruckDayOnOrAfter(day: number): number {
  let d = day;
  for (let i = 0; i < 14 && (weekdayOf(d) === 0 || weekdayOf(d) === 6 || isTruckHoliday(d)); i++) d++;
  return d;
}

/** The first delivery day of a store on or after `from` (undefined: none within the search horizon). */
export function nextDeliveryDay(seed: number, store: SimStore, from: number): number | undefined {
  for (let d = from; d < from + DELIVERY_SEARCH_DAYS; d++) if (isDeliveryDay(seed, store, d)) return d;
  return undefined;
}

/** The store preference weights of a board for a product: consistent per (board, listing type), nudged per product. */
export function storeWeights(seed: number, boardId: number, stores: readonly SimStore[], plu: string, listingType: string, price: number | null): number[] {
  const conc = (CONCENTRATION[listingType] ?? 6) * (price !== null && price >= 100 ? 1.5 : 1);
  return stores.map((s) => {
    const pref = hashUnit(seed, 'store-pref', boardId, listingType, s.storeNumber);
    const affinity = 0.7 + 0.6 * hashUnit(seed, 'store-affinity', boardId, plu, s.storeNumber);
    return Math.exp(conc * (pref - 1)) * affinity;
  });
}

/** Where and when one shipment lands, before the board's caps (Ledger.place applies those). */
export function planArrivals(seed: number, stores: readonly SimStore[], shipment: CausingShipment, habit: BoardHabit | null = null, state?: HabitState): PlannedArrival[] {
  if (!stores.length || shipment.units <= 0) return [];
  const key = ['ship', shipment.boardId, shipment.serial] as const;
  if (habit?.truckSpread && stores.length === 1) {
    const k = 1 + cumulativeIndexOf(cumulative(TRUCK_SPREAD), hashUnit(seed, ...key, 'truck-spread'));
    return [{ storeNumber: stores[0].storeNumber, retailIndex: stores[0].retailIndex, day: addBusinessDays(shipment.extractDay, k), quantity: shipment.units }];
  }
  const late = hashUnit(seed, ...key, 'late') < LATE_TRUCK_P ? hashInt(1, 3, seed, ...key, 'late-days') : 0;
  const lag = boardLagDays(seed, shipment.boardId, stores.length);
  const ready = habit?.businessLag
    ? addBusinessDays(shipment.extractDay, lag + late)
    : Math.max(shipment.shipDay + lag, shipment.extractDay + 1) + late;
  if (stores.length === 1) return [{ storeNumber: stores[0].storeNumber, retailIndex: stores[0].retailIndex, day: stateTruckDayOnOrAfter(ready), quantity: shipment.units }];

  const [lo, hi] = PER_STORE[shipment.listingType] ?? [1, 3];
  const shares = new Map<number, number>(); // position in `stores` → bottles
  let left = shipment.units;
  let order: { i: number; s: SimStore }[];
  if (habit && state && habit.rotation.includes(shipment.listingType)) {
    // The next stores of the type's list, wrapping around, as many as the bottles go to.
    const list = rotationList(seed, shipment.boardId, stores, shipment.listingType);
    const start = state.rotationNext.get(shipment.listingType) ?? 0;
    order = [];
    for (let j = 0; j < list.length && left > 0; j++) {
      const i = list[(start + j) % list.length];
      const q = Math.min(left, hashInt(lo, hi, seed, ...key, 'qty', stores[i].storeNumber));
      shares.set(i, q);
      order.push({ i, s: stores[i] });
      left -= q;
    }
    state.rotationNext.set(shipment.listingType, (start + order.length) % list.length);
  } else {
    // Shares: weighted draws without replacement (Efraimidis–Spirakis keys from the shipment's hash); a tiers
    // board leaves out the stores whose threshold the shipment does not reach.
    const weights = storeWeights(seed, shipment.boardId, stores, shipment.plu, shipment.listingType, shipment.price);
    order = stores
      .map((s, i) => ({ s, i, k: Math.pow(hashUnit(seed, ...key, 'draw', s.storeNumber) || 1e-9, 1 / Math.max(weights[i], 1e-12)) }))
      .filter(({ s }) => !habit?.tiers || shipment.units >= tierThreshold(seed, shipment.boardId, s.storeNumber))
      .sort((a, b) => b.k - a.k);
    for (const { i, s } of order) {
      if (left <= 0) break;
      const q = Math.min(left, hashInt(lo, hi, seed, ...key, 'qty', s.storeNumber));
      shares.set(i, q);
      left -= q;
    }
  }
  // More bottles than the draws placed: a bottle more at each receiving store, in draw order, up to the cap.
  for (let round = 0; left > 0 && round < MAX_BOTTLES_PER_DELIVERY * 2; round++) {
    for (const { i } of order) {
      if (left <= 0) break;
      if (!shares.has(i) || shares.get(i)! >= MAX_BOTTLES_PER_DELIVERY) continue;
      shares.set(i, shares.get(i)! + 1);
      left--;
    }
  }

  // A drop board shelves the type on Saturdays (its own truck): the first from the ready day, the next one for a skip.
  const drop = habit?.drop.includes(shipment.listingType) ?? false;
  const next = (store: SimStore, from: number) => (drop ? saturdayOnOrAfter(from) : nextDeliveryDay(seed, store, from));
  const out: PlannedArrival[] = [];
  for (const [i, quantity] of shares) {
    const store = stores[i];
    let day = next(store, ready);
    if (day === undefined) continue;
    if (hashUnit(seed, ...key, 'skip', store.storeNumber) < SKIP_P) day = next(store, day + 1) ?? day;
    if (quantity >= 2 && hashUnit(seed, ...key, 'split', store.storeNumber) < SPLIT_P) {
      const first = Math.ceil(quantity / 2);
      out.push({ storeNumber: store.storeNumber, retailIndex: store.retailIndex, day, quantity: first, ...(drop ? { drop } : {}) });
      const later = next(store, day + 1);
      if (later !== undefined) out.push({ storeNumber: store.storeNumber, retailIndex: store.retailIndex, day: later, quantity: quantity - first, ...(drop ? { drop } : {}) });
      continue;
    }
    out.push({ storeNumber: store.storeNumber, retailIndex: store.retailIndex, day, quantity, ...(drop ? { drop } : {}) });
  }
  return out;
}

function cumulative(ps: readonly number[]): number[] {
  let sum = 0;
  return ps.map((p) => (sum += p));
}


/**
 * One board's arrivals to come and past, by day: where planned shares are placed under the caps (≤ 6 bottles of
 * a product per store per delivery, ≤ 6 stores per product per day), the overflow on the store's next delivery.
 */
export class Ledger {
  private readonly byDay = new Map<number, LedgerArrival[]>();
  private readonly state: HabitState = { rotationNext: new Map() };

  /**
   * `caps` false: a board whose shelves the world does not keep (its truth only): shares are placed as planned.
   * `habit`: the varied world's (boardHabit), null for the classic way.
   */
  constructor(
    private readonly seed: number,
    readonly boardId: number,
    private readonly stores: readonly SimStore[],
    private readonly caps = true,
    readonly habit: BoardHabit | null = null,
  ) {}

  /** Places a shipment's planned arrivals; returns what was placed (for the shelves to schedule). */
  place(shipment: CausingShipment, productIndex: number): LedgerArrival[] {
    const placed: LedgerArrival[] = [];
    for (const a of planArrivals(this.seed, this.stores, shipment, this.habit, this.state)) {
      const store = this.stores[a.retailIndex];
      let day: number | undefined = a.day;
      let quantity = a.quantity;
      for (let hops = 0; day !== undefined && quantity > 0 && hops < 8; hops++) {
        const list = this.byDay.get(day) ?? [];
        const same = list.filter((x) => x.productIndex === productIndex);
        const atStore = same.filter((x) => x.storeNumber === a.storeNumber).reduce((n, x) => n + x.quantity, 0);
        const storesThatDay = new Set(same.map((x) => x.storeNumber));
        const room = !this.caps ? quantity : storesThatDay.has(a.storeNumber) || storesThatDay.size < MAX_STORES_PER_DAY ? MAX_BOTTLES_PER_DELIVERY - atStore : 0;
        const q = Math.min(room, quantity);
        if (q > 0) {
          const arrival: LedgerArrival = {
            boardId: this.boardId,
            storeNumber: a.storeNumber,
            retailIndex: a.retailIndex,
            day,
            at: deliveryTick(this.seed, store, day),
            plu: shipment.plu,
            productIndex,
            quantity: q,
            serial: shipment.serial,
            shipTick: shipment.tick,
            extractDay: shipment.extractDay,
            ...(a.drop ? { drop: true } : {}),
          };
          list.push(arrival);
          this.byDay.set(day, list);
          placed.push(arrival);
          quantity -= q;
        }
        if (quantity > 0) day = a.drop ? saturdayOnOrAfter(day + 1) : nextDeliveryDay(this.seed, store, day + 1);
      }
    }
    return placed;
  }

  /** The arrivals of a day (every store of the board), in placing order. */
  on(day: number): readonly LedgerArrival[] {
    return this.byDay.get(day) ?? [];
  }

  /** Forgets days before `day`. */
  prune(day: number): void {
    for (const k of this.byDay.keys()) if (k < day) this.byDay.delete(k);
  }
}
