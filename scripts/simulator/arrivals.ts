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
//   world's truck holidays (scripts/demo/delivery-patterns.ts holidaysOf: the state's warehouse sends no trucks
//   then; before issue 37 this truck ran on them); no skip, no split.
// - Which stores: weighted draws without replacement; the weights are consistent per (board, listing type)
//   (e^(concentration × a hashed preference per store): Barrel picks go to a few flagship stores, Allocation
//   to the board's usual allocation stores, Limited more broadly), times a per-(board, product) affinity,
//   more concentrated for bottles of $100 or more. Bottles per receiving store by type, so units decide how many.
// - Noise per store: it skips this delivery (6%: its share comes on its next one); its share is split across
//   two trucks (8% of shares of 2 or more: half now, the rest on its next delivery).
// - The caps the world keeps (Ledger): at most 6 bottles of a product per store per delivery and 6 stores per
//   (product, day) on a board; the overflow rides the store's next delivery.
import { isTruckHoliday } from '../demo/delivery-patterns.ts';
import { weekdayOf } from './clock.ts';
import { hashInt, hashUnit } from './random.ts';
import { deliveryTick, isDeliveryDay } from './shelves.ts';
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
export function planArrivals(seed: number, stores: readonly SimStore[], shipment: CausingShipment): PlannedArrival[] {
  if (!stores.length || shipment.units <= 0) return [];
  const key = ['ship', shipment.boardId, shipment.serial] as const;
  const late = hashUnit(seed, ...key, 'late') < LATE_TRUCK_P ? hashInt(1, 3, seed, ...key, 'late-days') : 0;
  const ready = Math.max(shipment.shipDay + boardLagDays(seed, shipment.boardId, stores.length), shipment.extractDay + 1) + late;
  if (stores.length === 1) return [{ storeNumber: stores[0].storeNumber, retailIndex: stores[0].retailIndex, day: stateTruckDayOnOrAfter(ready), quantity: shipment.units }];

  // Shares: weighted draws without replacement (Efraimidis–Spirakis keys from the shipment's hash).
  const weights = storeWeights(seed, shipment.boardId, stores, shipment.plu, shipment.listingType, shipment.price);
  const order = stores
    .map((s, i) => ({ s, i, k: Math.pow(hashUnit(seed, ...key, 'draw', s.storeNumber) || 1e-9, 1 / Math.max(weights[i], 1e-12)) }))
    .sort((a, b) => b.k - a.k);
  const [lo, hi] = PER_STORE[shipment.listingType] ?? [1, 3];
  const shares = new Map<number, number>(); // position in `stores` → bottles
  let left = shipment.units;
  for (const { i, s } of order) {
    if (left <= 0) break;
    const q = Math.min(left, hashInt(lo, hi, seed, ...key, 'qty', s.storeNumber));
    shares.set(i, q);
    left -= q;
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

  const out: PlannedArrival[] = [];
  for (const [i, quantity] of shares) {
    const store = stores[i];
    let day = nextDeliveryDay(seed, store, ready);
    if (day === undefined) continue;
    if (hashUnit(seed, ...key, 'skip', store.storeNumber) < SKIP_P) day = nextDeliveryDay(seed, store, day + 1) ?? day;
    if (quantity >= 2 && hashUnit(seed, ...key, 'split', store.storeNumber) < SPLIT_P) {
      const first = Math.ceil(quantity / 2);
      out.push({ storeNumber: store.storeNumber, retailIndex: store.retailIndex, day, quantity: first });
      const next = nextDeliveryDay(seed, store, day + 1);
      if (next !== undefined) out.push({ storeNumber: store.storeNumber, retailIndex: store.retailIndex, day: next, quantity: quantity - first });
      continue;
    }
    out.push({ storeNumber: store.storeNumber, retailIndex: store.retailIndex, day, quantity });
  }
  return out;
}

/** An arrival a board's ledger holds: a planned share after the caps. */
export interface LedgerArrival {
  boardId: number;
  storeNumber: number;
  retailIndex: number;
  day: number;
  /** The delivery tick it shows at (the store's delivery that day). */
  at: number;
  plu: string;
  productIndex: number;
  quantity: number;
  /** The shipment that caused it. */
  serial: number;
  shipTick: number;
  extractDay: number;
}

/**
 * One board's arrivals to come and past, by day: where planned shares are placed under the caps (≤ 6 bottles of
 * a product per store per delivery, ≤ 6 stores per product per day), the overflow on the store's next delivery.
 */
export class Ledger {
  private readonly byDay = new Map<number, LedgerArrival[]>();

  /** `caps` false: a board whose shelves the world does not keep (its truth only): shares are placed as planned. */
  constructor(
    private readonly seed: number,
    readonly boardId: number,
    private readonly stores: readonly SimStore[],
    private readonly caps = true,
  ) {}

  /** Places a shipment's planned arrivals; returns what was placed (for the shelves to schedule). */
  place(shipment: CausingShipment, productIndex: number): LedgerArrival[] {
    const placed: LedgerArrival[] = [];
    for (const a of planArrivals(this.seed, this.stores, shipment)) {
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
          };
          list.push(arrival);
          this.byDay.set(day, list);
          placed.push(arrival);
          quantity -= q;
        }
        if (quantity > 0) day = nextDeliveryDay(this.seed, store, day + 1);
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
