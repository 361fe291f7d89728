// Statewide warehouse levels and the shipments to boards they turn into. A product's level rises when
// the warehouse receives it (a few times in 8 weeks for allocated products, weekly for Listed ones) and
// drains in case multiples as boards order; each drain of an allocated product becomes shipments to
// boards, weighted towards large boards. The last level is the catalog's warehouse_current and the
// last 30 days peak near its warehouse_peak_30d.
import { ALLOCATED_TYPES, type ProductSeed } from '../lib/reference/products.ts';
import { rng, splitInteger, type Rng } from './random.ts';
import { WAKE_BOARD_ID } from '../lib/reference/boards.ts';
import type { BoardSeed } from '../lib/reference/reference.ts';
import { SLOTS_PER_DAY, type Timeline } from './timeline.ts';

/** How many Listed products get a warehouse history (besides every Allocation, Limited and Barrel one). */
export const LISTED_WAREHOUSE_PRODUCTS = 300;
const WHISKEY = /bourbon|whisk|\brye\b|scotch|single malt|ksbw|\bbib\b|bottled in bond|\d+y\b/i;
const EXTRACT_SLOT = 16; // the shipments extract refreshes near 11:00 New York time (slot 16 = 11:00)

export interface LevelRow {
  plu: string;
  poll: number;
  total: number;
}

export interface ShipmentRow {
  plu: string;
  boardId: number;
  dayIndex: number;
  units: number;
}

export interface WarehouseResult {
  levels: LevelRow[];
  shipments: ShipmentRow[];
  /** Shipments to Wake, by day: what Wake's stores receive over the next week. */
  wakeShipments: ShipmentRow[];
  /** The day index of the last shipments extract at or before `now`, and its time (epoch ms). */
  lastExtractDay: number;
  lastExtractAt: number;
}

/** Every Allocation, Limited and Barrel product, and the busiest Listed whiskeys. */
export function warehouseProducts(products: ProductSeed[]): ProductSeed[] {
  const allocated = products.filter((p) => ALLOCATED_TYPES.includes(p.listingType));
  const listed = products
    .filter((p) => p.listingType === 'Listed' && p.warehousePeak30d > 0 && WHISKEY.test(p.name))
    .sort((a, b) => b.warehousePeak30d - a.warehousePeak30d || a.plu.localeCompare(b.plu))
    .slice(0, LISTED_WAREHOUSE_PRODUCTS);
  return [...allocated, ...listed];
}

interface Receipt {
  poll: number;
  target: number; // level right after the receipt
}

/** Distinct random weekday indexes in [from, to], at least `gap` days apart, sorted. */
function pickDays(t: Timeline, r: Rng, from: number, to: number, count: number, gap: number): number[] {
  const candidates: number[] = [];
  for (let d = Math.max(0, from); d <= Math.min(to, t.days - 1); d++) if (t.isWeekday(d)) candidates.push(d);
  const out: number[] = [];
  r.shuffle(candidates);
  for (const d of candidates) {
    if (out.length >= count) break;
    if (out.every((o) => Math.abs(o - d) >= gap)) out.push(d);
  }
  return out.sort((a, b) => a - b);
}

const roundTo = (value: number, step: number) => Math.max(step, Math.round(value / step) * step);

