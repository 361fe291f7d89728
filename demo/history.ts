// Store inventory history at Wake's retail stores. Every store has a Listed assortment that sells down
// slowly and is restocked by its deliveries (many products rising in one poll), plus allocated
// bottles that arrive with a delivery a few days after Wake receives them from the warehouse and sell
// out within hours to a couple of days. The first poll of the window is the baseline (stock only, no
// history rows); each (store, product) history chains from it to the final store_inventory quantity.
//
// Which stores get a shipment's bottles, and how many days later, follows the simulator's classic world
// (simulator/arrivals.ts, its Ledger: a board's lag, stores preferred per listing type, skips, splits,
// late trucks, the caps), so the demo's history has the habits the forecasting model learns and its record shows
// the forecasts as they perform in the bench (issue 37, item 7), not a random spread.
import { WAKE_BOARD_ID } from '../lib/reference/boards.ts';
import { ALLOCATED_TYPES, type ProductSeed } from '../lib/reference/products.ts';
import { boardLagDays, Ledger } from '../simulator/arrivals.ts';
import type { LedgerArrival } from '../simulator/shelves.ts';
import type { SimStore } from '../simulator/dataset.ts';
import { isDeliveryDay } from '../simulator/shelves.ts';
import { hashString, rng, splitInteger, type Rng } from './random.ts';
import { deliverySchedule, firstAfter, OPEN_FIRST_SLOT, SLOTS_PER_DAY, type Delivery, type StoreSchedule, type Timeline } from './timeline.ts';
import type { ShipmentRow } from './warehouse.ts';

export type ChangeType = 'first' | 'increase' | 'decrease' | 'sold_out';

export interface HistoryRow {
  storeId: number;
  plu: string;
  poll: number;
  previous: number;
  next: number;
  type: ChangeType;
}

export interface InventoryRow {
  storeId: number;
  plu: string;
  quantity: number;
  lastPoll: number; // poll of the last change (0 = the baseline)
}

export interface StoreHistoryResult {
  history: HistoryRow[];
  inventory: InventoryRow[];
  /** Per store: its deliveries in the window. */
  deliveries: Map<number, Delivery[]>;
}

export interface PolledStore extends StoreSchedule {
  region: string;
}

/** Tracks one (store, product): quantity, whether the store has ever shown it, and its rows. */
class Shelf {
  quantity = 0;
  seen = false;
  lastPoll = 0;
  constructor(
    readonly storeId: number,
    readonly plu: string,
    private readonly out: HistoryRow[],
  ) {}

  baseline(quantity: number) {
    this.quantity = quantity;
    this.seen = quantity > 0; // Wake's search lists only stores with stock
  }

  set(poll: number, quantity: number) {
    if (quantity === this.quantity) return;
    const type: ChangeType =
      quantity > this.quantity ? (this.seen || this.quantity > 0 ? 'increase' : 'first') : quantity === 0 ? 'sold_out' : 'decrease';
    this.out.push({ storeId: this.storeId, plu: this.plu, poll, previous: this.quantity, next: quantity, type });
    this.quantity = quantity;
    this.seen = true;
    this.lastPoll = poll;
  }
}

/** Bigger, busier stores carry more of the catalog. */
const REGION_ASSORTMENT: Record<string, number> = {
  'North Raleigh': 1.15,
  'Cary/Apex/Morrisville': 1.1,
  'Central Raleigh': 1.0,
  'South Raleigh/Garner': 0.95,
  'Holly Springs/Fuquay': 0.95,
  'Wake Forest/Rolesville': 0.9,
  'East Wake': 0.8,
};

/** Weighted sample without replacement (Efraimidis-Spirakis keys). */
function weightedSample<T>(r: Rng, items: T[], weight: (item: T) => number, count: number): T[] {
  return items
    .map((item) => ({ item, key: Math.pow(r.next(), 1 / Math.max(1e-6, weight(item))) }))
    .sort((a, b) => b.key - a.key)
    .slice(0, count)
    .map((x) => x.item);
}

