// Debuts (a product reaching Wake's shelves for the first time, often before the warehouse report knows
// its listing type) and listing-type relabels: the types of SimWorld.scheduleDebut / SimWorld.relabel and
// the seeded automatic debuts of the demo (SimWorldOptions.autoDebuts).
//
// Everything here is a stateless function of the seed and the day, so a world with automatic debuts is
// still a function of (seed, start, scheduled debuts, now).
import { nyInstant, TICK_MS, weekdayOf } from './clock.ts';
import type { SimDataset, SimStore } from './dataset.ts';
import { hashInt, hashSample } from './random.ts';

export type TimeInput = Date | number | string;

export interface DebutStoreSpec {
  /** The store's board: Wake (179, the default) or Durham 78, Greensboro 58, New Hanover 135. */
  boardId?: number;
  /** The board's store number (Wake's, or board-stores.json's store_number). */
  storeNumber: number;
  /** Bottles on that store's shelf at the release tick (>= 1). */
  quantity: number;
}

export interface DebutSpec {
  /** 5-digit NC code ("18-650" is read as 18650). A new code or one the catalog knows (it is then replaced). */
  plu: string;
  name: string;
  /**
   * The Listing Type the warehouse report prints until `classifyAt`: "" (blank), "Unknown", a label the
   * product does not know ("Special Release"), or a known one.
   */
  listingTypeLabel: string;
  /** Wake's price, e.g. 54.95 or "54.95" (null: printed without a price). */
  retailPrice: number | string | null;
  sizeMl: number;
  /** Default 6. */
  bottlesPerCase?: number;
  /** Total Available when it appears on the warehouse report (default: the stores' bottles + 20 cases). */
  warehouseUnits?: number;
  /** When it appears on the warehouse report (default: 6 hours before the release tick, not before the next tick). */
  warehouseFrom?: TimeInput;
  /** When it reaches the stores' shelves; rounded up to the next 15-minute tick. Must be after the world's now. */
  releaseAt: TimeInput;
  /** The stores that receive it at the release tick (retail stores of any board with shelves; may be empty). */
  stores: DebutStoreSpec[];
  /** From this instant the report prints `classifyAs` instead of `listingTypeLabel` (default: never). */
  classifyAt?: TimeInput;
  /** Default "Allocation" when `classifyAt` is given. */
  classifyAs?: string;
  /** Per bottle and 15-minute opening-hours tick (default: like allocated bottles of `classifyAs`, else 0.2). */
  sellPerTick?: number;
  supplier?: string | null;
  broker?: string | null;
}

export interface DebutInfo {
  plu: string;
  name: string;
  /** The catalog already knew this PLU (its catalog self is replaced by the debut everywhere). */
  knownPlu: boolean;
  /** Scheduled by SimWorldOptions.autoDebuts. */
  auto: boolean;
  listingTypeLabel: string;
  classifyAt: Date | null;
  classifyAs: string | null;
  retailPrice: string | null;
  sizeMl: number;
  bottlesPerCase: number;
  warehouseUnits: number;
  /** The effective (tick-aligned) instants. */
  warehouseFrom: Date;
  releaseAt: Date;
  stores: DebutStoreSpec[];
  sellPerTick: number;
  /** State now: on the shelves (and findable on Wake), on the warehouse report, its Total Available. */
  released: boolean;
  onWarehouseReport: boolean;
  warehouseLevel: number | null;
}

export interface RelabelSpec {
  /** The Listing Type printed from `from` (default: always) until `classifyAt`. */
  label: string;
  from?: TimeInput;
  classifyAt?: TimeInput;
  /** Printed from `classifyAt` (default: the product's own listing type). */
  classifyAs?: string;
}

export function toMs(value: TimeInput): number {
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  if (!Number.isFinite(ms)) throw new RangeError(`simulator: invalid time ${String(value)}`);
  return ms;
}

/** The first tick at or after an instant. */
export function tickAtOrAfter(ms: number): number {
  return Math.ceil(ms / TICK_MS) * TICK_MS;
}

/** "54.95" from 54.95, "54.95" or "$54.95"; null stays null. */
export function priceText(price: number | string | null): string | null {
  if (price === null) return null;
  const n = typeof price === 'number' ? price : Number(String(price).replace(/[$,\s]/g, ''));
  if (!Number.isFinite(n) || n < 0) throw new RangeError(`simulator: bad retail price ${String(price)}`);
  return n.toFixed(2);
}

// -------------------------------------------------------------------------------------------------
// Automatic debuts (demo)