/** The level history of one product and the drains (board orders) in it. */
function productTimeline(t: Timeline, p: ProductSeed): { levels: LevelRow[]; drains: { poll: number; units: number }[] } {
  const r = rng('warehouse', p.plu);
  const bpc = p.bottlesPerCase;
  const allocated = ALLOCATED_TYPES.includes(p.listingType);
  const peak = p.warehousePeak30d;
  const current = p.warehouseCurrent;
  const lastFullDay = t.todayIndex - 1; // receipts happen on past days, so their drains have polls after them
  const recentFrom = t.todayIndex - 30;
  const receiptPoll = (d: number) => t.poll(d, r.int(0, 12)); // 07:00-10:00

  const receipts: Receipt[] = [];
  let level0 = 0;
  if (allocated) {
    const typical = p.listingType === 'Barrel' ? r.int(60, 240) : p.listingType === 'Allocation' ? r.int(30, 300) : r.int(24, 240);
    if (peak > 0) {
      const older = pickDays(t, r, 1, recentFrom - 4, r.int(0, p.listingType === 'Allocation' ? 2 : 1), 7);
      const recent = pickDays(t, r, recentFrom + 1, lastFullDay, p.listingType === 'Barrel' ? 1 : r.int(1, 2), 5);
      for (const d of older) receipts.push({ poll: receiptPoll(d), target: roundTo(peak * r.float(0.5, 1.2), bpc) });
      recent.forEach((d, i) =>
        receipts.push({ poll: receiptPoll(d), target: i === recent.length - 1 ? peak : Math.round(peak * r.float(0.4, 0.9)) }),
      );
    } else if (r.chance(p.listingType === 'Allocation' ? 0.7 : p.listingType === 'Limited' ? 0.5 : 0.45)) {
      // Nothing in the last 30 days: received earlier and long gone.
      for (const d of pickDays(t, r, 1, recentFrom - 5, r.int(1, 2), 7)) {
        receipts.push({ poll: receiptPoll(d), target: roundTo(typical * r.float(0.7, 1.3), bpc) });
      }
    }
  } else {
    level0 = Math.round(peak * r.float(0.3, 0.8));
    const weeks = Math.ceil(t.days / 7);
    for (let w = 0; w < weeks; w++) {
      if (!r.chance(0.85) && w < weeks - 2) continue;
      const [d] = pickDays(t, r, w * 7 + 1, Math.min(w * 7 + 7, lastFullDay), 1, 1);
      if (d !== undefined) receipts.push({ poll: receiptPoll(d), target: Math.round(peak * r.float(0.7, 1.0)) });
    }
  }
  receipts.sort((a, b) => a.poll - b.poll);
  if (!receipts.length) level0 = current;

  const levels: LevelRow[] = [{ plu: p.plu, poll: 0, total: level0 }];
  const drains: { poll: number; units: number }[] = [];
  let level = level0;

  const drainTo = (from: number, until: number, target: number, concentrated: boolean) => {
    const total = level - target;
    if (total <= 0) return;
    const polls: number[] = [];
    const lastDay = concentrated ? Math.min(t.dayOf(until), t.dayOf(from) + 4) : t.dayOf(until);
    for (let d = t.dayOf(from); d <= lastDay; d++) {
      if (!t.isWeekday(d)) continue;
      const perDay = concentrated ? r.int(1, 4) : r.int(1, 2);
      for (let k = 0; k < perDay; k++) {
        const poll = t.poll(d, r.int(4, SLOTS_PER_DAY - 1)); // boards order 08:00-21:00
        if (poll > from && poll <= until && !polls.includes(poll)) polls.push(poll);
      }
    }
    if (!polls.length && until > from) polls.push(Math.min(until, from + r.int(1, 8))); // must still reach the target
    if (!polls.length) return;
    polls.sort((a, b) => a - b);
    const cases = Math.floor(total / bpc);
    const remainder = total - cases * bpc;
    const used = cases > 0 ? polls.slice(0, Math.min(polls.length, cases)) : [polls[polls.length - 1]];
    const parts = cases > 0 ? splitInteger(r, cases, used.length).map((c) => c * bpc) : [0];
    parts[parts.length - 1] += remainder;
    used.forEach((poll, i) => {
      level -= parts[i];
      levels.push({ plu: p.plu, poll, total: level });
      drains.push({ poll, units: parts[i] });
    });
  };

  if (!allocated && receipts.length) drainTo(0, receipts[0].poll - 1, Math.round(level0 * r.float(0.2, 0.6)), false);
  receipts.forEach((receipt, i) => {
    const last = i === receipts.length - 1;
    const target = Math.max(receipt.target, level + bpc, last ? current : 0);
    level = target;
    levels.push({ plu: p.plu, poll: receipt.poll, total: level });
    const until = last ? t.lastPoll : receipts[i + 1].poll - 1;
    const floor = last ? current : Math.round(level * (allocated ? r.float(0, 0.12) : r.float(0.15, 0.45)));
    drainTo(receipt.poll, until, floor, allocated);
  });
  return { levels, drains };
}

/** Days after Wake's order of a product within which its further cases go to other boards. */
const WAKE_REPEAT_DAYS = 5;
/** The most bottles of a product Wake takes on a day (the simulator's world: orders of 6 or 12, a day's 12 to 18 for Wake). */
const WAKE_ORDER_BOTTLES = 24;

/**
 * Wake orders from nearly every release (it is this product's home board): the simulator's Wake gets about 5 hunted
 * shipments a weekday, and its forecasts learn from as many; with fewer its model has too little to go on.
 */
const WAKE_WEIGHT = 40;

/** Board weights: retail store count, Wake boosted. */
function boardWeights(boards: BoardSeed[]): number[] {
  return boards.map((b) => (b.id === WAKE_BOARD_ID ? b.retailStores * WAKE_WEIGHT : Math.max(0.3, b.retailStores)));
}

