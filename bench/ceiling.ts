// How far any model could go on a world (issue 37): the shelf boards' shipments scored as the bench scores the
// model, by a forecaster that knows the world's own rules — each board's weights, rotation lists, tiers and its
// state before the extract's day — and lacks what the extract does not say: each shipment's own random draws, and
// which of a day's shipments to a board left first (the extract lists a day's rows by product, and sums a
// product's shipments of the day into one row). For each extract row (board, day, product), a store's chance is
// the share of `draws` other draws (the world's planArrivals under other serials, the day's shipments in an order
// of the draw's, from the board's state before the day) that send it the product; a store is named when its
// chance reaches a threshold, its window perfect (which stores is judged here, not when). Then, as bench:forecast
// counts them: recall is the share of the scored arrivals whose (store, row) was named, precision the share of
// named (store, row) pairs whose store got the product from the row's shipments. The bench's windows also let a
// later shipment of the product make a pair come true, so a model may pass this curve by a little; well below
// it, the gap is what the model still misses of the world's rules.
import { planArrivals, type CausingShipment, type HabitState } from '../simulator/arrivals.ts';
import type { LedgerArrival } from '../simulator/shelves.ts';
import { nyLocal } from '../simulator/clock.ts';
import { hashUnit } from '../simulator/random.ts';
import type { SimWorld } from '../simulator/world.ts';

/** Other draws per shipment (the chance's standard error is at most 5 points). */
export const CEILING_DRAWS = 100;
/** Serials of the other draws: far beyond any real one, so no draw is the shipment's own. */
const SERIAL_STRIDE = 100_000_000;
/** The chances it names from: every 0.025 from 0.05 to 0.8. */
export const CEILING_THRESHOLDS: readonly number[] = Array.from({ length: 31 }, (_, i) => Math.round((0.05 + 0.025 * i) * 1000) / 1000);

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
  /** One per extract row (board, day, product): the stores it reached, and each store's chance. */
  const rows: { boardId: number; extractDay: number; plu: string; stores: Set<number>; chance: Map<number, number> }[] = [];
  const unexplained = new Set<string>();
  const boards = [...new Set([...shipments.values()].map((s) => s.boardId))].sort((a, b) => a - b);
  for (const boardId of boards) {
    const stores = world.retailStoresOfAnyBoard(boardId);
    const habit = world.boardHabit(boardId);
    const state: HabitState = { rotationNext: new Map() };
    const own = [...shipments.values()].filter((s) => s.boardId === boardId).sort((a, b) => a.serial - b.serial);
    const causingOf = (s: Shipment): CausingShipment => {
      const product = world.productOf(s.productIndex);
      const price = product.retailPrice === null ? null : Number(product.retailPrice);
      return {
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
    };
    // An extract's shipments to a board, taken together: the extract does not say which left first, so each draw
    // sends the day's shipments in an order of its own from the board's state before the day.
    for (let i = 0; i < own.length; ) {
      let j = i;
      while (j < own.length && own[j].extractDay === own[i].extractDay) j++;
      const day = own.slice(i, j).map(causingOf);
      // The extract's row: a product's shipments of the day, summed (which stores get any of them).
      const counts = new Map<string, Map<number, number>>();
      for (const c of day) counts.set(c.plu, new Map());
      for (let k = 1; k <= draws; k++) {
        const drawState: HabitState = { rotationNext: new Map(state.rotationNext) };
        const got = new Map<string, Set<number>>();
        for (const at of hashOrder(day.length, world.seed, 'ceiling-order', boardId, day[0].serial, k)) {
          const other = planArrivals(world.seed, stores, { ...day[at], serial: day[at].serial + k * SERIAL_STRIDE }, habit, drawState);
          const set = got.get(day[at].plu) ?? got.set(day[at].plu, new Set()).get(day[at].plu)!;
          for (const a of other) set.add(a.storeNumber);
        }
        for (const [plu, set] of got) for (const store of set) counts.get(plu)!.set(store, (counts.get(plu)!.get(store) ?? 0) + 1);
      }
      const real = new Map<string, Set<number>>();
      day.forEach((causing, at) => {
        const s = own[i + at];
        // The shipment itself, redrawn in the world's order: it moves the rotation on, and must send bottles where the world did.
        const itself = new Set(planArrivals(world.seed, stores, causing, habit, state).map((a) => a.storeNumber));
        if (itself.size !== s.stores.size || [...s.stores].some((store) => !itself.has(store))) unexplained.add(`${boardId}|${s.extractDay}|${s.plu}`);
        const set = real.get(s.plu) ?? real.set(s.plu, new Set()).get(s.plu)!;
        for (const store of s.stores) set.add(store);
      });
      for (const [plu, c] of counts) {
        rows.push({ boardId, extractDay: day[0].extractDay, plu, stores: real.get(plu)!, chance: new Map([...c].map(([store, n]) => [store, n / draws])) });
      }
      i = j;
    }
  }

  const chanceOf = new Map(rows.map((r) => [`${r.boardId}|${r.extractDay}|${r.plu}`, r.chance]));
  const scoredArrivals = arrivals.filter((a) => scoredFrom <= a.day && a.day < scoredTo);
  const scoredRows = rows.filter((r) => scoredFrom <= r.extractDay && r.extractDay < scoredTo);
  const judge = (scope: 'shelf' | number): CeilingBoard => {
    const inScope = (boardId: number) => scope === 'shelf' || boardId === scope;
    const mine = scoredArrivals.filter((a) => inScope(a.boardId));
    const own = scoredRows.filter((r) => inScope(r.boardId));
    const points = CEILING_THRESHOLDS.map((threshold) => {
      const recalled = mine.filter((a) => (chanceOf.get(`${a.boardId}|${a.extractDay}|${a.plu}`)?.get(a.storeNumber) ?? 0) >= threshold).length;
      let named = 0;
      let hits = 0;
      for (const r of own) {
        for (const [store, chance] of r.chance) {
          if (chance < threshold) continue;
          named++;
          if (r.stores.has(store)) hits++;
        }
      }
      return { threshold, recall: mine.length ? recalled / mine.length : 0, precision: named ? hits / named : 0, named };
    });
    return { scope, arrivals: mine.length, unexplained: [...unexplained].filter((key) => inScope(Number(key.split('|')[0])) && scoredFrom <= Number(key.split('|')[1]) && Number(key.split('|')[1]) < scoredTo).length, points };
  };
  return [judge('shelf'), ...boards.map(judge)];
}

/** 0..n-1 in an order drawn from the keys (Fisher–Yates on hashed units). */
function hashOrder(n: number, ...keys: (number | string)[]): number[] {
  const out = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(hashUnit(...keys, i) * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** The best precision a ceiling reaches at a recall of at least `recall` (null: no threshold reaches that recall). */
export function bestPrecisionAt(points: readonly CeilingPoint[], recall: number): CeilingPoint | null {
  const ok = points.filter((p) => p.recall >= recall);
  return ok.length ? ok.reduce((a, b) => (b.precision > a.precision ? b : a)) : null;
}
