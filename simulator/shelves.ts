// One board's store shelves: per retail store and tracked product (every Allocation/Limited/Barrel product
// and the tracked Listed whiskeys) the bottles on the shelf, their par and sell rate; the other Listed
// products follow a closed form. Wake's shelves and each other board's evolve by the same rules
// (deliveries, allocated arrivals, sales), each board with its own random stream, so adding a board never
// changes another's (world.ts).
import { nyInstant, TICK_MS, weekdayOf, weekOf, WEEKDAY_NAMES, ymd } from './clock.ts';
import type { SimDataset, SimProduct, SimStore } from './dataset.ts';
import { WAKE_BOARD_ID } from '../lib/reference/boards.ts';
import { hash32, hashInt, hashUnit, type Rng } from './random.ts';
import { SHIFTED_WEEK_SHARE, truckDays } from './delivery-patterns.ts';

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
  /** A Saturday drop (the varied world): the board's truck brings only its allocated bottles, on a day that is no store delivery. */
  drop?: boolean;
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
  /** The store's board (179 = Wake). */
  boardId: number;
  storeNumber: number;
  nickname: string;
  /** New York date, YYYY-MM-DD. */
  date: string;
  /** The tick at which the delivery shows in the store's stock. */
  at: Date;
  items: DeliveryItem[];
  /** A Saturday drop of the varied world: the board's truck brought allocated bottles only (not the store's delivery). */
  drop?: boolean;
}

/** What a board's shelves count (SimWorld.counters for Wake). */
export interface ShelfCounters {
  deliveries: number;
  deliveredBottles: number;
  allocatedArrivals: number;
  bottlesSold: number;
}

interface PlannedDelivery {
  store: SimStore;
  tickMs: number;
  allocated: { tracked: number; quantity: number }[];
  /** A Saturday drop (the varied world): the board's own truck with allocated bottles only, no store delivery. */
  drop?: boolean;
}

const SELL_P: Record<string, number> = { Allocation: 0.3, Limited: 0.22, Barrel: 0.12 };
export const KEEP_DAYS = 120;

/** Per bottle and opening-hours tick, how likely an allocated bottle of that listing type sells. */
export function allocatedSellP(listingType: string | null | undefined): number | undefined {
  return SELL_P[listingType ?? ''];
}

/** The hash keys of a store: Wake's stores by number alone (as ever), the other boards' with their board. */
function storeKey(store: SimStore): (number | string)[] {
  return store.boardId === WAKE_BOARD_ID ? [store.storeNumber] : ['board', store.boardId, store.storeNumber];
}

const WEEKDAY_INDEX: Readonly<Record<string, number>> = Object.fromEntries(WEEKDAY_NAMES.map((name, i) => [name, i]));

/**
 * Whether a store gets a delivery on that New York day: on its weekday (a Random store's a hashed one each week;
 * a twice-weekly store's two), every week or every other week (a hashed phase per store); a shifted store's
 * truck moves off a holiday to the next working day, and in a hashed SHIFTED_WEEK_SHARE of weeks a day off its
 * usual one (simulator/delivery-patterns.ts truckDays).
 */
export function isDeliveryDay(seed: number, store: SimStore, dayNumber: number): boolean {
  if (!store.retail || !store.deliveryDay) return false;
  const wd = weekdayOf(dayNumber);
  const week = weekOf(dayNumber);
  let day: number;
  if (store.deliveryDay === 'Random') day = hashInt(1, 5, seed, 'random-day', ...storeKey(store), week);
  else day = WEEKDAY_INDEX[store.deliveryDay];
  const also = store.alsoDeliveryDay ? WEEKDAY_INDEX[store.alsoDeliveryDay] : undefined;
  if (store.shiftedDays) {
    const usual = also === undefined ? [day] : [day, also];
    const offWeek = hashUnit(seed, 'shifted-week', ...storeKey(store), week) < SHIFTED_WEEK_SHARE;
    if (!truckDays(usual, dayNumber - ((wd + 6) % 7), true, offWeek).includes(wd)) return false;
  } else if (wd !== day && wd !== also) return false;
  if ((store.deliveryIntervalDays ?? 7) >= 14) {
    return (week + hashInt(0, 1, seed, 'phase', ...storeKey(store))) % 2 === 0;
  }
  return true;
}