function simulateListed(t: Timeline, store: PolledStore, pool: ProductSeed[], deliveries: Delivery[], out: HistoryRow[]): Shelf[] {
  const r = rng('assortment', store.storeNumber);
  const size = Math.round(r.int(230, 330) * (REGION_ASSORTMENT[store.region] ?? 1));
  const popularity = (p: ProductSeed) => Math.log2(2 + p.warehousePeak30d / 25);
  const chosen = weightedSample(r, pool, popularity, size + 12);
  const carried = chosen.slice(0, size);
  // A few products the store starts carrying during the window ("first" arrivals with a delivery).
  const introduced = new Map<string, number>();
  chosen.slice(size).forEach((p, i) => {
    const delivery = deliveries[1 + Math.floor((i * (deliveries.length - 1)) / 12)];
    if (delivery) introduced.set(p.plu, delivery.poll);
  });

  const deliveryByDay = new Map(deliveries.map((d) => [d.dayIndex, d.poll]));
  const shelves: Shelf[] = [];
  for (const p of [...carried, ...chosen.slice(size).filter((p) => introduced.has(p.plu))]) {
    const pr = rng('listed', store.storeNumber, p.plu);
    const pop = popularity(p);
    const par = Math.max(2, Math.min(24, Math.round((1 + pop * pr.float(0.8, 2.2)) * (p.bottlesPerCase >= 12 ? 1.3 : 1))));
    const saleChance = Math.min(0.35, Math.max(0.02, 0.03 * pop * pr.float(0.5, 1.5)));
    const saleSlot = OPEN_FIRST_SLOT + (hashString(p.plu) % (SLOTS_PER_DAY - OPEN_FIRST_SLOT)); // the tier's daily poll
    const intro = introduced.get(p.plu);
    const shelf = new Shelf(store.storeId, p.plu, out);
    shelf.baseline(intro !== undefined ? 0 : pr.chance(0.04) ? 0 : pr.int(Math.ceil(par * 0.4), par));
    for (let d = 0; d < t.days; d++) {
      const delivery = deliveryByDay.get(d);
      let sale = t.weekday(d) === 0 ? -1 : t.poll(d, saleSlot);
      if (sale === delivery) sale = t.slotOf(sale) < SLOTS_PER_DAY - 1 ? sale + 1 : -1;
      const events: [number, 'delivery' | 'sale'][] = [];
      if (delivery !== undefined && (intro === undefined || delivery >= intro)) events.push([delivery, 'delivery']);
      if (sale > 0 && sale <= t.lastPoll) events.push([sale, 'sale']);
      events.sort((a, b) => a[0] - b[0]);
      for (const [poll, kind] of events) {
        if (kind === 'delivery') {
          const low = shelf.quantity <= Math.floor(par * 0.5);
          if ((low && pr.chance(0.9)) || poll === intro) shelf.set(poll, par + (pr.chance(0.2) ? pr.int(1, 3) : 0));
        } else if (shelf.quantity > 0 && pr.chance(saleChance)) {
          const sold = Math.min(shelf.quantity, pr.chance(0.75) ? 1 : pr.int(2, 3));
          shelf.set(poll, shelf.quantity - sold);
        }
      }
    }
    shelves.push(shelf);
  }
  return shelves;
}

/**
 * How long allocated bottles last once on the shelf, in open polls (15 minutes each, 45 a day):
 * Allocation mostly within 6 hours, otherwise by the next day; Limited and Barrel within 3 days.
 */
function sellOutPolls(r: Rng, listingType: string): number {
  if (listingType === 'Allocation') return r.chance(0.85) ? r.int(1, 24) : r.int(25, 90);
  return r.chance(0.7) ? r.int(4, 60) : r.int(61, 135);
}

interface AllocatedArrival {
  poll: number;
  dayIndex: number;
  quantity: number;
}

/** The simulator's seed (its default) whose classic world's arrival rules spread the demo's allocations. */
export const DEMO_WORLD_SEED = 42;
const MAX_STORES_A_DAY: Record<string, number> = { Barrel: 3 };
const ORDER_BOTTLES = 12;

/**
 * The polled stores as the simulator's arrival rules read them: number, retail index and truck habits (the demo's
 * own patterns, delivery-patterns.ts, which are the simulator's Wake patterns too). Addresses and the like are not
 * read by those rules and stay empty.
 */
