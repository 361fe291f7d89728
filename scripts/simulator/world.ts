// A deterministic, evolving simulation of the public NC ABC system: Wake's 27 retail stores (store stock,
// deliveries, sales), the state warehouse (Total Available per product) and the shipments to the 173
// boards behind the daily shipments extract.
//
// The clock only moves when told (advance / setTime). State changes at 15-minute ticks (epoch multiples
// of 15 minutes, i.e. New York quarter hours); moving the clock processes every tick passed, in order,
// with one seeded random stream, so the state is a function of (seed, start, now) only — not of how the
// time was advanced. Facts that must be known ahead (which day and tick a store's delivery comes, a
// product's receipt schedule) are stateless hashes of the seed.
//
// What happens at a tick t (New York local time):
// - 00:00: the day starts: yesterday's final warehouse levels are kept for the dated report; today's
//   store deliveries and warehouse receipts are planned.
// - 10:15..21:00, Monday to Saturday: store sales over the 15 minutes ending at t. Each allocated bottle
//   on a shelf sells with probability 12–30% per tick (sold out within hours); tracked Listed products
//   sell a bottle with probability 0.5–4% per tick; other Listed products follow a closed form
//   (par − rate × open ticks since the store's last delivery).
// - a store's delivery tick (10:00..13:00 on its delivery day): many Listed products are restocked to
//   par, and the day's few allocated products arrive (each at 1–6 of the delivering stores, 1–6 bottles).
// - 06:00..10:45 on a product's receipt day (weekdays): the warehouse receives it (Total Available rises).
// - 07:00..16:45 on weekdays: boards order; each order lowers Total Available and, for tracked products,
//   is a shipment to that board. At 07:00 the allocated bottles Wake's stores get that day ship to the
//   Wake board (and leave the warehouse).
// - 11:15: the shipments extract is regenerated (labelled 11:00..11:14:ss): NUMUNITS per (NC code, board)
//   is the total shipped over the last 16 extract periods (a period runs from one extract to the next),
//   so consecutive extracts differ by the day's new shipments minus those that aged out.
//
// Debuts (scheduleDebut, or seeded ones with the autoDebuts option) are processed at the same ticks but
// draw their randomness from stateless hashes, never from the world's stream: scheduling one changes
// nothing else in the world. A debut may only be scheduled before any of its effects (its warehouse
// appearance, its release) has been processed, so the state stays a function of (seed, start, scheduled
// debuts, now). Respellings (respell) and relabels (relabel) only change how pages print things.
import { DAY_MS, nyInstant, nyLocal, parseYmd, TICK_MS, weekOf, weekdayOf, WEEKDAY_NAMES, ymd, nyDateTime } from './clock.ts';
import { loadSimDataset, type SimBoard, type SimDataset, type SimProduct, type SimStore } from './dataset.ts';
import {
  autoDebutPlan,
  autoRelabelPlan,
  isAutoDebutDay,
  priceText,
  tickAtOrAfter,
  toMs,
  type DebutInfo,
  type DebutSpec,
  type DebutStoreSpec,
  type RelabelSpec,
} from './debuts.ts';
import type { ListingTypeName } from '../../lib/reference/products.ts';
import { cumulativeIndexOf, hash32, hashInt, hashUnit, Rng } from './random.ts';

export type { DebutInfo, DebutSpec, DebutStoreSpec, RelabelSpec } from './debuts.ts';

export interface SimWorldOptions {
  /** Seed of every random choice (default 42). */
  seed?: number;
  /** The simulated time the world starts at (default: now). */
  start?: Date | number | string;
  /**
   * Days simulated before `start` so the world has a past (dated warehouse reports, a full 16-day
   * shipments window, stores that already had deliveries). Default 17; 0 starts from the raw catalog.
   */
  historyDays?: number;
  /**
   * Seeded automatic debuts for the demo: a new product (a new 5-digit code, a new or blank listing type)
   * on a few stores' shelves about every `everyDays` days (true = every 3 days), and once a week an
   * allocated catalog product printing a blank or new listing type for a day. Off by default.
   */
  autoDebuts?: boolean | { everyDays?: number };
}

/** One row of the warehouse report as the world sees it. */
export interface WarehouseReportRow {
  product: SimProduct;
  available: number;
  /** The Listing Type as printed ("" = blank). */
  listingType: string;
}

/** Per product (PLU), per retail store number: bottles on the shelf. */
export type StockSnapshot = Map<string, Map<number, number>>;

export interface StockChange {
  plu: string;
  storeNumber: number;
  before: number;
  after: number;
}

/** What changed between two stock snapshots (PLUs of either; a PLU missing from one counts as all zeros). */
export function diffStock(before: StockSnapshot, after: StockSnapshot): StockChange[] {
  const out: StockChange[] = [];
  const plus = [...new Set([...before.keys(), ...after.keys()])].sort();
  for (const plu of plus) {
    const a = before.get(plu);
    const b = after.get(plu);
    const stores = [...new Set([...(a?.keys() ?? []), ...(b?.keys() ?? [])])].sort((x, y) => x - y);
    for (const storeNumber of stores) {
      const x = a?.get(storeNumber) ?? 0;
      const y = b?.get(storeNumber) ?? 0;
      if (x !== y) out.push({ plu, storeNumber, before: x, after: y });
    }
  }
  return out;
}

/**
 * A respelling no conservative matcher recognises: store 1's street printed "Sandy Forks Road". Normalised
 * (lib/text/address.ts) it is "7200 sandy forks rd": "Road" unifies with "Rd." but "Forks" does not with
 * "Fork" (the inventory spelling, "7200 sandy fork rd"), and the locator's "7112 Sandy Forks Rd" has
 * another house number.
 */
export const EXAMPLE_RESPELLING = { storeNumber: 1, address: '7200 Sandy Forks Road, Raleigh, NC 27609' } as const;

interface Debut {
  /** Position in SimWorld.debutList. */
  k: number;
  product: SimProduct;
  /** The catalog product it replaces (same PLU), or null for a new code. */
  shadows: SimProduct | null;
  auto: boolean;
  label: string;
  classifyAt: number | null;
  classifyAs: string | null;
  warehouseFromTick: number;
  releaseTick: number;
  stores: DebutStoreSpec[];
  warehouseUnits: number;
  sellP: number;
  // state
  stock: Int16Array;
  shelfTotal: number;
  released: boolean;
  onReport: boolean;
  level: number;
}

interface Relabel {
  label: string;
  from: number;
  classifyAt: number | null;
  classifyAs: string | null;
}

const AUTO_DEBUT_DAYS = 3;
/** Default warehouse lead of a debut: it shows on the report this long before its release tick. */
const DEBUT_WAREHOUSE_LEAD_MS = 6 * 3600_000;
const DEBUT_ORDER_P = 0.2;
const LISTING_TYPES: readonly string[] = ['Listed', 'Limited', 'Allocation', 'Barrel', 'Unknown'];

