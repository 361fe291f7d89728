// A deterministic, evolving simulation of the public NC ABC system: Wake's 27 retail stores (store stock,
// deliveries, sales), the state warehouse (Total Available per product) and the shipments to the 173
// boards behind the daily shipments extract; and the retail shelves of the other boards whose inventory is
// public (Durham, Greensboro, New Hanover: board-stores.json), which evolve by the same rules (shelves.ts)
// from their own random streams. Shipments cause arrivals (arrivals.ts, issue 26): every allocated product
// a board orders lands on some of its stores' shelves days later, on their delivery days; the shelf boards'
// allocated arrivals are exactly those, and every other board's are kept as ground truth (arrivalsOn).
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
//   par, and the allocated bottles its board's earlier shipments put on that truck arrive (arrivals.ts).
// - 06:00..10:45 on a product's receipt day (weekdays): the warehouse receives it (Total Available rises).
// - 07:00..16:45 on weekdays: boards order; each order lowers Total Available and, for tracked products,
//   is a shipment to that board; an allocated one is planned onto the board's stores' coming deliveries.
// - 11:15: the shipments extract is regenerated (labelled 11:00..11:14:ss): NUMUNITS per (NC code, board)
//   is the total shipped over the last 16 extract periods (a period runs from one extract to the next),
//   so consecutive extracts differ by the day's new shipments minus those that aged out.
//
// Debuts (scheduleDebut, or seeded ones with the autoDebuts option) are processed at the same ticks but
// draw their randomness from stateless hashes, never from the world's stream: scheduling one changes
// nothing else in the world. A debut may only be scheduled before any of its effects (its warehouse
// appearance, its release) has been processed, so the state stays a function of (seed, start, scheduled
// debuts, now). Respellings (respell) and relabels (relabel) only change how pages print things.
import { CatalogLists } from './catalog-lists.ts';
import { DAY_MS, nyInstant, nyLocal, parseYmd, TICK_MS, weekOf, weekdayOf, ymd, nyDateTime } from './clock.ts';
import { GREENSBORO_LOCATIONS, loadSimDataset, simOtherBoard, type GreensboroLocationSpec, type SimDataset, type SimOtherBoard, type SimProduct, type SimStore } from './dataset.ts';
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
import { WAKE_BOARD_ID } from '../lib/reference/boards.ts';
import type { ListingTypeName } from '../lib/reference/products.ts';
import type { BoardStoreSeed } from '../lib/reference/reference.ts';
import { faultyExtract, type ExtractFault, type ExtractRecord, type ShipmentsExtract } from './extract-faults.ts';
import { cumulativeIndexOf, hash32, hashInt, hashUnit, Rng } from './random.ts';
import { allocatedSellP, BoardShelves, deliveryTick, isDeliveryDay, KEEP_DAYS, type DeliveryRecord, type LedgerArrival, type ShelfCounters } from './shelves.ts';
import { boardHabit, boardLagDays, Ledger, type BoardHabit, type WorldHabits } from './arrivals.ts';

export type { DebutInfo, DebutSpec, DebutStoreSpec, RelabelSpec } from './debuts.ts';
export type { ExtractFault } from './extract-faults.ts';
export type { DeliveryItem, DeliveryRecord } from './shelves.ts';
export type { BoardHabit, WorldHabits } from './arrivals.ts';
export type { LedgerArrival } from './shelves.ts';
export type { ExtractRecord, ShipmentsExtract } from './extract-faults.ts';

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
  /**
   * Stores of boards beyond the registry's whose shelves the world keeps too (a test's new board source, e.g.
   * Carteret's three stores), as board-stores.json writes them.
   */
  shelfBoardStores?: readonly BoardStoreSeed[];
  /**
   * How boards spread their shipments over their stores (arrivals.ts): 'classic' (default: the world of issues
   * 26–36) or 'varied' (issue 37: rotation lists, a Saturday drop, tiers, business-day lags, a state truck to
   * one-store boards 1–5 business days after the extract; README, Dynamics). Only the arrivals differ.
   */
  habits?: WorldHabits;
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
  // state: Wake's shelves first (always), then those of the other boards it reaches
  shelves: DebutShelf[];
  released: boolean;
  onReport: boolean;
  level: number;
}

interface DebutShelf {
  boardId: number;
  /** Bottles per retail store of the board (by retailIndex). */
  stock: Int16Array;
  /** Bottles on the board's shelves (the initial total is what the board was shipped). */
  total: number;
}

interface Relabel {
  label: string;
  from: number;
  classifyAt: number | null;
  classifyAs: string | null;
}

const AUTO_DEBUT_DAYS = 3;
/** Days between a new code in the price list and its stock at the state warehouse (sources.md §5: about a month). */
export const ANNOUNCE_LEAD_DAYS = 30;
/** Default warehouse lead of a debut: it shows on the report this long before its release tick. */
const DEBUT_WAREHOUSE_LEAD_MS = 6 * 3600_000;
const DEBUT_ORDER_P = 0.2;
const LISTING_TYPES: readonly string[] = ['Listed', 'Limited', 'Allocation', 'Barrel', 'Unknown'];

/** A shipment scheduled by a test (scheduleShipment). */
export interface ShipmentSpec {
  /** A 5-digit product code the pages know. */
  plu: string;
  /** A board id (any of the 173). */
  boardId: number;
  /** When it leaves the warehouse (rounded up to a 15-minute tick); after the simulated now. */
  at: Date | number | string;
  /** Bottles, 1..9999. */
  units: number;
  /**
   * The shipment lands on the board's stores' shelves like the world's own orders (arrivals.ts): an allocated
   * catalog product only. Default false: it only counts in the extract.
   */
  lands?: boolean;
}