/** The tick (10:00..13:00 New York) at which a store's delivery on that day shows. */
export function deliveryTick(seed: number, store: SimStore, dayNumber: number): number {
  return nyInstant(dayNumber, 10, 0) + hashInt(0, 12, seed, 'delivery-tick', ...storeKey(store), dayNumber) * TICK_MS;
}

export class BoardShelves {
  readonly boardId: number;
  /** The board's retail stores, by retailIndex. */
  readonly stores: readonly SimStore[];
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
  private plan: PlannedDelivery[] = [];
  private readonly deliveryLog = new Map<number, DeliveryRecord[]>();

  /**
   * `rng` is the board's own stream (Wake's is the world's), consumed here in store order at construction,
   * then by planDay, sell and the deliveries. Hashes of Wake's stores keep their original keys.
   */
  constructor(
    private readonly data: SimDataset,
    private readonly seed: number,
    boardId: number,
    stores: readonly SimStore[],
    private readonly rng: Rng,
    readonly counters: ShelfCounters,
  ) {
    this.boardId = boardId;
    this.stores = stores;
    const key = boardId === WAKE_BOARD_ID ? [] : ['board', boardId];
    const nStores = stores.length;
    this.nTracked = data.tracked.length;
    const cells = nStores * this.nTracked;
    this.stock = new Int16Array(cells);
    this.par = new Int16Array(cells);
    this.sellP = new Float32Array(cells);
    this.openTicks = new Int32Array(nStores);
    this.lastDeliveryAt = new Float64Array(nStores).fill(NaN);
    this.isAllocated = Uint8Array.from(data.tracked, (p) => (p.kind === 'allocated' ? 1 : 0));
    // Untracked Listed products: ~55% of stores carry each one (none when the warehouse never had it);
    // shelf = par - floor(rate * open ticks since the store's last delivery + offset), reset at deliveries.
    const nProducts = data.products.length;
    this.uPar = new Uint8Array(nStores * nProducts);
    this.uRate = new Float32Array(nStores * nProducts);
    this.uOffset = new Float32Array(nStores * nProducts);
    for (const p of data.products) {
      if (p.kind !== 'listed' || (p.warehousePeak30d <= 0 && p.warehouseCurrent <= 0)) continue;
      for (let s = 0; s < nStores; s++) {
        const h = hash32(seed, 'u', ...key, s, p.index);
        if ((h & 0x7f) >= 70) continue;
        const c = s * nProducts + p.index;
        this.uPar[c] = 2 + (((h >>> 7) & 0x1f) % 23);
        this.uRate[c] = (((h >>> 12) & 0xff) / 255) * 0.03;
        this.uOffset[c] = ((h >>> 20) & 0xff) / 256;
      }
    }

    // Initial shelves: tracked Listed products carried by ~75% of stores, part-sold; a few barrel
    // picks and limited bottles linger; everything allocated is otherwise gone.
    for (let s = 0; s < nStores; s++) {
      this.openTicks[s] = hashInt(0, 250, seed, 'open', ...key, s);
      for (const p of data.tracked) {
        const c = s * this.nTracked + p.tracked;
        if (p.kind === 'listed-tracked') {
          if (rng.chance(0.75)) {
            const par = rng.int(3, 24);
            this.par[c] = par;
            this.stock[c] = Math.round(par * (0.3 + 0.7 * rng.next()));
            this.sellP[c] = 0.005 + 0.035 * rng.next();
          }
        } else {
          this.sellP[c] = SELL_P[p.listingType] ?? 0.2;
          if (p.listingType === 'Barrel' && rng.chance(0.02)) this.stock[c] = rng.int(1, 3);
        }
      }
    }
  }

  /**
   * Plans the day's deliveries: the stores delivering today, each with the allocated bottles its board's
   * shipments put on today's truck for it (arrivals.ts: shipments cause arrivals; the ledger holds them).
   */
  planDay(day: number, arrivals: readonly LedgerArrival[] = []): void {
    const delivering = this.stores.filter((s) => isDeliveryDay(this.seed, s, day));
    this.plan = delivering.map((store) => ({ store, tickMs: deliveryTick(this.seed, store, day), allocated: [] }));
    for (const a of arrivals) {
      let planned = this.plan.find((p) => p.store.retailIndex === a.retailIndex && !p.drop === !a.drop);
      if (!planned && a.drop) {
        const store = this.stores[a.retailIndex];
        this.plan.push((planned = { store, tickMs: deliveryTick(this.seed, store, day), allocated: [], drop: true }));
      }
      const product = this.data.products[a.productIndex];
      if (!planned || !product || product.tracked < 0) continue;
      const same = planned.allocated.find((x) => x.tracked === product.tracked);
      if (same) same.quantity += a.quantity;
      else planned.allocated.push({ tracked: product.tracked, quantity: a.quantity });
    }
  }