export interface DeliveryItem {
  plu: string;
  name: string;
  listingType: string;
  /** Bottles added by the delivery. */
  quantity: number;
  /** Shelf stock just before and after the delivery. */
  before: number;
  after: number;
}

export interface DeliveryRecord {
  storeNumber: number;
  nickname: string;
  /** New York date, YYYY-MM-DD. */
  date: string;
  /** The tick at which the delivery shows in the store's stock. */
  at: Date;
  items: DeliveryItem[];
}

export interface ExtractRecord {
  product: SimProduct;
  board: SimBoard;
  units: number;
}

export interface ShipmentsExtract {
  /** When the extract was generated (epoch ms). */
  generatedAt: number;
  /** "YYYY-MM-DD HH:mm:ss", New York time. */
  extractDatetime: string;
  /** New York day number of the extract. */
  dayNumber: number;
  /** Sorted by product then board; units > 0 only. */
  records: ExtractRecord[];
}

export interface WarehouseReportData {
  dayNumber: number;
  /** The time the report's data is as of (epoch ms). */
  asOf: number;
  /** Total Available per product index, or null when the day has no data (yet). */
  levels: Int32Array | null;
}

export interface NextDelivery {
  storeNumber: number;
  nickname: string;
  deliveryDay: string | null;
  intervalDays: number | null;
  /** The next delivery tick after now (null: the store gets none). */
  at: Date | null;
  /** The store's last delivery so far (null: none yet in this world). */
  last: Date | null;
}

export interface SimCounters {
  ticks: number;
  deliveries: number;
  deliveredBottles: number;
  allocatedArrivals: number;
  bottlesSold: number;
  receipts: number;
  boardOrders: number;
  extracts: number;
}

const ORDER_START_MIN = 7 * 60;
const ORDER_END_MIN = 17 * 60; // exclusive
const ORDER_TICKS = (ORDER_END_MIN - ORDER_START_MIN) / 15;
const OPEN_MIN = 10 * 60;
const CLOSE_MIN = 21 * 60;
const EXTRACT_MIN = 11 * 60 + 15;
const WINDOW_DAYS = 16;
const KEEP_DAYS = 120;
const SELL_P: Record<string, number> = { Allocation: 0.3, Limited: 0.22, Barrel: 0.12 };
const ALLOC_WEIGHT: Record<string, number> = { Allocation: 3, Limited: 2, Barrel: 1 };

interface PlannedDelivery {
  store: SimStore;
  tickMs: number;
  allocated: { tracked: number; quantity: number }[];
}

export class SimWorld {
  readonly seed: number;
  readonly data: SimDataset;
  readonly counters: SimCounters = {
    ticks: 0,
    deliveries: 0,
    deliveredBottles: 0,
    allocatedArrivals: 0,
    bottlesSold: 0,
    receipts: 0,
    boardOrders: 0,
    extracts: 0,
  };
  /** Increments whenever state may have changed (a tick was processed). */
  version = 0;

  private nowMs: number;
  private lastTick: number; // the last tick processed (state reflects every tick <= lastTick)
  private currentDay: number;
  private readonly rng: Rng;

  // stores × tracked products (retail stores only)
  private readonly nTracked: number;
  private readonly stock: Int16Array;
  private readonly par: Int16Array;
  private readonly sellP: Float32Array;
  private readonly openTicks: Int32Array;
  private readonly lastDeliveryAt: Float64Array;
  private readonly isAllocated: Uint8Array;
  // untracked Listed products: closed-form shelf stock per (retail store, product)
  private readonly uPar: Uint8Array;
  private readonly uRate: Float32Array;
  private readonly uOffset: Float32Array;

  // warehouse, per product
  private readonly level: Int32Array;
  private readonly target: Int32Array;
  private readonly receiptWeekday: Uint8Array;
  private readonly receiptEvery: Uint8Array;
  private readonly receiptPhase: Uint8Array;
  private readonly ordersPerTick: Float64Array;
  private readonly orderUnit: Int32Array;
  private readonly orderMaxMult: Uint8Array;

  private plan: PlannedDelivery[] = [];
  private wakeShipments: { index: number; units: number }[] = [];
  private receipts = new Map<number, number[]>();
  private readonly deliveryLog = new Map<number, DeliveryRecord[]>();
  private readonly shipLog = new Map<number, Map<number, number>>();
  private readonly warehouseHistory = new Map<number, Int32Array>();
  private currentExtract: ShipmentsExtract | undefined;
  private readonly allocCumulative: Float64Array;

  // debuts, relabels, respellings
  private readonly autoDebutEvery: number;
  private readonly debutList: Debut[] = [];
  private readonly debutByPlu = new Map<string, Debut>();
  /** Catalog product index → the debut that replaces it. */
  private readonly shadowed = new Map<number, Debut>();
  /** Per New York day: each debut's final Total Available (-1: not on the report). */
  private readonly debutHistory = new Map<number, Int32Array>();
  private readonly debutDeliveryLog = new Map<number, DeliveryRecord[]>();
  /** Every product the pages may show, in catalog (name) order; the catalog's own array until a debut. */
  private productList: SimProduct[];
  private readonly relabels = new Map<string, Relabel[]>();
  private readonly respelled = new Map<number, string>();