export interface ScheduledShipment {
  plu: string;
  boardId: number;
  /** The tick it is shipped at (ISO). */
  at: string;
  units: number;
  /** The New York day of the first extract that counts it (YYYY-MM-DD). */
  extractDay: string;
}

/** One day's extract and what was served of it: the ground truth of which days were published, to whom. */
export interface ExtractDay {
  /** The extract's New York day (YYYY-MM-DD). */
  date: string;
  extractDatetime: string;
  records: number;
  /** Boards with records in the whole extract. */
  boardIds: number[];
  /** Whether a valid copy of it was served (a cut-off answer is not one). */
  published: boolean;
  /** Boards all of whose records were in a valid copy served. */
  publishedTo: number[];
}

export interface WarehouseReportData {
  dayNumber: number;
  /** The time the report's data is as of (epoch ms). */
  asOf: number;
  /** Total Available per product index, or null when the day has no data (yet). */
  levels: Int32Array | null;
}

export interface NextDelivery {
  /** The store's board (179 = Wake). */
  boardId: number;
  storeNumber: number;
  nickname: string;
  deliveryDay: string | null;
  intervalDays: number | null;
  /** A twice-weekly store's other weekday (else null). */
  alsoDeliveryDay: string | null;
  /** Its truck comes on shifted days (holidays, some weeks a day off its usual one). */
  shiftedDays: boolean;
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

export class SimWorld {
  readonly seed: number;
  readonly data: SimDataset;
  /** The Commission's price list and allocated and limited list as this world publishes them (issue 40). */
  readonly lists: CatalogLists;
  /** The boards' habits (SimWorldOptions.habits). */
  readonly habits: WorldHabits;
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

  // Wake's retail shelves (the world's stream), and each other board's (its own stream)
  private readonly wake: BoardShelves;
  private readonly otherShelves = new Map<number, BoardShelves>();
  /** The boards beyond Wake whose shelves the world keeps: the registry's, then shelfBoardStores'. */
  private readonly otherBoards: SimOtherBoard[];

  // warehouse, per product
  private readonly level: Int32Array;
  private readonly target: Int32Array;
  private readonly receiptWeekday: Uint8Array;
  private readonly receiptEvery: Uint8Array;
  private readonly receiptPhase: Uint8Array;
  private readonly ordersPerTick: Float64Array;
  private readonly orderUnit: Int32Array;
  private readonly orderMaxMult: Uint8Array;

  /** Per board with retail stores: the arrivals its shipments cause (shelf boards' shelves take theirs from it). */
  private readonly ledgers = new Map<number, Ledger>();
  /** Stores of the boards whose shelves the world does not keep (ground truth of arrivals only). */
  private readonly truthBoards = new Map<number, SimOtherBoard>();
  private shipmentSerial = 0;
  private receipts = new Map<number, number[]>();
  private readonly shipLog = new Map<number, Map<number, number>>();
  private readonly warehouseHistory = new Map<number, Int32Array>();
  private currentExtract: ShipmentsExtract | undefined;
  private previousExtract: ShipmentsExtract | undefined;
  /** Scheduled shipments by tick (scheduleShipment): stateless, like debuts. */
  private readonly scheduledShipments = new Map<number, { productIndex: number; boardIndex: number; units: number; lands: boolean }[]>();
  /** Per extract day: the board ids served whole in a valid copy (extractDays); days never served are absent. */
  private readonly servedExtracts = new Map<number, { extractDatetime: string; records: number; perBoard: Map<number, number>; publishedTo: Set<number> | null }>();

  // debuts, relabels, respellings
  private readonly autoDebutEvery: number;
  private readonly debutList: Debut[] = [];
  private readonly debutByPlu = new Map<string, Debut>();
  /** Delisted products: PLU → the tick from which no page shows them (delist()). */
  private readonly delistedAt = new Map<string, number>();
  /** Catalog product index → the debut that replaces it. */
  private readonly shadowed = new Map<number, Debut>();
  /** Per New York day: each debut's final Total Available (-1: not on the report). */
  private readonly debutHistory = new Map<number, Int32Array>();
  private readonly debutDeliveryLog = new Map<number, DeliveryRecord[]>();
  /** Every product the pages may show, in catalog (name) order; the catalog's own array until a debut. */
  private productList: SimProduct[];
  private readonly relabels = new Map<string, Relabel[]>();
  /** `${boardId}:${storeNumber}` → printed address. */
  private readonly respelled = new Map<string, string>();
  /** Locations Greensboro's storefront lists that the reference data does not know (addGreensboroLocation). */
  private readonly greensboroExtra = new Map<number, GreensboroLocationSpec>();