export function generateWarehouse(t: Timeline, products: ProductSeed[], boards: BoardSeed[]): WarehouseResult {
  const weights = boardWeights(boards);
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const wakeIndex = boards.findIndex((b) => b.id === WAKE_BOARD_ID);
  const othersWeights = weights.map((w, i) => (i === wakeIndex ? 0 : w));
  const othersTotal = othersWeights.reduce((a, b) => a + b, 0);
  const extractDone = t.nowMinutes >= 11 * 60 + 4;
  const extractHappened = (day: number) => day < t.todayIndex || (day === t.todayIndex && extractDone);
  // Orders placed before the day's extract show in it; later ones in the next weekday's.
  const shipDay = (poll: number) => {
    let d = t.slotOf(poll) <= EXTRACT_SLOT ? t.dayOf(poll) : t.dayOf(poll) + 1;
    while (d < t.days && !t.isWeekday(d)) d++;
    return d;
  };

  const levels: LevelRow[] = [];
  const byKey = new Map<string, ShipmentRow>();
  for (const p of warehouseProducts(products)) {
    const { levels: rows, drains } = productTimeline(t, p);
    levels.push(...rows);
    if (!ALLOCATED_TYPES.includes(p.listingType)) continue;
    const r = rng('shipments', p.plu);
    // A board's own barrel pick ("(BTB)") goes to that board; Commission picks and allocations are spread.
    const storePick = p.listingType === 'Barrel' && /\(BTB\)/i.test(p.name) && !/NCABC/i.test(p.name);
    const picker = r.chance(0.25) ? wakeIndex : r.weightedIndex(weights, totalWeight);
    let wakeDay = -WAKE_REPEAT_DAYS; // the day of Wake's order of this product, and the cases in it
    let wakeTook = 0;
    const wakeCases = Math.max(1, Math.floor(WAKE_ORDER_BOTTLES / p.bottlesPerCase));
    for (const drain of drains) {
      const cases = Math.floor(drain.units / p.bottlesPerCase);
      const day = shipDay(drain.poll);
      if (cases <= 0 || day >= t.days || !extractHappened(day)) continue;
      const perBoard = new Map<number, number>();
      // Wake takes a release of a product on one day, at most WAKE_ORDER_BOTTLES (whole cases, at least one), as the
      // simulator's boards order (a few orders of 6 or 12): its other cases of the release go to other boards. A bigger
      // share would trickle onto its stores' shelves for weeks under the per-delivery caps, and orders of the same
      // product a day or two apart would each take the other's arrivals, neither of them a habit anyone could learn.
      for (let c = 0; c < cases; c++) {
        let b = storePick ? picker : r.weightedIndex(weights, totalWeight);
        if (b === wakeIndex) {
          const fresh = day - wakeDay >= WAKE_REPEAT_DAYS;
          if (fresh) [wakeDay, wakeTook] = [day, 0];
          if (day === wakeDay && wakeTook < wakeCases) wakeTook++;
          else b = r.weightedIndex(othersWeights, othersTotal);
        }
        perBoard.set(b, (perBoard.get(b) ?? 0) + 1);
      }
      for (const [b, n] of perBoard) {
        const key = `${p.plu}|${boards[b].id}|${day}`;
        const row = byKey.get(key);
        if (row) row.units += n * p.bottlesPerCase;
        else byKey.set(key, { plu: p.plu, boardId: boards[b].id, dayIndex: day, units: n * p.bottlesPerCase });
      }
    }
  }
  const shipments = [...byKey.values()].sort(
    (a, b) => a.dayIndex - b.dayIndex || a.plu.localeCompare(b.plu) || a.boardId - b.boardId,
  );
  const lastExtractDay = extractDone ? t.todayIndex : t.todayIndex - 1;
  const lastExtractAt = t.time(t.poll(lastExtractDay, 0)) + ((4 * 60 + 3) * 60 + 56) * 1000; // 11:03:56
  return {
    levels,
    shipments,
    wakeShipments: shipments.filter((s) => s.boardId === WAKE_BOARD_ID),
    lastExtractDay,
    lastExtractAt,
  };
}

/** The last extract's rolling 16-day units per (product, board). */
export function shipmentTotals(result: WarehouseResult): { plu: string; boardId: number; units: number }[] {
  const totals = new Map<string, { plu: string; boardId: number; units: number }>();
  for (const s of result.shipments) {
    if (s.dayIndex <= result.lastExtractDay - 16 || s.dayIndex > result.lastExtractDay) continue;
    const key = `${s.plu}|${s.boardId}`;
    const row = totals.get(key);
    if (row) row.units += s.units;
    else totals.set(key, { ...s });
  }
  return [...totals.values()].map(({ plu, boardId, units }) => ({ plu, boardId, units }));
}
