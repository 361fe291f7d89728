// How far any model could go on a world (issue 37): the shelf boards' shipments scored as the bench scores the
// model, by a forecaster that knows the world's own rules — each board's weights, rotation lists, tiers and its
// state before the shipment — and only lacks the shipment's own random draws. Each store's chance of receiving a
// shipment is the share of `draws` other draws of the same shipment (the world's planArrivals under another
// serial, the board's state as it stood) that send it bottles; a store is named when its chance reaches a
// threshold, and its window is perfect (timing is not judged here, only which stores). Then, as bench:forecast
// counts them: recall is the share of the scored arrivals whose (store, shipment) was named, precision the share
// of named (store, shipment) pairs that received the shipment. A model's (recall, precision) above this curve is
// impossible; below it, the gap is what the model still misses of the world's rules.
import { planArrivals, type CausingShipment, type HabitState, type LedgerArrival } from '../simulator/arrivals.ts';
import { nyLocal } from '../simulator/clock.ts';
import type { SimWorld } from '../simulator/world.ts';

/** Other draws per shipment (the chance's standard error is at most 5 points). */
export const CEILING_DRAWS = 100;
/** Serials of the other draws: far beyond any real one, so no draw is the shipment's own. */
const SERIAL_STRIDE = 100_000_000;
export const CEILING_THRESHOLDS = [0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5, 0.6] as const;

export interface CeilingPoint {
  threshold: number;
  recall: number;
  precision: number;
  named: number;
}

export interface CeilingBoard {
  /** 'shelf' for every shelf board together, else the board's id. */
  scope: 'shelf' | number;
  arrivals: number;
  /** Shipments whose own plan, redrawn here, sent bottles to other stores than the world did (0 when the rules are read right). */
  unexplained: number;
  points: CeilingPoint[];
}

interface Shipment {
  boardId: number;
  serial: number;
  plu: string;
  productIndex: number;
  extractDay: number;
  shipTick: number;
  units: number;
  /** Stores that received it (any arrival of its serial). */
  stores: Set<number>;
}

/**
 * The ceiling of every shelf board, and of them together. `arrivals`: every arrival of the shelf boards from the
 * world's first day on (the rotation state is rebuilt from the first shipment); scored: arrivals with
 * scoredFrom ≤ day < scoredTo, and shipments first extracted in that span. Pure and bounded: draws × shipments plans.
 */
export function shelfCeiling(world: SimWorld, arrivals: readonly LedgerArrival[], scoredFrom: number, scoredTo: number, draws = CEILING_DRAWS): CeilingBoard[] {
  const shipments = new Map<string, Shipment>();
  for (const a of arrivals) {
    const key = `${a.boardId}|${a.serial}`;
    let s = shipments.get(key);
    if (!s) shipments.set(key, (s = { boardId: a.boardId, serial: a.serial, plu: a.plu, productIndex: a.productIndex, extractDay: a.extractDay, shipTick: a.shipTick, units: 0, stores: new Set() }));
    s.units += a.quantity;
    s.stores.add(a.storeNumber);
  }
  /** board → serial → store → chance. */
  const chances = new Map<string, Map<number, number>>();
  const unexplained = new Set<string>();
  const boards = [...new Set([...shipments.values()].map((s) => s.boardId))].sort((a, b) => a - b);
  for (const boardId of boards) {
    const stores = world.retailStoresOfAnyBoard(boardId);
    const habit = world.boardHabit(boardId);
    const state: HabitState = { rotationNext: new Map() };
    const own = [...shipments.values()].filter((s) => s.boardId === boardId).sort((a, b) => a.serial - b.serial);
    for (const s of own) {
      const product = world.productOf(s.productIndex);
      const price = product.retailPrice === null ? null : Number(product.retailPrice);
      const causing: CausingShipment = {
        serial: s.serial,
        boardId,
        plu: s.plu,
        listingType: product.listingType,
        price: Number.isFinite(price) ? price : null,
        tick: s.shipTick,
        shipDay: nyLocal(s.shipTick).dayNumber,
        extractDay: s.extractDay,
        units: s.units,
      };
      const counts = new Map<number, number>();
      for (let k = 1; k <= draws; k++) {
        const other = planArrivals(world.seed, stores, { ...causing, serial: s.serial + k * SERIAL_STRIDE }, habit, { rotationNext: new Map(state.rotationNext) });
        for (const store of new Set(other.map((a) => a.storeNumber))) counts.set(store, (counts.get(store) ?? 0) + 1);
      }
      // The shipment itself, redrawn: it moves the rotation on, and must send bottles where the world did.
      const itself = new Set(planArrivals(world.seed, stores, causing, habit, state).map((a) => a.storeNumber));
      if (itself.size !== s.stores.size || [...s.stores].some((store) => !itself.has(store))) unexplained.add(`${boardId}|${s.serial}`);
      chances.set(`${boardId}|${s.serial}`, new Map([...counts].map(([store, n]) => [store, n / draws])));
    }
  }

  const scoredArrivals = arrivals.filter((a) => scoredFrom <= a.day && a.day < scoredTo);
  const scoredShipments = [...shipments.values()].filter((s) => scoredFrom <= s.extractDay && s.extractDay < scoredTo);
  const judge = (scope: 'shelf' | number): CeilingBoard => {
    const inScope = (boardId: number) => scope === 'shelf' || boardId === scope;
    const mine = scoredArrivals.filter((a) => inScope(a.boardId));
    const ships = scoredShipments.filter((s) => inScope(s.boardId));
    const points = CEILING_THRESHOLDS.map((threshold) => {
      const recalled = mine.filter((a) => (chances.get(`${a.boardId}|${a.serial}`)?.get(a.storeNumber) ?? 0) >= threshold).length;
      let named = 0;
      let hits = 0;
      for (const s of ships) {
        for (const [store, chance] of chances.get(`${s.boardId}|${s.serial}`) ?? []) {
          if (chance < threshold) continue;
          named++;
          if (s.stores.has(store)) hits++;
        }
      }
      return { threshold, recall: mine.length ? recalled / mine.length : 0, precision: named ? hits / named : 0, named };
    });
    return { scope, arrivals: mine.length, unexplained: ships.filter((s) => unexplained.has(`${s.boardId}|${s.serial}`)).length, points };
  };
  return [judge('shelf'), ...boards.map(judge)];
}

/** The best precision a ceiling reaches at a recall of at least `recall` (null: no threshold reaches that recall). */
export function bestPrecisionAt(points: readonly CeilingPoint[], recall: number): CeilingPoint | null {
  const ok = points.filter((p) => p.recall >= recall);
  return ok.length ? ok.reduce((a, b) => (b.precision > a.precision ? b : a)) : null;
}