  constructor(options: SimWorldOptions = {}) {
    this.seed = (options.seed ?? 42) >>> 0;
    this.data = loadSimDataset();
    this.productList = this.data.products;
    const auto = options.autoDebuts;
    this.autoDebutEvery = !auto ? 0 : Math.max(1, Math.floor((auto === true ? undefined : auto.everyDays) ?? AUTO_DEBUT_DAYS));
    this.rng = new Rng(hash32(this.seed, 'world'));
    const startMs = toMs(options.start ?? Date.now());
    const historyDays = Math.max(0, Math.floor(options.historyDays ?? 17));
    const begin = startMs - historyDays * DAY_MS;

    const d = this.data;
    const nRetail = d.retailStores.length;
    this.nTracked = d.tracked.length;
    const cells = nRetail * this.nTracked;
    this.stock = new Int16Array(cells);
    this.par = new Int16Array(cells);
    this.sellP = new Float32Array(cells);
    this.openTicks = new Int32Array(nRetail);
    this.lastDeliveryAt = new Float64Array(nRetail).fill(NaN);
    this.isAllocated = Uint8Array.from(d.tracked, (p) => (p.kind === 'allocated' ? 1 : 0));
    // Untracked Listed products: ~55% of stores carry each one (none when the warehouse never had it);
    // shelf = par - floor(rate * open ticks since the store's last delivery + offset), reset at deliveries.
    const nProducts = d.products.length;
    this.uPar = new Uint8Array(nRetail * nProducts);
    this.uRate = new Float32Array(nRetail * nProducts);
    this.uOffset = new Float32Array(nRetail * nProducts);
    for (const p of d.products) {
      if (p.kind !== 'listed' || (p.warehousePeak30d <= 0 && p.warehouseCurrent <= 0)) continue;
      for (let s = 0; s < nRetail; s++) {
        const h = hash32(this.seed, 'u', s, p.index);
        if ((h & 0x7f) >= 70) continue;
        const c = s * nProducts + p.index;
        this.uPar[c] = 2 + (((h >>> 7) & 0x1f) % 23);
        this.uRate[c] = (((h >>> 12) & 0xff) / 255) * 0.03;
        this.uOffset[c] = ((h >>> 20) & 0xff) / 256;
      }
    }

    // Initial shelves: tracked Listed products carried by ~75% of stores, part-sold; a few barrel
    // picks and limited bottles linger; everything allocated is otherwise gone.
    for (let s = 0; s < nRetail; s++) {
      this.openTicks[s] = hashInt(0, 250, this.seed, 'open', s);
      for (const p of d.tracked) {
        const c = s * this.nTracked + p.tracked;
        if (p.kind === 'listed-tracked') {
          if (this.rng.chance(0.75)) {
            const par = this.rng.int(3, 24);
            this.par[c] = par;
            this.stock[c] = Math.round(par * (0.3 + 0.7 * this.rng.next()));
            this.sellP[c] = 0.005 + 0.035 * this.rng.next();
          }
        } else {
          this.sellP[c] = SELL_P[p.listingType] ?? 0.2;
          if (p.listingType === 'Barrel' && this.rng.chance(0.02)) this.stock[c] = this.rng.int(1, 3);
        }
      }
    }

    // Warehouse: start at the catalog's current level; receipts towards a target on a weekly schedule.
    const n = d.products.length;
    this.level = new Int32Array(n);
    this.target = new Int32Array(n);
    this.receiptWeekday = new Uint8Array(n);
    this.receiptEvery = new Uint8Array(n);
    this.receiptPhase = new Uint8Array(n);
    this.ordersPerTick = new Float64Array(n);
    this.orderUnit = new Int32Array(n);
    this.orderMaxMult = new Uint8Array(n);
    for (const p of d.products) {
      const i = p.index;
      this.level[i] = p.warehouseCurrent;
      this.receiptWeekday[i] = hashInt(1, 5, this.seed, 'rcv-day', p.plu);
      let dailyDemand: number;
      if (p.kind === 'allocated') {
        this.target[i] = p.warehousePeak30d > 0 ? p.warehousePeak30d : 6 * hashInt(4, 40, this.seed, 'alloc-target', p.plu);
        this.receiptEvery[i] = hashInt(2, 8, this.seed, 'rcv-every', p.plu);
        dailyDemand = this.target[i] / hashInt(1, 3, this.seed, 'alloc-days', p.plu);
        this.orderUnit[i] = 6;
        this.orderMaxMult[i] = 2;
      } else {
        this.target[i] = p.warehousePeak30d;
        this.receiptEvery[i] = p.warehousePeak30d >= 300 ? 1 : hashInt(1, 2, this.seed, 'rcv-every', p.plu);
        dailyDemand = (0.75 * this.target[i]) / (5 * this.receiptEvery[i]);
        this.orderUnit[i] = Math.max(1, p.bottlesPerCase);
        this.orderMaxMult[i] = 3;
      }
      this.receiptPhase[i] = hashInt(0, this.receiptEvery[i] - 1, this.seed, 'rcv-phase', p.plu);
      const avgOrder = (this.orderUnit[i] * (1 + this.orderMaxMult[i])) / 2;
      this.ordersPerTick[i] = dailyDemand / ORDER_TICKS / avgOrder;
    }

    const cumulative = new Float64Array(d.allocated.length);
    let acc = 0;
    d.allocated.forEach((p, k) => (cumulative[k] = acc += ALLOC_WEIGHT[p.listingType] ?? 1));
    this.allocCumulative = cumulative;

    this.nowMs = begin;
    this.lastTick = Math.floor(begin / TICK_MS) * TICK_MS;
    this.currentDay = nyLocal(this.lastTick).dayNumber;
    this.startDay(this.currentDay, false);
    this.setTime(startMs);
    if (!this.currentExtract) this.makeExtract(this.nowMs, this.currentDay, nyDateTime(this.nowMs));
  }

  // ---------------------------------------------------------------------------------------------
  // Clock

  now(): Date {
    return new Date(this.nowMs);
  }

  nowMillis(): number {
    return this.nowMs;
  }

