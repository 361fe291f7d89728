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
import { DAY_MS, nyInstant, nyLocal, parseYmd, TICK_MS, weekOf, weekdayOf, WEEKDAY_NAMES, ymd, nyDateTime } from './clock.ts';
import { loadSimDataset, type SimBoard, type SimDataset, type SimProduct, type SimStore } from './dataset.ts';
import { hash32, hashInt, Rng } from './random.ts';

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
}

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

function toMs(value: Date | number | string): number {
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  if (!Number.isFinite(ms)) throw new RangeError(`simulator: invalid time ${String(value)}`);
  return ms;
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

  constructor(options: SimWorldOptions = {}) {
    this.seed = (options.seed ?? 42) >>> 0;
    this.data = loadSimDataset();
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
    this.counters.ticks++;
    this.version++;
  }

  private startDay(day: number, rollover: boolean): void {
    if (rollover) {
      this.warehouseHistory.set(this.currentDay, this.level.slice());
      for (const k of this.warehouseHistory.keys()) if (k < day - KEEP_DAYS) this.warehouseHistory.delete(k);
      for (const k of this.deliveryLog.keys()) if (k < day - KEEP_DAYS) this.deliveryLog.delete(k);
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
      records.push({ product: this.data.products[Math.floor(key / 256)], board: this.data.boards[key % 256], units });
    }
    this.currentExtract = { generatedAt: at, extractDatetime: label, dayNumber: day, records };
    this.counters.extracts++;
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
    return [...(this.deliveryLog.get(day) ?? [])].sort((a, b) => a.at.getTime() - b.at.getTime() || a.storeNumber - b.storeNumber);
  }

  /** Shelf stock of a Wake store by PLU: every tracked product (zeros included) and other products in stock. */
  storeStock(storeNumber: number): Map<string, number> {
    const store = this.data.stores.find((s) => s.storeNumber === storeNumber);
    if (!store) throw new RangeError(`simulator: no store ${storeNumber}`);
    const out = new Map<string, number>();
    if (!store.retail) return out;
    for (const p of this.data.products) {
      const q = this.quantityAt(store, p);
      if (p.tracked >= 0 || q > 0) out.set(p.plu, q);
    }
    return out;
  }

  /** Shelf stock of one product at one store (0 for the MXB outlet, which the inventory search omits). */
  quantityAt(store: SimStore, p: SimProduct): number {
    if (!store.retail) return 0;
    if (p.tracked >= 0) return this.stock[store.retailIndex * this.nTracked + p.tracked];
    return this.untrackedQty(store.retailIndex, p, this.openTicks[store.retailIndex]);
  }

  /** Current warehouse Total Available of a product (undefined for an unknown PLU). */
  warehouse(plu: string): number | undefined {
    const p = this.data.byPlu.get(plu.replace(/-/g, ''));
    return p ? this.level[p.index] : undefined;
  }

  /** Products matching a Wake search: the exact 5-digit PLU, or a case-insensitive name substring. */
  search(query: string, limit = 20): SimProduct[] {
    const q = query.trim().toLowerCase();
    if (!q) return [];
    if (/^\d{5}$/.test(q)) {
      const exact = this.data.byPlu.get(q);
      if (exact) return [exact];
    }
    const out: SimProduct[] = [];
    for (const p of this.data.products) {
      if (p.nameLower.includes(q)) {
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
    const p = this.data.byPlu.get(plu);
    const b = this.data.boards.find((x) => x.name === boardName);
    if (!p || !b) return 0;
    let total = 0;
    for (let k = fromDay; k <= toDay; k++) total += this.shipLog.get(k)?.get(p.index * 256 + b.index) ?? 0;
    return total;
  }
}