  constructor(options: SimWorldOptions = {}) {
    this.seed = (options.seed ?? 42) >>> 0;
    this.habits = options.habits ?? 'classic';
    if (this.habits !== 'classic' && this.habits !== 'varied') throw new RangeError(`simulator: habits must be 'classic' or 'varied', not ${String(this.habits)}`);
    this.data = loadSimDataset();
    this.lists = new CatalogLists(this.data, (nowMs) => this.announcedDebuts(nowMs));
    this.productList = this.data.products;
    const auto = options.autoDebuts;
    this.autoDebutEvery = !auto ? 0 : Math.max(1, Math.floor((auto === true ? undefined : auto.everyDays) ?? AUTO_DEBUT_DAYS));
    this.rng = new Rng(hash32(this.seed, 'world'));
    const startMs = toMs(options.start ?? Date.now());
    const historyDays = Math.max(0, Math.floor(options.historyDays ?? 17));
    const begin = startMs - historyDays * DAY_MS;

    const d = this.data;
    this.wake = new BoardShelves(d, this.seed, WAKE_BOARD_ID, d.retailStores, this.rng, this.counters);
    // The other boards draw from their own streams: Wake's world is the same with or without them.
    const extraIds = [...new Set((options.shelfBoardStores ?? []).map((s) => s.board_id))].filter((id) => !d.otherBoards.some((b) => b.board.id === id));
    this.otherBoards = [...d.otherBoards, ...extraIds.map((id) => simOtherBoard(d.boards, id, options.shelfBoardStores!))];
    for (const other of this.otherBoards) {
      const id = other.board.id;
      const counters = { deliveries: 0, deliveredBottles: 0, allocatedArrivals: 0, bottlesSold: 0 };
      this.otherShelves.set(id, new BoardShelves(d, this.seed, id, other.retailStores, new Rng(hash32(this.seed, 'boards', id)), counters));
      this.ledgers.set(id, new Ledger(this.seed, id, other.retailStores, true, boardHabit(this.habits, this.seed, id, other.retailStores.length, true)));
    }
    this.ledgers.set(WAKE_BOARD_ID, new Ledger(this.seed, WAKE_BOARD_ID, d.retailStores, true, boardHabit(this.habits, this.seed, WAKE_BOARD_ID, d.retailStores.length, true)));
    for (const truth of d.truthBoards) {
      if (this.ledgers.has(truth.board.id)) continue;
      this.truthBoards.set(truth.board.id, truth);
      const habit = boardHabit(this.habits, this.seed, truth.board.id, truth.retailStores.length, false);
      this.ledgers.set(truth.board.id, new Ledger(this.seed, truth.board.id, truth.retailStores, false, habit));
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

  /** Whether a store (of any board) gets a delivery on that New York day. */
  isDeliveryDay(store: SimStore, dayNumber: number): boolean {
    return isDeliveryDay(this.seed, store, dayNumber);
  }

  /** The tick (10:00..13:00 New York) at which a store's delivery on that day shows. */
  deliveryTick(store: SimStore, dayNumber: number): number {
    return deliveryTick(this.seed, store, dayNumber);
  }

  /**
   * The next delivery (strictly after now) of each store of a board (default Wake: its 28 stores); null for
   * stores without deliveries (the mixed-beverage outlets).
   */
  nextDeliveries(boardId: number = WAKE_BOARD_ID): NextDelivery[] {
    const shelves = this.shelvesOf(boardId);
    const today = nyLocal(this.nowMs).dayNumber;
    return this.storesOf(boardId).map((store) => {
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
      const last = store.retail ? shelves.lastDelivery(store.retailIndex) : NaN;
      return {
        boardId,
        storeNumber: store.storeNumber,
        nickname: store.nickname,
        deliveryDay: store.deliveryDay,
        intervalDays: store.deliveryIntervalDays,
        alsoDeliveryDay: store.alsoDeliveryDay,
        shiftedDays: store.shiftedDays,
        at,
        last: Number.isFinite(last) ? new Date(last) : null,
      };
    });
  }

  /** The boards whose store shelves the world keeps: Wake (179) first, then the registry's others and any shelfBoardStores'. */
  shelfBoardIds(): number[] {
    return [WAKE_BOARD_ID, ...this.otherShelves.keys()];
  }

  /** Every store of a board (retail stores and outlets), by store number. Throws for a board without shelves. */
  storesOf(boardId: number): readonly SimStore[] {
    if (boardId === WAKE_BOARD_ID) return this.data.stores;
    const other = this.otherBoards.find((b) => b.board.id === boardId);
    if (!other) throw new RangeError(`simulator: no shelves for board ${boardId} (one of ${this.shelfBoardIds().join(', ')})`);
    return other.stores;
  }

  /** The retail stores of a board (the ones with a public shelf). */
  retailStoresOf(boardId: number): readonly SimStore[] {
    return this.shelvesOf(boardId).stores;
  }

  /** What a board's shelves counted (for Wake: `counters`). */
  shelfCounters(boardId: number): Readonly<ShelfCounters> {
    return this.shelvesOf(boardId).counters;
  }

  private shelvesOf(boardId: number): BoardShelves {
    if (boardId === WAKE_BOARD_ID) return this.wake;
    const shelves = this.otherShelves.get(boardId);
    if (!shelves) throw new RangeError(`simulator: no shelves for board ${boardId} (one of ${this.shelfBoardIds().join(', ')})`);
    return shelves;
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
    const selling = wd !== 0 && m > OPEN_MIN && m <= CLOSE_MIN;
    if (selling) this.wake.sell();
    this.wake.deliverAt(t, local.dayNumber);
    for (const shelves of this.otherShelves.values()) {
      if (selling) shelves.sell();
      shelves.deliverAt(t, local.dayNumber);
    }
    const receiving = this.receipts.get(t);
    if (receiving) for (const i of receiving) this.receive(i);
    // Shipments after today's extract count towards tomorrow's.
    const period = m >= EXTRACT_MIN ? local.dayNumber + 1 : local.dayNumber;
    if (wd >= 1 && wd <= 5 && m >= ORDER_START_MIN && m < ORDER_END_MIN) this.boardOrders(period, t);
    for (const s of this.scheduledShipments.get(t) ?? []) {
      this.logShipment(period, s.productIndex, s.boardIndex, s.units);
      if (s.lands) this.land(s.productIndex, s.boardIndex, s.units, t, period);
    }
    this.scheduledShipments.delete(t);
    if (this.debutList.length) this.debutTick(t, local.dayNumber, m, wd, period);
    this.counters.ticks++;
    this.version++;
  }

  private startDay(day: number, rollover: boolean): void {
    if (rollover) {
      this.warehouseHistory.set(this.currentDay, this.level.slice());
      for (const k of this.warehouseHistory.keys()) if (k < day - KEEP_DAYS) this.warehouseHistory.delete(k);
      this.wake.prune(day);
      for (const shelves of this.otherShelves.values()) shelves.prune(day);
      if (this.debutList.length) {
        this.debutHistory.set(this.currentDay, Int32Array.from(this.debutList, (d) => (d.onReport ? d.level : -1)));
        for (const k of this.debutHistory.keys()) if (k < day - KEEP_DAYS) this.debutHistory.delete(k);
        for (const k of this.debutDeliveryLog.keys()) if (k < day - KEEP_DAYS) this.debutDeliveryLog.delete(k);
      }
      for (const k of this.shipLog.keys()) if (k < day - WINDOW_DAYS - 2) this.shipLog.delete(k);
    }
    const d = this.data;
    const wd = weekdayOf(day);

    // Store deliveries, each with the allocated bottles earlier shipments put on its truck (arrivals.ts).
    this.wake.planDay(day, this.ledgers.get(WAKE_BOARD_ID)!.on(day));
    for (const [id, shelves] of this.otherShelves) shelves.planDay(day, this.ledgers.get(id)!.on(day));
    if (rollover) for (const ledger of this.ledgers.values()) ledger.prune(day - KEEP_DAYS);

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

  private boardOrders(period: number, tick: number): void {
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
        if (p.kind === 'listed') continue;
        const board = rng.cumulativeIndex(d.boardCumulative);
        this.logShipment(period, i, board, units);
        if (p.kind === 'allocated') this.land(i, board, units, tick, period);
      }
    }
  }

  /** An allocated product shipped to a board lands on some of its stores' shelves (arrivals.ts). */
  private land(productIndex: number, boardIndex: number, units: number, tick: number, period: number): void {
    const board = this.data.boards[boardIndex];
    const ledger = this.ledgers.get(board.id);
    if (!ledger) return; // a board without a known retail store
    const p = this.productAt(productIndex);
    const price = p.retailPrice === null ? null : Number(p.retailPrice);
    ledger.place(
      {
        serial: this.shipmentSerial++,
        boardId: board.id,
        plu: p.plu,
        listingType: p.listingType,
        price: Number.isFinite(price) ? price : null,
        tick,
        shipDay: nyLocal(tick).dayNumber,
        extractDay: period,
        units,
      },
      productIndex,
    );
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
    this.previousExtract = this.currentExtract;
    this.currentExtract = { generatedAt: at, extractDatetime: label, dayNumber: day, records };
    this.counters.extracts++;
  }

  // ---------------------------------------------------------------------------------------------
  // Shipments scheduled by tests, faulty extracts and what was served

  /**
   * Schedules a shipment of `units` bottles of a product to a board at a tick after now: it counts in the
   * extract of its period like any other (and in shippedUnits). Stateless, like debuts: it takes nothing
   * from the world's random stream or the warehouse, so nothing else changes. Throws a RangeError for a bad spec.
   */
  scheduleShipment(spec: ShipmentSpec): ScheduledShipment {
    const plu = String(spec?.plu ?? '').replace(/-/g, '').trim();
    const bad = (why: string) => new RangeError(`simulator: shipment: ${why}`);
    const product = this.product(plu);
    if (!product) throw bad(`no product ${String(spec?.plu)}`);
    const board = this.data.boards.find((b) => b.id === Number(spec.boardId));
    if (!board) throw bad(`no board ${String(spec.boardId)}`);
    const units = Number(spec.units);
    if (!(Number.isInteger(units) && units >= 1 && units <= 9999)) throw bad('units must be a whole number 1..9999');
    const at = tickAtOrAfter(toMs(spec.at));
    if (!(at > this.lastTick)) throw bad(`at must be after the simulated now (${new Date(this.nowMs).toISOString()})`);
    const lands = spec.lands === true;
    if (lands && (product.kind !== 'allocated' || product.tracked < 0 || this.debutOf(product))) throw bad(`only an allocated catalog product lands on shelves (${plu} is not one)`);
    const list = this.scheduledShipments.get(at) ?? [];
    list.push({ productIndex: product.index, boardIndex: board.index, units, lands });
    this.scheduledShipments.set(at, list);
    const local = nyLocal(at);
    const period = local.minuteOfDay >= EXTRACT_MIN ? local.dayNumber + 1 : local.dayNumber;
    return { plu, boardId: board.id, at: new Date(at).toISOString(), units, extractDay: ymd(period) };
  }

  /**
   * The extract a request gets (the latest, or as a fault makes it) and records it: `valid` false for an
   * answer cut off in transit, which publishes nothing.
   */
  serveExtract(fault?: ExtractFault, valid = true): ShipmentsExtract {
    const current = this.extract();
    const served = fault ? faultyExtract(this.seed, current, this.previousExtract, fault) : current;
    let entry = this.servedExtracts.get(served.dayNumber);
    if (!entry) {
      const whole = [this.currentExtract, this.previousExtract].find((e) => e?.dayNumber === served.dayNumber) ?? served;
      entry = { extractDatetime: whole.extractDatetime, records: whole.records.length, perBoard: recordsPerBoard(whole), publishedTo: null };
      this.servedExtracts.set(served.dayNumber, entry);
    }
    if (valid) {
      const got = recordsPerBoard(served);
      entry.publishedTo ??= new Set();
      for (const [id, n] of entry.perBoard) if (got.get(id) === n) entry.publishedTo.add(id);
    }
    return served;
  }

  /** Every extract day served so far, oldest first: whether it was published, and to which boards whole. */
  extractDays(): ExtractDay[] {
    return [...this.servedExtracts]
      .sort((a, b) => a[0] - b[0])
      .map(([day, { extractDatetime, records, perBoard, publishedTo }]) => ({
        date: ymd(day),
        extractDatetime,
        records,
        boardIds: [...perBoard.keys()].sort((a, b) => a - b),
        published: publishedTo !== null,
        publishedTo: [...(publishedTo ?? [])].sort((a, b) => a - b),
      }));
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
    const seen = new Set<string>();
    const shelves: DebutShelf[] = [{ boardId: WAKE_BOARD_ID, stock: new Int16Array(this.data.retailStores.length), total: 0 }];
    for (const entry of spec.stores) {
      const storeNumber = Number(entry?.storeNumber);
      const quantity = Number(entry?.quantity);
      const boardId = entry?.boardId === undefined || entry?.boardId === null ? WAKE_BOARD_ID : Number(entry.boardId);
      const wake = boardId === WAKE_BOARD_ID;
      const board = wake ? this.data.wakeBoard : this.otherBoards.find((b) => b.board.id === boardId)?.board;
      if (!board) throw bad(`board ${String(entry?.boardId)} has no shelves here (one of ${this.shelfBoardIds().join(', ')})`);
      const store = this.storesOf(boardId).find((s) => s.storeNumber === storeNumber);
      if (!store || !store.retail) throw bad(`store ${String(entry?.storeNumber)} is not a ${wake ? 'Wake' : board.name} retail store`);
      const where = wake ? `store ${storeNumber}` : `board ${boardId} store ${storeNumber}`;
      if (seen.has(where)) throw bad(`${where} listed twice`);
      if (!(Number.isInteger(quantity) && quantity >= 1 && quantity <= 999)) throw bad(`quantity at ${where} must be 1..999`);
      seen.add(where);
      stores.push(wake ? { storeNumber, quantity } : { boardId, storeNumber, quantity });
      let shelf = shelves.find((x) => x.boardId === boardId);
      if (!shelf) shelves.push((shelf = { boardId, stock: new Int16Array(this.retailStoresOf(boardId).length), total: 0 }));
      shelf.total += quantity;
    }
    const allStores = stores.reduce((sum, s) => sum + s.quantity, 0);
    const warehouseUnits = spec.warehouseUnits ?? allStores + 20 * bottlesPerCase;
    if (!(Number.isInteger(warehouseUnits) && warehouseUnits >= 0)) throw bad('warehouseUnits must be a whole number >= 0');
    const classifyAt = spec.classifyAt ?? null;
    const classifyAs = classifyAt === null ? null : (spec.classifyAs ?? 'Allocation');
    const sellP = spec.sellPerTick ?? allocatedSellP(classifyAs) ?? 0.2;
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
      shelves,
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
    const selling = weekday !== 0 && minuteOfDay > OPEN_MIN && minuteOfDay <= CLOSE_MIN;
    const ordering = weekday >= 1 && weekday <= 5 && minuteOfDay >= ORDER_START_MIN && minuteOfDay < ORDER_END_MIN;
    for (const d of this.debutList) {
      const plu = d.product.plu;
      if (selling && d.released && d.sellP > 0) {
        for (const shelf of d.shelves) {
          if (shelf.total <= 0) continue;
          // Wake's bottles keep their original hash keys; the other boards' add theirs.
          const key = shelf.boardId === WAKE_BOARD_ID ? [] : ['board', shelf.boardId];
          const counters = this.shelvesOf(shelf.boardId).counters;
          for (let s = 0; s < shelf.stock.length; s++) {
            const q = shelf.stock[s];
            if (q <= 0) continue;
            let left = q;
            for (let b = 0; b < q; b++) if (hashUnit(this.seed, 'debut-sell', plu, ...key, s, t, b) < d.sellP) left--;
            shelf.stock[s] = left;
            shelf.total -= q - left;
            counters.bottlesSold += q - left;
          }
        }
      }
      if (t === d.warehouseFromTick) d.onReport = true;
      if (t === d.releaseTick) this.releaseDebut(d, t, day, period);
      if (ordering && t > d.releaseTick && d.level > 0 && hashUnit(this.seed, 'debut-order', plu, t) < DEBUT_ORDER_P) {
        const units = Math.min(d.level, d.product.bottlesPerCase * hashInt(1, 2, this.seed, 'debut-order-units', plu, t));
        const board = cumulativeIndexOf(this.data.boardCumulative, hashUnit(this.seed, 'debut-order-board', plu, t));
        // A debut lands only where it was released; the boards whose shelves the world keeps do not reorder it.
        if (this.otherShelves.has(this.data.boards[board].id) || this.data.boards[board].id === WAKE_BOARD_ID) continue;
        d.level -= units;
        this.logShipment(period, d.product.index, board, units);
        this.counters.boardOrders++;
      }
    }
  }

  private releaseDebut(d: Debut, t: number, day: number, period: number): void {
    d.released = true;
    const label = this.debutLabel(d, t);
    const log = this.debutDeliveryLog.get(day) ?? [];
    this.debutDeliveryLog.set(day, log);
    for (const { storeNumber, quantity, boardId = WAKE_BOARD_ID } of d.stores) {
      const store = this.retailStoresOf(boardId).find((s) => s.storeNumber === storeNumber)!;
      const shelf = d.shelves.find((x) => x.boardId === boardId)!;
      const before = shelf.stock[store.retailIndex];
      shelf.stock[store.retailIndex] = before + quantity;
      log.push({
        boardId,
        storeNumber,
        nickname: store.nickname,
        date: ymd(day),
        at: new Date(t),
        items: [{ plu: d.product.plu, name: d.product.name, listingType: label, quantity, before, after: before + quantity }],
      });
      const counters = this.shelvesOf(boardId).counters;
      counters.allocatedArrivals++;
      counters.deliveredBottles += quantity;
    }
    // Each board's bottles leave the warehouse as a shipment to that board (Wake's first).
    for (const shelf of d.shelves) {
      if (shelf.total <= 0) continue;
      const board = shelf.boardId === WAKE_BOARD_ID ? this.data.wakeBoard : this.otherBoards.find((b) => b.board.id === shelf.boardId)!.board;
      this.logShipment(period, d.product.index, board.index, shelf.total);
      d.level = Math.max(0, d.level - shelf.total);
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

  /**
   * The debuts the Commission's price list has announced by `nowMs` (issue 40): a new code is published about a month
   * before it reaches the state warehouse (ANNOUNCE_LEAD_DAYS), so the list names every scheduled debut from then, and
   * the automatic debuts of the coming weeks, planned here from the seed as the world will plan them the day before.
   * Each with when it was announced, its planned listing type and when it reaches the warehouse.
   */
  announcedDebuts(nowMs: number): { plu: string; name: string; retailPrice: number | null; sizeMl: number; listingType: string | null; announcedAt: number; warehouseFrom: number }[] {
    const lead = ANNOUNCE_LEAD_DAYS * DAY_MS;
    const out: ReturnType<SimWorld['announcedDebuts']> = [];
    const seen = new Set<string>();
    const add = (d: { plu: string; name: string; retailPrice: number | string | null; sizeMl: number; classifyAs?: string | null; listingTypeLabel: string; warehouseFrom: number }) => {
      if (seen.has(d.plu) || d.warehouseFrom - lead > nowMs) return;
      seen.add(d.plu);
      out.push({
        plu: d.plu,
        name: d.name,
        retailPrice: d.retailPrice === null ? null : Number(d.retailPrice),
        sizeMl: d.sizeMl,
        listingType: d.classifyAs ?? (d.listingTypeLabel || null),
        announcedAt: d.warehouseFrom - lead,
        warehouseFrom: d.warehouseFrom,
      });
    };
    for (const d of this.debutList) {
      add({ plu: d.product.plu, name: d.product.name, retailPrice: d.product.retailPrice, sizeMl: d.product.sizeMl, classifyAs: d.classifyAs, listingTypeLabel: d.label, warehouseFrom: d.warehouseFromTick });
    }
    if (this.autoDebutEvery) {
      const today = nyLocal(nowMs).dayNumber;
      for (let day = today + 1; day <= today + ANNOUNCE_LEAD_DAYS + 1; day++) {
        if (!isAutoDebutDay(this.seed, this.autoDebutEvery, day)) continue;
        const plan = autoDebutPlan(this.seed, day, this.data, (plu) => this.debutByPlu.has(plu));
        if (!this.debutByPlu.has(plan.plu)) add(plan);
      }
    }
    return out;
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
  /** The product behind a ledger arrival's `productIndex` (a catalog product or a debut). */
  productOf(index: number): SimProduct {
    return this.productAt(index);
  }

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
   * The board's pages print a retail store's address as `address` ("street, city, NC zip"; the part before
   * the first comma is the street line) until cleared with null: Wake's search (the default board),
   * Durham's product pages, ABC/GO's details rows, Greensboro's locator (address1). Stock and ground truth
   * are unchanged. See EXAMPLE_RESPELLING for one no conservative matcher recognises.
   */
  respell(storeNumber: number, address: string | null, boardId: number = WAKE_BOARD_ID): void {
    const wake = boardId === WAKE_BOARD_ID;
    const store = wake || this.otherShelves.has(boardId) ? this.storesOf(boardId).find((s) => s.storeNumber === storeNumber) : undefined;
    if (!store || !store.retail) throw new RangeError(`simulator: respell: ${storeNumber} is not a ${wake ? 'Wake' : `board ${boardId}`} retail store`);
    const key = `${boardId}:${storeNumber}`;
    if (address === null) {
      this.respelled.delete(key);
      return;
    }
    if (typeof address !== 'string' || !address.trim()) throw new RangeError('simulator: respell: address must be a non-empty string or null');
    this.respelled.set(key, address.trim());
  }

  /** Current respellings of a board (default Wake): store number → printed address. */
  respellings(boardId: number = WAKE_BOARD_ID): Map<number, string> {
    const prefix = `${boardId}:`;
    return new Map([...this.respelled].filter(([key]) => key.startsWith(prefix)).map(([key, address]) => [Number(key.slice(prefix.length)), address]));
  }

  /** The address a board's inventory prints for a store now. */
  printedAddress(store: SimStore): string {
    return this.respelled.get(`${store.boardId}:${store.storeNumber}`) ?? store.inventoryAddress;
  }

  /**
   * Greensboro's storefront lists a location the reference data does not know (a store opened since, e.g.
   * `{ internalid: 125, name: 'Store 19', address1: '4712 Hicone Road', city: 'Greensboro' }`): in its
   * locator and, with a few bottles of some products, in every item: each Greensboro answer is then
   * partial (an unmatched line). Presentation only; an id the storefront already lists is refused.
   */
  addGreensboroLocation(location: GreensboroLocationSpec): void {
    const internalid = Number(location?.internalid);
    if (!Number.isInteger(internalid) || internalid <= 0) throw new RangeError('simulator: addGreensboroLocation: internalid must be a positive integer');
    if (GREENSBORO_LOCATIONS.some((l) => l.internalid === internalid)) throw new RangeError(`simulator: addGreensboroLocation: location ${internalid} is already listed`);
    const text = (value: unknown, what: string) => {
      if (typeof value !== 'string' || !value.trim()) throw new RangeError(`simulator: addGreensboroLocation: ${what} must be a non-empty string`);
      return value.trim();
    };
    this.greensboroExtra.set(internalid, { internalid, name: text(location.name, 'name'), address1: text(location.address1, 'address1'), city: text(location.city, 'city') });
  }

  /** Removes a location added with addGreensboroLocation (false when there was none). */
  removeGreensboroLocation(internalid: number): boolean {
    return this.greensboroExtra.delete(internalid);
  }

  /** The locations added with addGreensboroLocation, by id. */
  greensboroExtraLocations(): GreensboroLocationSpec[] {
    return [...this.greensboroExtra.values()].sort((a, b) => a.internalid - b.internalid);
  }

  /** Whether a store's address is respelled now. */
  isRespelled(store: SimStore): boolean {
    return this.respelled.has(`${store.boardId}:${store.storeNumber}`);
  }

  // ---------------------------------------------------------------------------------------------
  // Queries

  /** Deliveries that have happened on a New York date (YYYY-MM-DD) at a board's stores (default Wake), in tick order. */
  deliveriesOn(dateYmd: string, boardId: number = WAKE_BOARD_ID): DeliveryRecord[] {
    const day = parseYmd(dateYmd);
    if (day === undefined) throw new RangeError(`simulator: bad date ${dateYmd}`);
    const base = this.shelvesOf(boardId).deliveriesOn(day);
    if (this.debutList.length === 0) return [...base].sort((a, b) => a.at.getTime() - b.at.getTime() || a.storeNumber - b.storeNumber);
    // Catalog products replaced by a debut leave the log (the debut's own arrivals are that PLU now).
    const hidden = new Set([...this.shadowed.values()].map((d) => d.product.plu));
    const records = base.map((r) => (hidden.size && r.items.some((i) => hidden.has(i.plu)) ? { ...r, items: r.items.filter((i) => !hidden.has(i.plu)) } : r));
    for (const extra of this.debutDeliveryLog.get(day) ?? []) {
      if (extra.boardId !== boardId) continue;
      const k = records.findIndex((r) => r.storeNumber === extra.storeNumber && r.at.getTime() === extra.at.getTime());
      if (k >= 0) records[k] = { ...records[k], items: [...records[k].items, ...extra.items] };
      else records.push(extra);
    }
    return records.sort((a, b) => a.at.getTime() - b.at.getTime() || a.storeNumber - b.storeNumber);
  }

  /**
   * Ground truth of shipments causing arrivals (arrivals.ts): what the board's shipments put on its stores'
   * shelves on a New York date (YYYY-MM-DD), every board when `boardId` is omitted. For a shelf board these are
   * the allocated items of deliveriesOn; for the others nothing else happens at their stores. Kept KEEP_DAYS;
   * future days list what is planned so far.
   */
  arrivalsOn(dateYmd: string, boardId?: number): LedgerArrival[] {
    const day = parseYmd(dateYmd);
    if (day === undefined) throw new RangeError(`simulator: bad date ${dateYmd}`);
    if (boardId !== undefined) {
      const ledger = this.ledgers.get(boardId);
      if (!ledger) throw new RangeError(`simulator: board ${boardId} has no retail store`);
      return [...ledger.on(day)];
    }
    return [...this.ledgers.values()].flatMap((l) => l.on(day));
  }

  /** A board's habit in this world (arrivals.ts boardHabit; null: the classic way). Throws for a board without a retail store. */
  boardHabit(boardId: number): BoardHabit | null {
    const ledger = this.ledgers.get(boardId);
    if (!ledger) throw new RangeError(`simulator: board ${boardId} has no retail store`);
    return ledger.habit;
  }

  /** Days a board's warehouse takes before sending a shipment on (arrivals.ts), before late trucks. */
  boardLagDays(boardId: number): number {
    return boardLagDays(this.seed, boardId, this.retailStoresOfAnyBoard(boardId).length);
  }

  /** The retail stores of any board with one (shelf boards' and the ground-truth-only boards'), by retail index. */
  retailStoresOfAnyBoard(boardId: number): readonly SimStore[] {
    return this.truthBoards.get(boardId)?.retailStores ?? this.retailStoresOf(boardId);
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

  /** The last delivery tick of a retail store of any board (NaN: none yet, or not a retail store). */
  lastDeliveryOf(store: SimStore): number {
    return store.retail ? this.shelvesOf(store.boardId).lastDelivery(store.retailIndex) : NaN;
  }

  /** Shelf stock of one product at one store of any board (0 for outlets, which no inventory shows). */
  quantityAt(store: SimStore, p: SimProduct): number {
    if (!store.retail) return 0;
    const d = this.debutOf(p);
    if (d) return d.shelves.find((x) => x.boardId === store.boardId)?.stock[store.retailIndex] ?? 0;
    return this.shelvesOf(store.boardId).quantity(store.retailIndex, p);
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

  /**
   * Whether the inventories find the product now (false for a debut before its release tick). The same
   * for every board: a released debut is known everywhere, on shelves only where it was delivered.
   */
  onWake(p: SimProduct): boolean {
    const gone = this.delistedAt.get(p.plu);
    if (gone !== undefined && this.nowMs >= gone) return false;
    const d = this.debutOf(p);
    return !d || d.released;
  }

  /**
   * Delists a product from every board from `at` (a tick at or after it, after the simulated now): no
   * search finds it any more (Wake's "nothing matched", Durham's "Product Not Found", Greensboro's search
   * without it, gone from ABC/GO's search) and ABC/GO's details list no store. The truth (stockOf,
   * boardStockOf) is what the pages show: nothing. Printing only: the shelves' dynamics do not change.
   */
  delist(plu: string, at: Date | number | string): void {
    const code = String(plu).replace(/-/g, '').trim();
    if (!this.product(code)) throw new RangeError(`simulator: no product ${plu}`);
    if (this.delistedAt.has(code)) throw new RangeError(`simulator: ${code} is already delisted`);
    const tick = tickAtOrAfter(toMs(at));
    if (tick <= this.lastTick) throw new RangeError(`simulator: delist ${code}: at must be after the simulated now (${new Date(this.nowMs).toISOString()})`);
    this.delistedAt.set(code, tick);
  }

  /**
   * What a retail store's next delivery (nextDeliveries) is sure to bring, known before it shows: every
   * untracked Listed product the store carries below par now comes back to its par, a closed form with no
   * random draw (tracked Listed products come back by a draw at the delivery, allocated ones by the plan
   * drawn at midnight). Products a debut replaces and products the pages do not show now are left out.
   */
  sureRestocks(boardId: number, storeNumber: number): { plu: string; shelf: number; par: number }[] {
    const store = this.retailStoresOf(boardId).find((s) => s.storeNumber === storeNumber);
    if (!store) throw new RangeError(`simulator: board ${boardId} has no retail store ${storeNumber}`);
    return this.shelvesOf(boardId)
      .belowParUntracked(store.retailIndex)
      .filter(({ product }) => !this.debutOf(product) && this.onWake(product))
      .map(({ product, shelf, par }) => ({ plu: product.plu, shelf, par }));
  }

  /** Delisted products and the instant each left the pages. */
  delistings(): Map<string, Date> {
    return new Map([...this.delistedAt].map(([plu, at]) => [plu, new Date(at)]));
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

  /**
   * Ground truth of any board with shelves: store number (board-stores.json's, or Wake's) → bottles of a PLU
   * now, only the stores holding some (nothing while the product is not findable). For Wake (179) it is
   * stockOf itself (its 27 retail stores, zeros included). Throws for an unknown PLU or board.
   */
  boardStockOf(boardId: number, plu: string): Map<number, number> {
    if (boardId === WAKE_BOARD_ID) return this.stockOf(plu);
    const stores = this.retailStoresOf(boardId);
    const p = this.product(plu);
    if (!p) throw new RangeError(`simulator: no product ${plu}`);
    const out = new Map<number, number>();
    if (!this.onWake(p)) return out;
    for (const store of stores) {
      const q = this.quantityAt(store, p);
      if (q > 0) out.set(store.storeNumber, q);
    }
    return out;
  }

  /** boardStockOf for several PLUs (default: every product findable now); for Wake, stockSnapshot. */
  boardStockSnapshot(boardId: number, plus?: readonly string[]): StockSnapshot {
    if (boardId === WAKE_BOARD_ID) return this.stockSnapshot(plus);
    const out: StockSnapshot = new Map();
    if (plus) for (const plu of plus) out.set(plu.replace(/-/g, ''), this.boardStockOf(boardId, plu));
    else for (const p of this.productList) if (this.onWake(p)) out.set(p.plu, this.boardStockOf(boardId, p.plu));
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
  /** Units shipped to a board (by id) per product code in the extract periods of New York days [from, to] (YYYY-MM-DD). */
  shippedTo(boardId: number, from: string, to: string): Map<string, number> {
    const b = this.data.boards.find((x) => x.id === boardId);
    const out = new Map<string, number>();
    if (!b) return out;
    const [first, last] = [parseYmd(from), parseYmd(to)];
    if (first === undefined || last === undefined) throw new RangeError('simulator: shippedTo takes YYYY-MM-DD days');
    for (let k = first; k <= last; k++) {
      for (const [key, units] of this.shipLog.get(k) ?? []) {
        if (key % 256 !== b.index) continue;
        const plu = this.productAt(Math.floor(key / 256)).plu;
        out.set(plu, (out.get(plu) ?? 0) + units);
      }
    }
    return out;
  }

}

function recordsPerBoard(extract: ShipmentsExtract): Map<number, number> {
  const counts = new Map<number, number>();
  for (const r of extract.records) counts.set(r.board.id, (counts.get(r.board.id) ?? 0) + 1);
  return counts;
}