  /** Moves the clock forward by `ms` (>= 0), processing every tick passed. */
  advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError(`simulator: cannot advance by ${ms} ms`);
    this.setTime(this.nowMs + ms);
  }

  /** Moves the clock to `time` (never backwards), processing every tick passed. */
  setTime(time: Date | number | string): void {
    const target = toMs(time);
    if (target < this.nowMs) throw new RangeError('simulator: the clock only moves forward');
    for (let t = this.lastTick + TICK_MS; t <= target; t += TICK_MS) {
      this.processTick(t);
      this.lastTick = t;
    }
    this.nowMs = target;
  }

  // ---------------------------------------------------------------------------------------------
  // Schedules (stateless)

  /** Whether a store gets a delivery on that New York day. */
  isDeliveryDay(store: SimStore, dayNumber: number): boolean {
    if (!store.retail || !store.deliveryDay) return false;
    const wd = weekdayOf(dayNumber);
    const week = weekOf(dayNumber);
    let day: number;
    if (store.deliveryDay === 'Random') day = hashInt(1, 5, this.seed, 'random-day', store.storeNumber, week);
    else day = WEEKDAY_NAMES.indexOf(store.deliveryDay as (typeof WEEKDAY_NAMES)[number]);
    if (wd !== day) return false;
    if ((store.deliveryIntervalDays ?? 7) >= 14) {
      return (week + hashInt(0, 1, this.seed, 'phase', store.storeNumber)) % 2 === 0;
    }
    return true;
  }

  /** The tick (10:00..13:00 New York) at which a store's delivery on that day shows. */
  deliveryTick(store: SimStore, dayNumber: number): number {
    return nyInstant(dayNumber, 10, 0) + hashInt(0, 12, this.seed, 'delivery-tick', store.storeNumber, dayNumber) * TICK_MS;
  }

  /** The next delivery (strictly after now) of each store; null for stores without deliveries. */
  nextDeliveries(): NextDelivery[] {
    const today = nyLocal(this.nowMs).dayNumber;
    return this.data.stores.map((store) => {
      let at: Date | null = null;
      if (store.retail && store.deliveryDay) {
        for (let d = today; d <= today + 35; d++) {
          if (!this.isDeliveryDay(store, d)) continue;
          const tick = this.deliveryTick(store, d);
          if (tick > this.nowMs) {
            at = new Date(tick);
            break;
          }
        }
      }
      return {
        storeNumber: store.storeNumber,
        nickname: store.nickname,
        deliveryDay: store.deliveryDay,
        intervalDays: store.deliveryIntervalDays,
        at,
        last: store.retail && Number.isFinite(this.lastDeliveryAt[store.retailIndex]) ? new Date(this.lastDeliveryAt[store.retailIndex]) : null,
      };
    });
  }

  // ---------------------------------------------------------------------------------------------
  // Evolution

  private processTick(t: number): void {
    const local = nyLocal(t);
    if (local.dayNumber !== this.currentDay) {
      this.startDay(local.dayNumber, true);
      this.currentDay = local.dayNumber;
    }
    const m = local.minuteOfDay;
    const wd = local.weekday;
    if (m === EXTRACT_MIN) {
      const label = nyInstant(local.dayNumber, 11, hashInt(0, 14, this.seed, 'x-min', local.dayNumber), hashInt(0, 59, this.seed, 'x-sec', local.dayNumber));
      this.makeExtract(t, local.dayNumber, nyDateTime(label));
    }
    if (wd !== 0 && m > OPEN_MIN && m <= CLOSE_MIN) this.sell();
    for (const planned of this.plan) if (planned.tickMs === t) this.deliver(planned, local.dayNumber);
    const receiving = this.receipts.get(t);
    if (receiving) for (const i of receiving) this.receive(i);
    // Shipments after today's extract count towards tomorrow's.
    const period = m >= EXTRACT_MIN ? local.dayNumber + 1 : local.dayNumber;
    if (m === ORDER_START_MIN) {
      for (const s of this.wakeShipments) {
        this.logShipment(period, s.index, this.data.wakeBoard.index, s.units);
        this.level[s.index] = Math.max(0, this.level[s.index] - s.units);
      }
    }
    if (wd >= 1 && wd <= 5 && m >= ORDER_START_MIN && m < ORDER_END_MIN) this.boardOrders(period);
    if (this.debutList.length) this.debutTick(t, local.dayNumber, m, wd, period);
    this.counters.ticks++;
    this.version++;
  }

  private startDay(day: number, rollover: boolean): void {
    if (rollover) {
      this.warehouseHistory.set(this.currentDay, this.level.slice());
      for (const k of this.warehouseHistory.keys()) if (k < day - KEEP_DAYS) this.warehouseHistory.delete(k);
      for (const k of this.deliveryLog.keys()) if (k < day - KEEP_DAYS) this.deliveryLog.delete(k);
      if (this.debutList.length) {
        this.debutHistory.set(this.currentDay, Int32Array.from(this.debutList, (d) => (d.onReport ? d.level : -1)));
        for (const k of this.debutHistory.keys()) if (k < day - KEEP_DAYS) this.debutHistory.delete(k);
        for (const k of this.debutDeliveryLog.keys()) if (k < day - KEEP_DAYS) this.debutDeliveryLog.delete(k);
      }
      for (const k of this.shipLog.keys()) if (k < day - WINDOW_DAYS - 2) this.shipLog.delete(k);
    }
    const d = this.data;
    const wd = weekdayOf(day);

    // Store deliveries and the day's allocated products.
    const delivering = d.retailStores.filter((s) => this.isDeliveryDay(s, day));
    this.plan = delivering.map((store) => ({ store, tickMs: this.deliveryTick(store, day), allocated: [] }));
    this.wakeShipments = [];
    if (this.plan.length) {
      const count = this.rng.int(2, 5);
      const chosen = new Set<number>();
      for (let tries = 0; chosen.size < count && tries < 50; tries++) chosen.add(this.rng.cumulativeIndex(this.allocCumulative));
      for (const k of chosen) {
        const product = d.allocated[k];
        const stores = this.rng.sample(this.plan, this.rng.int(1, Math.min(6, this.plan.length)));
        let total = 0;
        for (const planned of stores) {
          const quantity = this.rng.int(1, 6);
          planned.allocated.push({ tracked: product.tracked, quantity });
          total += quantity;
        }
        // Wake's stores are supplied by a shipment to the Wake board that morning (07:00).
        this.wakeShipments.push({ index: product.index, units: total });
      }
    }

    // Warehouse receipts (weekdays, 06:00..10:45).
    this.receipts = new Map();
    if (wd >= 1 && wd <= 5) {
      const week = weekOf(day);
      const six = nyInstant(day, 6, 0);
      for (const p of d.products) {
        const i = p.index;
        if (this.target[i] <= 0 || this.receiptWeekday[i] !== wd) continue;
        if ((week + this.receiptPhase[i]) % this.receiptEvery[i] !== 0) continue;
        const tick = six + hashInt(0, 19, this.seed, 'rcv-tick', p.plu, day) * TICK_MS;
        const list = this.receipts.get(tick);
        if (list) list.push(i);
        else this.receipts.set(tick, [i]);
      }
    }

    // Seeded automatic debuts and relabels, planned a day ahead (before any of their effects).
    if (this.autoDebutEvery) {
      const next = day + 1;
      if (isAutoDebutDay(this.seed, this.autoDebutEvery, next)) {
        const plan = autoDebutPlan(this.seed, next, d, (plu) => this.debutByPlu.has(plu));
        this.addDebut({ ...plan, warehouseFrom: Math.max(plan.warehouseFrom, this.lastTick + TICK_MS) }, true);
      }
      const relabel = autoRelabelPlan(this.seed, next, d);
      if (relabel) this.relabel(relabel.plu, { label: relabel.label, from: relabel.from, classifyAt: relabel.classifyAt });
    }
  }

  private sell(): void {
    const nRetail = this.data.retailStores.length;
    const allocated = this.isAllocated;
    const rng = this.rng;
    let sold = 0;
    for (let s = 0; s < nRetail; s++) {
      this.openTicks[s]++;
      const base = s * this.nTracked;
      for (let j = 0; j < this.nTracked; j++) {
        const c = base + j;
        const q = this.stock[c];
        if (q <= 0) continue;
        const p = this.sellP[c];
        if (allocated[j] === 1) {
          let left = q;
          for (let b = 0; b < q; b++) if (rng.next() < p) left--;
          sold += q - left;
          this.stock[c] = left;
        } else if (rng.next() < p) {
          this.stock[c] = q - 1;
          sold++;
        }
      }
    }
    this.counters.bottlesSold += sold;
  }

  private deliver(planned: PlannedDelivery, day: number): void {
    const s = planned.store.retailIndex;
    const base = s * this.nTracked;
    const items: DeliveryItem[] = [];
    const tracked = this.data.tracked;
    // Listed products: most of what is below par comes back to par.
    for (let j = 0; j < this.nTracked; j++) {
      const c = base + j;
      const par = this.par[c];
      if (par <= 0 || this.stock[c] >= par || !this.rng.chance(0.75)) continue;
      const before = this.stock[c];
      this.stock[c] = par;
      const p = tracked[j];
      items.push({ plu: p.plu, name: p.name, listingType: p.listingType, quantity: par - before, before, after: par });
    }
    // The other Listed products reset to par (closed form); record the ones that rise.
    const beforeTicks = this.openTicks[s];
    for (const p of this.data.products) {
      if (p.kind !== 'listed') continue;
      const before = this.untrackedQty(s, p, beforeTicks);
      const after = this.untrackedQty(s, p, 0);
      if (after > before) items.push({ plu: p.plu, name: p.name, listingType: p.listingType, quantity: after - before, before, after });
    }
    this.openTicks[s] = 0;
    for (const a of planned.allocated) {
      const c = base + a.tracked;
      const before = this.stock[c];
      this.stock[c] = before + a.quantity;
      const p = tracked[a.tracked];
      items.push({ plu: p.plu, name: p.name, listingType: p.listingType, quantity: a.quantity, before, after: before + a.quantity });
      this.counters.allocatedArrivals++;
    }
    this.lastDeliveryAt[s] = planned.tickMs;
    const record: DeliveryRecord = {
      storeNumber: planned.store.storeNumber,
      nickname: planned.store.nickname,
      date: ymd(day),
      at: new Date(planned.tickMs),
      items,
    };
    const list = this.deliveryLog.get(day);
    if (list) list.push(record);
    else this.deliveryLog.set(day, [record]);
    this.counters.deliveries++;
    for (const item of items) this.counters.deliveredBottles += item.quantity;
  }

  private receive(i: number): void {
    const p = this.data.products[i];
    const target = this.target[i];
    if (p.kind === 'allocated') {
      this.level[i] += Math.max(6, Math.round((target * (0.6 + 0.4 * this.rng.next())) / 6) * 6);
    } else {
      const goal = Math.round(target * (0.8 + 0.35 * this.rng.next()));
      const unit = this.orderUnit[i];
      const add = Math.max(0, Math.ceil((goal - this.level[i]) / unit) * unit);
      this.level[i] += add;
    }
    this.counters.receipts++;
  }

  private boardOrders(period: number): void {
    const d = this.data;
    const rng = this.rng;
    for (const p of d.products) {
      const i = p.index;
      if (this.level[i] <= 0 || this.ordersPerTick[i] <= 0) continue;
      const rate = this.ordersPerTick[i];
      let orders = Math.floor(rate);
      if (rng.next() < rate - orders) orders++;
      for (let o = 0; o < orders && this.level[i] > 0; o++) {
        const units = Math.min(this.level[i], this.orderUnit[i] * rng.int(1, this.orderMaxMult[i]));
        this.level[i] -= units;
        this.counters.boardOrders++;
        if (p.kind !== 'listed') this.logShipment(period, i, rng.cumulativeIndex(d.boardCumulative), units);
      }
    }
  }

  /** Logs a shipment under its extract period: the day of the first extract that includes it. */
  private logShipment(period: number, productIndex: number, boardIndex: number, units: number): void {
    let map = this.shipLog.get(period);
    if (!map) this.shipLog.set(period, (map = new Map()));
    const key = productIndex * 256 + boardIndex;
    map.set(key, (map.get(key) ?? 0) + units);
  }

  private makeExtract(at: number, day: number, label: string): void {
    const totals = new Map<number, number>();
    for (let k = day - WINDOW_DAYS + 1; k <= day; k++) {
      const map = this.shipLog.get(k);
      if (!map) continue;
      for (const [key, units] of map) totals.set(key, (totals.get(key) ?? 0) + units);
    }
    const keys = [...totals.keys()].sort((a, b) => a - b);
    const records: ExtractRecord[] = [];
    for (const key of keys) {
      const units = totals.get(key) ?? 0;
      if (units <= 0) continue;
      const index = Math.floor(key / 256);
      if (this.shadowed.has(index)) continue; // a catalog product replaced by a debut
      records.push({ product: this.productAt(index), board: this.data.boards[key % 256], units });
    }
    this.currentExtract = { generatedAt: at, extractDatetime: label, dayNumber: day, records };
    this.counters.extracts++;
  }

  // ---------------------------------------------------------------------------------------------
  // Debuts

  /**
   * Schedules a debut: a product (a new 5-digit code, or a catalog one, which the debut then replaces
   * everywhere) that shows on the warehouse report from `warehouseFrom` with its Listing Type printed as
   * `listingTypeLabel` (from `classifyAt`: `classifyAs`), and reaches the listed stores' shelves at the
   * release tick (`releaseAt` rounded up to a 15-minute tick). Before it, a Wake search finds nothing;
   * from it, the stores hold the listed quantities (a delivery in the day's log), which then sell like
   * allocated bottles. Its Wake shipment leaves the warehouse at the release tick; after it, other boards
   * order it on weekdays. Its randomness is hashed from (seed, PLU, tick), so nothing else changes.
   * Throws a RangeError for a bad spec, a PLU already debuting, or effects already in the past.
   */
  scheduleDebut(spec: DebutSpec): DebutInfo {
    const plu = String(spec.plu ?? '').replace(/-/g, '').trim();
    if (!/^\d{5}$/.test(plu)) throw new RangeError(`simulator: debut plu must be 5 digits, got ${String(spec.plu)}`);
    const releaseTick = tickAtOrAfter(toMs(spec.releaseAt));
    const warehouseFrom =
      spec.warehouseFrom === undefined || spec.warehouseFrom === null
        ? Math.max(releaseTick - DEBUT_WAREHOUSE_LEAD_MS, this.lastTick + TICK_MS)
        : toMs(spec.warehouseFrom);
    return this.addDebut(
      {
        ...spec,
        plu,
        releaseAt: releaseTick,
        warehouseFrom,
        classifyAt: spec.classifyAt === undefined || spec.classifyAt === null ? undefined : toMs(spec.classifyAt),
      },
      false,
    );
  }

  private addDebut(spec: Omit<DebutSpec, 'releaseAt' | 'warehouseFrom' | 'classifyAt'> & { releaseAt: number; warehouseFrom: number; classifyAt?: number }, auto: boolean): DebutInfo {
    const bad = (why: string) => new RangeError(`simulator: debut ${spec.plu}: ${why}`);
    const plu = spec.plu;
    if (this.debutByPlu.has(plu)) throw bad('already scheduled');
    const name = String(spec.name ?? '').trim();
    if (!name) throw bad('name is required');
    if (typeof spec.listingTypeLabel !== 'string') throw bad('listingTypeLabel must be a string ("" for blank)');
    const sizeMl = Number(spec.sizeMl);
    if (!(Number.isFinite(sizeMl) && sizeMl > 0)) throw bad('sizeMl must be > 0');
    const releaseTick = tickAtOrAfter(spec.releaseAt);
    const warehouseFromTick = tickAtOrAfter(spec.warehouseFrom);
    if (releaseTick <= this.lastTick) throw bad(`releaseAt must be after the simulated now (${new Date(this.nowMs).toISOString()})`);
    if (warehouseFromTick <= this.lastTick) throw bad(`warehouseFrom must be after the simulated now (${new Date(this.nowMs).toISOString()})`);
    const bottlesPerCase = spec.bottlesPerCase ?? 6;
    if (!(Number.isInteger(bottlesPerCase) && bottlesPerCase > 0)) throw bad('bottlesPerCase must be a positive integer');
    if (!Array.isArray(spec.stores)) throw bad('stores must be an array');
    const stores: DebutStoreSpec[] = [];
    const seen = new Set<number>();
    for (const entry of spec.stores) {
      const storeNumber = Number(entry?.storeNumber);
      const quantity = Number(entry?.quantity);
      const store = this.data.stores.find((s) => s.storeNumber === storeNumber);
      if (!store || !store.retail) throw bad(`store ${String(entry?.storeNumber)} is not a Wake retail store`);
      if (seen.has(storeNumber)) throw bad(`store ${storeNumber} listed twice`);
      if (!(Number.isInteger(quantity) && quantity >= 1 && quantity <= 999)) throw bad(`quantity at store ${storeNumber} must be 1..999`);
      seen.add(storeNumber);
      stores.push({ storeNumber, quantity });
    }
    const shelfTotal = stores.reduce((sum, s) => sum + s.quantity, 0);
    const warehouseUnits = spec.warehouseUnits ?? shelfTotal + 20 * bottlesPerCase;
    if (!(Number.isInteger(warehouseUnits) && warehouseUnits >= 0)) throw bad('warehouseUnits must be a whole number >= 0');
    const classifyAt = spec.classifyAt ?? null;
    const classifyAs = classifyAt === null ? null : (spec.classifyAs ?? 'Allocation');
    const sellP = spec.sellPerTick ?? SELL_P[classifyAs ?? ''] ?? 0.2;
    if (!(Number.isFinite(sellP) && sellP >= 0 && sellP <= 1)) throw bad('sellPerTick must be in [0, 1]');
    const retailPrice = priceText(spec.retailPrice);

    const shadows = this.data.byPlu.get(plu) ?? null;
    const k = this.debutList.length;
    const index = this.data.products.length + k;
    const product: SimProduct = {
      index,
      plu,
      name,
      nameLower: name.toLowerCase(),
      listingType: (LISTING_TYPES.includes(classifyAs ?? '') ? classifyAs : 'Unknown') as ListingTypeName,
      retailPrice,
      supplier: spec.supplier === undefined ? (shadows?.supplier ?? null) : spec.supplier,
      broker: spec.broker === undefined ? (shadows?.broker ?? null) : spec.broker,
      sizeMl,
      bottlesPerCase,
      casesPerPallet: shadows?.casesPerPallet ?? [40, 50, 56, 60, 70, 84, 100, 120][hashInt(0, 7, 'pallet', plu)],
      warehousePeak30d: 0,
      warehouseCurrent: 0,
      itemId: 150000 + index * 3,
      kind: 'allocated',
      tracked: -1,
    };
    const debut: Debut = {
      k,
      product,
      shadows,
      auto,
      label: spec.listingTypeLabel,
      classifyAt,
      classifyAs,
      warehouseFromTick,
      releaseTick,
      stores,
      warehouseUnits,
      sellP,
      stock: new Int16Array(this.data.retailStores.length),
      shelfTotal,
      released: false,
      onReport: false,
      level: warehouseUnits,
    };
    this.debutList.push(debut);
    this.debutByPlu.set(plu, debut);

    const list = this.productList === this.data.products ? this.data.products.slice() : this.productList;
    if (shadows) {
      this.shadowed.set(shadows.index, debut);
      list[list.indexOf(shadows)] = product;
      // The catalog product's shipments leave the extract too (the debut is that PLU now).
      const current = this.currentExtract;
      if (current) this.currentExtract = { ...current, records: current.records.filter((r) => r.product !== shadows) };
    } else {
      const at = list.findIndex((p) => p.name.localeCompare(name) > 0);
      list.splice(at < 0 ? list.length : at, 0, product);
    }
    this.productList = list;
    return this.debutInfo(debut);
  }

  private debutTick(t: number, day: number, minuteOfDay: number, weekday: number, period: number): void {
    const retail = this.data.retailStores;
    const selling = weekday !== 0 && minuteOfDay > OPEN_MIN && minuteOfDay <= CLOSE_MIN;
    const ordering = weekday >= 1 && weekday <= 5 && minuteOfDay >= ORDER_START_MIN && minuteOfDay < ORDER_END_MIN;
    for (const d of this.debutList) {
      const plu = d.product.plu;
      if (selling && d.released && d.shelfTotal > 0 && d.sellP > 0) {
        for (let s = 0; s < retail.length; s++) {
          const q = d.stock[s];
          if (q <= 0) continue;
          let left = q;
          for (let b = 0; b < q; b++) if (hashUnit(this.seed, 'debut-sell', plu, s, t, b) < d.sellP) left--;
          d.stock[s] = left;
          d.shelfTotal -= q - left;
          this.counters.bottlesSold += q - left;
        }
      }
      if (t === d.warehouseFromTick) d.onReport = true;
      if (t === d.releaseTick) this.releaseDebut(d, t, day, period);
      if (ordering && t > d.releaseTick && d.level > 0 && hashUnit(this.seed, 'debut-order', plu, t) < DEBUT_ORDER_P) {
        const units = Math.min(d.level, d.product.bottlesPerCase * hashInt(1, 2, this.seed, 'debut-order-units', plu, t));
        d.level -= units;
        const board = cumulativeIndexOf(this.data.boardCumulative, hashUnit(this.seed, 'debut-order-board', plu, t));
        this.logShipment(period, d.product.index, board, units);
        this.counters.boardOrders++;
      }
    }
  }

  private releaseDebut(d: Debut, t: number, day: number, period: number): void {
    d.released = true;
    const label = this.debutLabel(d, t);
    const byStore = new Map(this.data.retailStores.map((s) => [s.storeNumber, s]));
    const log = this.debutDeliveryLog.get(day) ?? [];
    this.debutDeliveryLog.set(day, log);
    for (const { storeNumber, quantity } of d.stores) {
      const store = byStore.get(storeNumber)!;
      const before = d.stock[store.retailIndex];
      d.stock[store.retailIndex] = before + quantity;
      log.push({
        storeNumber,
        nickname: store.nickname,
        date: ymd(day),
        at: new Date(t),
        items: [{ plu: d.product.plu, name: d.product.name, listingType: label, quantity, before, after: before + quantity }],
      });
      this.counters.allocatedArrivals++;
      this.counters.deliveredBottles += quantity;
    }
    // Wake's bottles leave the warehouse as a shipment to the Wake board.
    if (d.shelfTotal > 0) {
      this.logShipment(period, d.product.index, this.data.wakeBoard.index, d.shelfTotal);
      d.level = Math.max(0, d.level - d.shelfTotal);
    }
  }

  private debutLabel(d: Debut, at: number): string {
    return d.classifyAt !== null && at >= d.classifyAt ? (d.classifyAs ?? '') : d.label;
  }

  private debutInfo(d: Debut): DebutInfo {
    return {
      plu: d.product.plu,
      name: d.product.name,
      knownPlu: d.shadows !== null,
      auto: d.auto,
      listingTypeLabel: d.label,
      classifyAt: d.classifyAt === null ? null : new Date(d.classifyAt),
      classifyAs: d.classifyAs,
      retailPrice: d.product.retailPrice,
      sizeMl: d.product.sizeMl,
      bottlesPerCase: d.product.bottlesPerCase,
      warehouseUnits: d.warehouseUnits,
      warehouseFrom: new Date(d.warehouseFromTick),
      releaseAt: new Date(d.releaseTick),
      stores: d.stores.map((s) => ({ ...s })),
      sellPerTick: d.sellP,
      released: d.released,
      onWarehouseReport: d.onReport,
      warehouseLevel: d.onReport ? d.level : null,
    };
  }

  /** Every scheduled debut (explicit and automatic), in scheduling order, with its state now. */
  debuts(): DebutInfo[] {
    return this.debutList.map((d) => this.debutInfo(d));
  }

  /** The debut of a PLU, if one is scheduled. */
  debut(plu: string): DebutInfo | undefined {
    const d = this.debutByPlu.get(plu.replace(/-/g, ''));
    return d ? this.debutInfo(d) : undefined;
  }

  /** The debut behind a product (a debut's own product, or a catalog product a debut replaces). */
  private debutOf(p: SimProduct): Debut | undefined {
    if (this.debutList.length === 0) return undefined;
    if (p.index >= this.data.products.length) return this.debutList[p.index - this.data.products.length];
    return this.shadowed.get(p.index);
  }

  /** A product by its index (catalog products first, then debuts in scheduling order). */
  private productAt(index: number): SimProduct {
    const n = this.data.products.length;
    return index < n ? this.data.products[index] : this.debutList[index - n].product;
  }

  // ---------------------------------------------------------------------------------------------
  // Listing-type relabels and respellings (presentation only)

  /**
   * Makes the warehouse report print a catalog product's Listing Type as `label` from `from` (default:
   * always) until `classifyAt` (default: never), then `classifyAs` (default: its own type). A later call
   * for the same product takes over from its own `from`. Debuts have their own labels (scheduleDebut).
   */
  relabel(plu: string, spec: RelabelSpec): void {
    const code = plu.replace(/-/g, '');
    if (!this.data.byPlu.has(code)) throw new RangeError(`simulator: relabel: no catalog product ${plu}`);
    if (typeof spec.label !== 'string') throw new RangeError('simulator: relabel: label must be a string ("" for blank)');
    const entry: Relabel = {
      label: spec.label,
      from: spec.from === undefined || spec.from === null ? -Infinity : toMs(spec.from),
      classifyAt: spec.classifyAt === undefined || spec.classifyAt === null ? null : toMs(spec.classifyAt),
      classifyAs: spec.classifyAs ?? null,
    };
    const list = this.relabels.get(code) ?? [];
    list.push(entry);
    list.sort((a, b) => a.from - b.from);
    this.relabels.set(code, list);
  }

  /** The Listing Type the warehouse report prints for a product at an instant ("" = blank). */
  printedListingType(p: SimProduct, at: number = this.nowMs): string {
    const d = this.debutOf(p);
    if (d) return this.debutLabel(d, at);
    const own = p.listingType === 'Unknown' ? '' : p.listingType;
    const list = this.relabels.get(p.plu);
    if (list) {
      for (let i = list.length - 1; i >= 0; i--) {
        const e = list[i];
        if (at < e.from) continue;
        return e.classifyAt !== null && at >= e.classifyAt ? (e.classifyAs ?? own) : e.label;
      }
    }
    return own;
  }

  /**
   * Wake's pages print a store's address as `address` ("street, city, NC zip"; the part before the first
   * comma is the street line) until cleared with null. Stock and ground truth are unchanged.
   * See EXAMPLE_RESPELLING for one no conservative matcher recognises.
   */
  respell(storeNumber: number, address: string | null): void {
    const store = this.data.stores.find((s) => s.storeNumber === storeNumber);
    if (!store || !store.retail) throw new RangeError(`simulator: respell: ${storeNumber} is not a Wake retail store`);
    if (address === null) {
      this.respelled.delete(storeNumber);
      return;
    }
    if (typeof address !== 'string' || !address.trim()) throw new RangeError('simulator: respell: address must be a non-empty string or null');
    this.respelled.set(storeNumber, address.trim());
  }

  /** Current respellings: store number → printed address. */
  respellings(): Map<number, string> {
    return new Map(this.respelled);
  }

  /** The address Wake's inventory search prints for a store now. */
  printedAddress(store: SimStore): string {
    return this.respelled.get(store.storeNumber) ?? store.inventoryAddress;
  }

  /** Closed-form shelf stock of an untracked Listed product at a retail store. */
  private untrackedQty(retailIndex: number, p: SimProduct, openTicks: number): number {
    const c = retailIndex * this.data.products.length + p.index;
    const par = this.uPar[c];
    if (par === 0) return 0;
    return Math.max(0, par - Math.floor(this.uRate[c] * openTicks + this.uOffset[c]));
  }

  // ---------------------------------------------------------------------------------------------
  // Queries

  /** Deliveries that have happened on a New York date (YYYY-MM-DD), in tick order. */
  deliveriesOn(dateYmd: string): DeliveryRecord[] {
    const day = parseYmd(dateYmd);
    if (day === undefined) throw new RangeError(`simulator: bad date ${dateYmd}`);
    const base = this.deliveryLog.get(day) ?? [];
    if (this.debutList.length === 0) return [...base].sort((a, b) => a.at.getTime() - b.at.getTime() || a.storeNumber - b.storeNumber);
    // Catalog products replaced by a debut leave the log (the debut's own arrivals are that PLU now).
    const hidden = new Set([...this.shadowed.values()].map((d) => d.product.plu));
    const records = base.map((r) => (hidden.size && r.items.some((i) => hidden.has(i.plu)) ? { ...r, items: r.items.filter((i) => !hidden.has(i.plu)) } : r));
    for (const extra of this.debutDeliveryLog.get(day) ?? []) {
      const k = records.findIndex((r) => r.storeNumber === extra.storeNumber && r.at.getTime() === extra.at.getTime());
      if (k >= 0) records[k] = { ...records[k], items: [...records[k].items, ...extra.items] };
      else records.push(extra);
    }
    return records.sort((a, b) => a.at.getTime() - b.at.getTime() || a.storeNumber - b.storeNumber);
  }

  /**
   * Shelf stock of a Wake store by PLU: every tracked product and released debut (zeros included) and
   * other products in stock.
   */
  storeStock(storeNumber: number): Map<string, number> {
    const store = this.data.stores.find((s) => s.storeNumber === storeNumber);
    if (!store) throw new RangeError(`simulator: no store ${storeNumber}`);
    const out = new Map<string, number>();
    if (!store.retail) return out;
    for (const p of this.productList) {
      const d = this.debutOf(p);
      if (d && !d.released) continue;
      const q = this.quantityAt(store, p);
      if (p.tracked >= 0 || d || q > 0) out.set(p.plu, q);
    }
    return out;
  }

  /** Shelf stock of one product at one store (0 for the MXB outlet, which the inventory search omits). */
  quantityAt(store: SimStore, p: SimProduct): number {
    if (!store.retail) return 0;
    const d = this.debutOf(p);
    if (d) return d.stock[store.retailIndex];
    if (p.tracked >= 0) return this.stock[store.retailIndex * this.nTracked + p.tracked];
    return this.untrackedQty(store.retailIndex, p, this.openTicks[store.retailIndex]);
  }

  /** The product the pages show for a PLU (a debut replaces a catalog product of its PLU), if any. */
  product(plu: string): SimProduct | undefined {
    const code = plu.replace(/-/g, '');
    return this.debutByPlu.get(code)?.product ?? this.data.byPlu.get(code);
  }

  /** Every product the pages may show (the catalog, with debuts), in catalog order. */
  products(): readonly SimProduct[] {
    return this.productList;
  }

  /** Whether Wake's search finds the product now (false for a debut before its release tick). */
  onWake(p: SimProduct): boolean {
    const d = this.debutOf(p);
    return !d || d.released;
  }

  /**
   * Ground truth: what Wake's inventory search shows now for a PLU, per retail store (all 27, zeros
   * included; all zeros while the search finds nothing, e.g. a debut before its release). Respellings
   * change how a store is printed, never this. Throws for a PLU the world does not know.
   */
  stockOf(plu: string): Map<number, number> {
    const p = this.product(plu);
    if (!p) throw new RangeError(`simulator: no product ${plu}`);
    const visible = this.onWake(p);
    const out = new Map<number, number>();
    for (const store of this.data.retailStores) out.set(store.storeNumber, visible ? this.quantityAt(store, p) : 0);
    return out;
  }

  /** stockOf for several PLUs (default: every product Wake's search finds now), for diffing two instants. */
  stockSnapshot(plus?: readonly string[]): StockSnapshot {
    const out: StockSnapshot = new Map();
    if (plus) for (const plu of plus) out.set(plu.replace(/-/g, ''), this.stockOf(plu));
    else for (const p of this.productList) if (this.onWake(p)) out.set(p.plu, this.stockOf(p.plu));
    return out;
  }

  /** Current warehouse Total Available of a product (undefined for an unknown PLU or a debut not on the report yet). */
  warehouse(plu: string): number | undefined {
    const p = this.product(plu);
    if (!p) return undefined;
    const d = this.debutOf(p);
    if (d) return d.onReport ? d.level : undefined;
    return this.level[p.index];
  }

  /** Products matching a Wake search: the exact 5-digit PLU, or a case-insensitive name substring. */
  search(query: string, limit = 20): SimProduct[] {
    const q = query.trim().toLowerCase();
    if (!q) return [];
    if (/^\d{5}$/.test(q)) {
      const exact = this.product(q);
      if (exact && this.onWake(exact)) return [exact];
    }
    const out: SimProduct[] = [];
    for (const p of this.productList) {
      if (p.nameLower.includes(q) && this.onWake(p)) {
        out.push(p);
        if (out.length >= limit) break;
      }
    }
    return out;
  }

  /** The warehouse report of a New York day (default today): today's live levels, a past day's final ones. */
  warehouseReport(dayNumber?: number): WarehouseReportData {
    const local = nyLocal(this.nowMs);
    const day = dayNumber ?? local.dayNumber;
    if (day === local.dayNumber) {
      // Just after midnight the day's table is empty.
      if (local.minuteOfDay < 30) return { dayNumber: day, asOf: this.lastTick, levels: null };
      return { dayNumber: day, asOf: this.lastTick, levels: this.level };
    }
    const snapshot = day < local.dayNumber ? this.warehouseHistory.get(day) : undefined;
    return { dayNumber: day, asOf: nyInstant(day, 23, 45), levels: snapshot ?? null };
  }

  /**
   * The rows of a day's warehouse report (default today), in page order, with the Listing Type as printed
   * at the report's time; null when the day has no data (yet).
   */
  warehouseRows(dayNumber?: number): { dayNumber: number; asOf: number; rows: WarehouseReportRow[] | null } {
    const report = this.warehouseReport(dayNumber);
    const levels = report.levels;
    if (!levels) return { dayNumber: report.dayNumber, asOf: report.asOf, rows: null };
    const today = report.dayNumber === nyLocal(this.nowMs).dayNumber;
    const at = today ? this.nowMs : report.asOf;
    const past = today ? undefined : this.debutHistory.get(report.dayNumber);
    const rows: WarehouseReportRow[] = [];
    for (const p of this.productList) {
      let available: number;
      const d = this.debutOf(p);
      if (d) {
        const level = today ? (d.onReport ? d.level : -1) : (past?.[d.k] ?? -1);
        if (level < 0) continue;
        available = level;
      } else {
        available = levels[p.index];
      }
      rows.push({ product: p, available, listingType: this.printedListingType(p, at) });
    }
    return { dayNumber: report.dayNumber, asOf: report.asOf, rows };
  }

  /** The latest shipments extract. */
  extract(): ShipmentsExtract {
    if (!this.currentExtract) throw new Error('simulator: no extract yet');
    return this.currentExtract;
  }

  /**
   * Units shipped to a board (by name) for a product in the extract periods [fromDay, toDay] (for tests);
   * period D = after the extract of D-1 (11:15) up to the extract of D.
   */
  shippedUnits(plu: string, boardName: string, fromDay: number, toDay: number): number {
    const p = this.product(plu);
    const b = this.data.boards.find((x) => x.name === boardName);
    if (!p || !b) return 0;
    let total = 0;
    for (let k = fromDay; k <= toDay; k++) total += this.shipLog.get(k)?.get(p.index * 256 + b.index) ?? 0;
    return total;
  }
}