const BRANDS = ['Old Carolina', 'Tar Heel Reserve', 'Cape Fear', 'Piedmont Barrel', 'Blue Ridge Spirits', 'Pamlico Sound', 'Uwharrie', 'Haw River'];
const EXPRESSIONS = [
  'Single Barrel Bourbon',
  'Cask Strength Rye',
  'Small Batch 12 Year Bourbon',
  'Bottled in Bond Bourbon',
  'Toasted Barrel Bourbon',
  'Wheated Bourbon 8 Year',
  'Port Cask Finish Whiskey',
  'Barrel Proof Bourbon',
];
const SUPPLIERS = ['Carolina Craft Spirits LLC', 'Heritage Distilling Co', 'Southern Barrel Group', 'Atlantic Spirits Inc'];
/** New or blank labels an automatic debut prints before it is classified. */
export const AUTO_DEBUT_LABELS = ['', 'Unknown', 'Special Release', 'New Item'] as const;
const CLASSES = ['Allocation', 'Allocation', 'Limited', 'Barrel'] as const;

export interface AutoDebutPlan extends Omit<DebutSpec, 'releaseAt' | 'warehouseFrom' | 'classifyAt'> {
  releaseAt: number;
  warehouseFrom: number;
  classifyAt: number;
}

/** Whether the seeded automatic debuts (one every `everyDays`, never on a Sunday) put one on that day. */
export function isAutoDebutDay(seed: number, everyDays: number, day: number): boolean {
  if (weekdayOf(day) === 0) return false;
  return (day + hashInt(0, everyDays - 1, seed, 'auto-debut-phase')) % everyDays === 0;
}

/**
 * The automatic debut of a New York day: a new 5-digit code (not in the catalog, not `taken`), on the
 * warehouse report from 16:00 the day before with a new or blank listing type, on 2–6 stores' shelves
 * (1–6 bottles each) at a tick 10:00–13:00, classified 1–3 days later at 08:00.
 */
export function autoDebutPlan(seed: number, day: number, data: SimDataset, taken: (plu: string) => boolean): AutoDebutPlan {
  let code = hashInt(10000, 99999, seed, 'auto-debut-plu', day);
  while (data.byPlu.has(String(code)) || taken(String(code))) code = code >= 99999 ? 10000 : code + 1;
  const h = (key: string, min: number, max: number) => hashInt(min, max, seed, 'auto-debut', key, day);
  const stores: SimStore[] = hashSample(data.retailStores, h('store-count', 2, 6), seed, 'auto-debut-stores', day);
  const classifyDays = h('classify-days', 1, 3);
  const bottlesPerCase = 6;
  const list = stores.map((s) => ({ storeNumber: s.storeNumber, quantity: h(`qty-${s.storeNumber}`, 1, 6) }));
  const total = list.reduce((sum, s) => sum + s.quantity, 0);
  return {
    plu: String(code),
    name: `${BRANDS[h('brand', 0, BRANDS.length - 1)]} ${EXPRESSIONS[h('expression', 0, EXPRESSIONS.length - 1)]} Batch ${h('batch', 1, 40)}`,
    listingTypeLabel: AUTO_DEBUT_LABELS[h('label', 0, AUTO_DEBUT_LABELS.length - 1)],
    retailPrice: `${h('price', 39, 179)}.95`,
    sizeMl: 750,
    bottlesPerCase,
    warehouseUnits: total + bottlesPerCase * h('cases', 10, 40),
    warehouseFrom: nyInstant(day - 1, 16, 0),
    releaseAt: nyInstant(day, 10, 0) + h('tick', 0, 12) * TICK_MS,
    stores: list,
    classifyAt: nyInstant(day + classifyDays, 8, 0),
    classifyAs: CLASSES[h('class', 0, CLASSES.length - 1)],
    supplier: SUPPLIERS[h('supplier', 0, SUPPLIERS.length - 1)],
    broker: null,
  };
}

/** Labels a catalog product prints for a day in the automatic relabels (about once a week). */
export const AUTO_RELABELS = ['', 'Special Release', 'Unknown'] as const;

/**
 * The automatic relabel of a day (Wednesdays): one allocated catalog product prints a blank or new
 * listing type from 06:00 until 06:00 the next day, then its own again.
 */
export function autoRelabelPlan(seed: number, day: number, data: SimDataset): { plu: string; label: string; from: number; classifyAt: number } | null {
  if (weekdayOf(day) !== 3 || data.allocated.length === 0) return null;
  const p = data.allocated[hashInt(0, data.allocated.length - 1, seed, 'auto-relabel', day)];
  return {
    plu: p.plu,
    label: AUTO_RELABELS[hashInt(0, AUTO_RELABELS.length - 1, seed, 'auto-relabel-label', day)],
    from: nyInstant(day, 6, 0),
    classifyAt: nyInstant(day + 1, 6, 0),
  };
}