function simStoresOf(stores: readonly PolledStore[]): SimStore[] {
  return stores.map((s, retailIndex) => ({
    boardId: WAKE_BOARD_ID,
    storeNumber: s.storeNumber,
    nickname: '',
    inventoryAddress: '',
    locatorAddress: '',
    city: '',
    zip: '',
    locatorZip: '',
    phone: '',
    hours: '',
    mixedBeverage: false,
    deliveryDay: s.deliveryDay,
    deliveryIntervalDays: s.intervalDays,
    alsoDeliveryDay: s.alsoOn ?? null,
    shiftedDays: s.shifted ?? false,
    retail: true,
    retailIndex,
    lat: 0,
    lng: 0,
    locatorId: 0,
  }));
}

/**
 * Wake's allocated arrivals in the window: each shipment placed by the simulator's classic rules (Ledger.place), each
 * share then shown at the store's first delivery of the demo's schedule on or after the simulator's day (the two
 * schedules agree but for the demo's skipped and moved trucks and fortnightly phases), at most 6 bottles of a
 * product per delivery and 6 stores (Barrel 3) per product and day, the rest riding the store's next delivery.
 */
function allocatedArrivals(t: Timeline, stores: readonly PolledStore[], deliveries: Map<number, Delivery[]>, products: ProductSeed[], wakeShipments: ShipmentRow[]): Map<string, AllocatedArrival[]> {
  const byPlu = new Map(products.map((p, i) => [p.plu, { p, i }]));
  const simStores = simStoresOf(stores);
  const ledger = new Ledger(DEMO_WORLD_SEED, WAKE_BOARD_ID, simStores);
  const lag = boardLagDays(DEMO_WORLD_SEED, WAKE_BOARD_ID, simStores.length);
  const placed: LedgerArrival[] = [];
  let serial = 0;
  for (const sh of [...wakeShipments].sort((a, b) => a.dayIndex - b.dayIndex || a.plu.localeCompare(b.plu))) {
    const found = byPlu.get(sh.plu);
    if (!found || !ALLOCATED_TYPES.includes(found.p.listingType)) continue;
    const day = t.startDay + sh.dayIndex; // the day of the extract that counts it
    const price = found.p.retailPrice === null ? null : Number(found.p.retailPrice);
    // The world's board orders are 6 or 12 bottles (world.ts boardOrders); a day's bigger total is several of them.
    for (let left = sh.units, k = 0; left > 0 && k < 64; k++) {
      const units = Math.min(left, ORDER_BOTTLES);
      left -= units;
      placed.push(
        ...ledger.place(
          { serial: serial++, boardId: WAKE_BOARD_ID, plu: sh.plu, listingType: found.p.listingType, price: Number.isFinite(price) ? price : null, tick: 0, shipDay: day, extractDay: day, units },
          found.i,
        ),
      );
    }
  }
  const arrivals = new Map<string, AllocatedArrival[]>(); // "storeId|plu"
  const perDay = new Map<string, Set<number>>(); // "plu|day" -> stores
  for (const a of placed.sort((x, y) => x.day - y.day || x.serial - y.serial)) {
    const store = stores[a.retailIndex];
    const list = deliveries.get(store.storeId) ?? [];
    const key = `${store.storeId}|${a.plu}`;
    const mine = arrivals.get(key) ?? [];
    const maxStores = MAX_STORES_A_DAY[byPlu.get(a.plu)!.p.listingType] ?? 6;
    let left = a.quantity;
    // The world's k-th delivery of the store from the board's ready day is the demo's k-th: the two schedules differ
    // for Random, shifted and fortnightly stores, and a date taken across would land a week off the store's pattern.
    const ready = a.extractDay + lag; // the world's max(S + lag, E + 1), S = E here
    const after = firstAtOrAfterDay(list, ready - t.startDay);
    for (let k = after + simDeliveriesBetween(simStores[a.retailIndex], ready, a.day); k < list.length && left > 0; k++) {
      const d = list[k];
      const onDay = perDay.get(`${a.plu}|${d.dayIndex}`) ?? new Set<number>();
      if (!onDay.has(store.storeId) && onDay.size >= maxStores) continue;
      const same = mine.find((x) => x.dayIndex === d.dayIndex);
      const q = Math.min(left, 6 - (same?.quantity ?? 0));
      if (q <= 0) continue;
      if (same) same.quantity += q;
      else mine.push({ poll: d.poll, dayIndex: d.dayIndex, quantity: q });
      perDay.set(`${a.plu}|${d.dayIndex}`, onDay.add(store.storeId));
      left -= q;
    }
    if (mine.length) arrivals.set(key, mine);
  }
  return arrivals;
}