  /** Forgets delivery records older than KEEP_DAYS. */
  prune(day: number): void {
    for (const k of this.deliveryLog.keys()) if (k < day - KEEP_DAYS) this.deliveryLog.delete(k);
  }

  /** Sales over the 15 minutes ending now (an opening-hours tick). */
  sell(): void {
    const allocated = this.isAllocated;
    const rng = this.rng;
    let sold = 0;
    for (let s = 0; s < this.stores.length; s++) {
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

  /** The planned deliveries that show at tick t. */
  deliverAt(t: number, day: number): void {
    for (const planned of this.plan) if (planned.tickMs === t) this.deliver(planned, day);
  }

  private deliver(planned: PlannedDelivery, day: number): void {
    const s = planned.store.retailIndex;
    const base = s * this.nTracked;
    const items: DeliveryItem[] = [];
    const tracked = this.data.tracked;
    // Listed products: most of what is below par comes back to par (not on a drop: no store delivery).
    for (let j = 0; j < this.nTracked && !planned.drop; j++) {
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
      if (p.kind !== 'listed' || planned.drop) continue;
      const before = this.untrackedQty(s, p, beforeTicks);
      const after = this.untrackedQty(s, p, 0);
      if (after > before) items.push({ plu: p.plu, name: p.name, listingType: p.listingType, quantity: after - before, before, after });
    }
    if (!planned.drop) this.openTicks[s] = 0;
    for (const a of planned.allocated) {
      const c = base + a.tracked;
      const before = this.stock[c];
      this.stock[c] = before + a.quantity;
      const p = tracked[a.tracked];
      items.push({ plu: p.plu, name: p.name, listingType: p.listingType, quantity: a.quantity, before, after: before + a.quantity });
      this.counters.allocatedArrivals++;
    }
    if (!planned.drop) this.lastDeliveryAt[s] = planned.tickMs;
    const record: DeliveryRecord = {
      boardId: this.boardId,
      storeNumber: planned.store.storeNumber,
      nickname: planned.store.nickname,
      date: ymd(day),
      at: new Date(planned.tickMs),
      items,
      ...(planned.drop ? { drop: true } : {}),
    };
    const list = this.deliveryLog.get(day);
    if (list) list.push(record);
    else this.deliveryLog.set(day, [record]);
    this.counters.deliveries++;
    for (const item of items) this.counters.deliveredBottles += item.quantity;
  }

  /** The deliveries of a New York day so far (catalog products only; debuts keep their own log). */
  deliveriesOn(day: number): readonly DeliveryRecord[] {
    return this.deliveryLog.get(day) ?? [];
  }

  /** The store's last delivery tick (NaN: none yet). */
  lastDelivery(retailIndex: number): number {
    return this.lastDeliveryAt[retailIndex];
  }

  /** Shelf stock of a catalog product at a retail store (by retailIndex). */
  quantity(retailIndex: number, p: SimProduct): number {
    if (p.tracked >= 0) return this.stock[retailIndex * this.nTracked + p.tracked];
    return this.untrackedQty(retailIndex, p, this.openTicks[retailIndex]);
  }

  /**
   * The untracked Listed products a retail store carries below par now, with shelf and par. Its next
   * delivery brings each back to par (a closed form, no random draw), so this is known before it shows.
   */
  belowParUntracked(retailIndex: number): { product: SimProduct; shelf: number; par: number }[] {
    const out: { product: SimProduct; shelf: number; par: number }[] = [];
    for (const p of this.data.products) {
      if (p.kind !== 'listed') continue;
      const par = this.uPar[retailIndex * this.data.products.length + p.index];
      const shelf = par === 0 ? 0 : this.untrackedQty(retailIndex, p, this.openTicks[retailIndex]);
      if (shelf < par) out.push({ product: p, shelf, par });
    }
    return out;
  }

  /** Closed-form shelf stock of an untracked Listed product at a retail store. */
  private untrackedQty(retailIndex: number, p: SimProduct, openTicks: number): number {
    const c = retailIndex * this.data.products.length + p.index;
    const par = this.uPar[c];
    if (par === 0) return 0;
    return Math.max(0, par - Math.floor(this.uRate[c] * openTicks + this.uOffset[c]));
  }
}