/** The world's deliveries of a store on days from..until-1 (day numbers; bounded by the span, at most a few weeks). */
function simDeliveriesBetween(store: SimStore, from: number, until: number): number {
  let n = 0;
  for (let d = from; d < until; d++) if (isDeliveryDay(DEMO_WORLD_SEED, store, d)) n++;
  return n;
}

/** Index of the first delivery on or after a day index (deliveries sorted by poll, so by day). */
function firstAtOrAfterDay(list: readonly Delivery[], dayIndex: number): number {
  let k = 0;
  while (k < list.length && list[k].dayIndex < dayIndex) k++;
  return k;
}

export function generateStoreHistory(
  t: Timeline,
  stores: PolledStore[],
  products: ProductSeed[],
  wakeShipments: ShipmentRow[],
): StoreHistoryResult {
  const out: HistoryRow[] = [];
  const shelves: Shelf[] = [];
  const deliveries = new Map<number, Delivery[]>();
  for (const s of stores) deliveries.set(s.storeId, deliverySchedule(t, s));

  // Listed assortments.
  const pool = products.filter((p) => p.listingType === 'Listed' && p.retailPrice !== null && p.warehousePeak30d > 0);
  for (const s of stores) shelves.push(...simulateListed(t, s, pool, deliveries.get(s.storeId)!, out));

  // Allocated arrivals: the simulator's classic rules (allocatedArrivals).
  const byPlu = new Map(products.map((p) => [p.plu, p]));
  const arrivals = allocatedArrivals(t, stores, deliveries, products, wakeShipments);

  // A few allocated bottles already on shelves at the baseline poll (they sell within days).
  const baselineStock = new Map<string, number>();
  {
    const r = rng('baseline-allocated');
    const limited = products.filter((p) => p.listingType === 'Limited' || p.listingType === 'Allocation');
    for (let i = 0; i < 14 && limited.length && stores.length; i++) {
      baselineStock.set(`${r.pick(stores).storeId}|${r.pick(limited).plu}`, r.int(1, 3));
    }
  }

  const open = t.openPolls();
  const storeNumber = new Map(stores.map((s) => [s.storeId, s.storeNumber]));
  const keys = new Set([...arrivals.keys(), ...baselineStock.keys()]);
  for (const key of [...keys].sort()) {
    const [storeIdText, plu] = key.split('|');
    const p = byPlu.get(plu)!;
    const r = rng('sell-out', storeNumber.get(Number(storeIdText))!, plu);
    const shelf = new Shelf(Number(storeIdText), plu, out);
    shelf.baseline(baselineStock.get(key) ?? 0);
    const list = (arrivals.get(key) ?? []).sort((a, b) => a.poll - b.poll);
    const sellDown = (from: number, until: number) => {
      if (shelf.quantity <= 0) return;
      const duration = sellOutPolls(r, p.listingType);
      const steps = r.int(1, Math.min(shelf.quantity, 3));
      const offsets = new Set<number>([duration]);
      while (offsets.size < Math.min(steps, duration)) offsets.add(r.int(1, duration - 1));
      const sorted = [...offsets].sort((a, b) => a - b);
      const amounts = splitInteger(r, shelf.quantity, sorted.length);
      const start = firstAfter(open, from);
      sorted.forEach((offset, i) => {
        const poll = open[start + offset - 1];
        if (poll === undefined || poll > until) return;
        shelf.set(poll, Math.max(0, shelf.quantity - amounts[i]));
      });
    };
    sellDown(0, (list[0]?.poll ?? t.lastPoll + 1) - 1);
    list.forEach((a, i) => {
      shelf.set(a.poll, shelf.quantity + a.quantity);
      sellDown(a.poll, (list[i + 1]?.poll ?? t.lastPoll + 1) - 1);
    });
    shelves.push(shelf);
  }

  const inventory: InventoryRow[] = shelves
    .filter((s) => s.seen)
    .map((s) => ({ storeId: s.storeId, plu: s.plu, quantity: s.quantity, lastPoll: s.lastPoll }));
  return { history: out, inventory, deliveries };
}
