// The simulator's static reference data: the product catalog, the 173 boards, Wake's 28 stores and the
// stores of Durham, Greensboro and New Hanover, read from the committed seed files in prisma/seed-data
// (through lib/reference/reference.ts and its CSV reader), plus the derived facts the pages print (sizes,
// cases per pallet, which products get per-store stock, the other boards' delivery days).
import { DURHAM_BOARD_ID, GREENSBORO_BOARD_ID, NEW_HANOVER_BOARD_ID, WAKE_BOARD_ID } from '../lib/reference/boards.ts';
import { loadBoardSources } from '../lib/reference/board-sources.ts';
import { loadReferenceData, type BoardStoreSeed, type WakeStoreSeed } from '../lib/reference/reference.ts';
import type { ListingTypeName } from '../lib/reference/products.ts';
import { hashInt } from './random.ts';
import { WAKE_DEMO_DELIVERIES } from './delivery-patterns.ts';

export type SimKind = 'allocated' | 'listed-tracked' | 'listed';

export interface SimProduct {
  index: number;
  plu: string;
  name: string;
  nameLower: string;
  listingType: ListingTypeName;
  retailPrice: string | null;
  supplier: string | null;
  broker: string | null;
  sizeMl: number;
  bottlesPerCase: number;
  casesPerPallet: number;
  warehousePeak30d: number;
  warehouseCurrent: number;
  /** Shipments extract item_id. */
  itemId: number;
  kind: SimKind;
  /** Index among the tracked products (allocated + tracked Listed) or -1. */
  tracked: number;
}

export interface SimStore {
  /** The store's board: Wake (179) or another board of the registry (board-sources.json), or a test's shelfBoardStores. */
  boardId: number;
  /** Our number within the board (board-stores.json's store_number for the other boards). */
  storeNumber: number;
  nickname: string;
  /**
   * The address exactly as the board's inventory prints it: Wake's search ("7200 Sandy Fork Rd., Raleigh,
   * NC 27609"); for the other boards board-stores.json's address ("1928 Holloway St, Durham, NC 27703").
   */
  inventoryAddress: string;
  /** The store locator's spelling of the street line (Greensboro: its storefront locator's address1). */
  locatorAddress: string;
  city: string;
  zip: string;
  locatorZip: string;
  phone: string;
  hours: string;
  mixedBeverage: boolean;
  /** 'Monday'..'Friday', 'Random' or null (no deliveries); a twice-weekly store's first weekday. */
  deliveryDay: string | null;
  deliveryIntervalDays: number | null;
  /** A twice-weekly store: the truck's other weekday ('Monday'..'Friday'), every week; else null. */
  alsoDeliveryDay: string | null;
  /**
   * The truck comes on shifted days: a delivery on a holiday comes the next working day, and some weeks it comes a
   * day off its usual weekday (simulator/delivery-patterns.ts truckDays).
   */
  shiftedDays: boolean;
  /** Retail stores appear in the inventory search; the MXB-only outlet (and LBD counters) do not. */
  retail: boolean;
  /** Index among the board's retail stores or -1. */
  retailIndex: number;
  lat: number;
  lng: number;
  /** Store locator id: Wake's locator post id; Greensboro's storefront location internalid; else 0. */
  locatorId: number;
}

/** A board beyond Wake whose stores the world keeps shelves for. */
export interface SimOtherBoard {
  board: SimBoard;
  /** Every store of the board in board-stores.json, by store number. */
  stores: SimStore[];
  /** Those with a public shelf. */
  retailStores: SimStore[];
}

export interface SimBoard {
  index: number;
  id: number;
  name: string;
  website: string;
  weight: number;
}

export interface SimDataset {
  products: SimProduct[];
  byPlu: Map<string, SimProduct>;
  tracked: SimProduct[];
  allocated: SimProduct[];
  trackedListed: SimProduct[];
  stores: SimStore[];
  retailStores: SimStore[];
  /** The other boards of the registry (prisma/seed-data/board-sources.json), in its order: Durham, Greensboro, New Hanover. */
  otherBoards: SimOtherBoard[];
  /**
   * Every other board with stores in board-stores.json, by id: no shelves, only the ground truth of where its
   * shipments land (arrivals.ts); each store a weekly delivery day hashed from the board and store.
   */
  truthBoards: SimOtherBoard[];
  boards: SimBoard[];
  wakeBoard: SimBoard;
  /** Cumulative board weights (by retail store count) for weighted picks. */
  boardCumulative: Float64Array;
}

/** How many Listed products get per-store stock and shipments (besides every allocated one). */
export const TRACKED_LISTED = 300;
export const ALLOCATED: readonly ListingTypeName[] = ['Allocation', 'Limited', 'Barrel'];
const WHISKEY = /bourbon|whisk|\brye\b|scotch|single malt|ksbw|\bbib\b|bottled in bond|\d+y\b/i;

/** The locator's zip where it differs from the inventory search's printed address. */
const LOCATOR_ZIP: Record<number, string> = { 4: '27616', 10: '27601', 16: '27502', 25: '27597' };

/** Rough town centres for the locator's lat/lng (the plugin needs them; nothing here depends on them). */
const TOWN_LATLNG: Record<string, [number, number]> = {
  Raleigh: [35.7796, -78.6382],
  Cary: [35.7915, -78.7811],
  Apex: [35.7327, -78.8503],
  Garner: [35.7113, -78.6142],
  Zebulon: [35.8243, -78.3147],
  Knightdale: [35.7877, -78.4806],
  'Fuquay Varina': [35.5843, -78.8],
  'Holly Springs': [35.6513, -78.8336],
  Rolesville: [35.9232, -78.4575],
  Morrisville: [35.8235, -78.8256],
  'Wake Forest': [35.9799, -78.5097],
  Wendell: [35.781, -78.3697],
};

export const WAREHOUSE_LOCATOR_ID = 186;

function boardWebsite(name: string, id: number): string {
  if (id === WAKE_BOARD_ID) return 'www.wakeabc.com';
  const slug = name
    .replace(/\s+ABC Board$/i, '')
    .replace(/\s+Board$/i, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
  return `www.${slug}abc.com`;
}

function toStore(s: WakeStoreSeed, retailIndex: number): SimStore {
  // The demo's patterns (nobody publishes Wake's: the reference data has none; a deployment learns them).
  const pattern = s.mixed_beverage ? undefined : WAKE_DEMO_DELIVERIES[s.store_number];
  const comma = s.address.indexOf(',');
  const street = comma >= 0 ? s.address.slice(0, comma) : s.address;
  const [lat0, lng0] = TOWN_LATLNG[s.city] ?? TOWN_LATLNG.Raleigh;
  const jitter = (k: string) => (hashInt(0, 2000, 'latlng', s.store_number, k) - 1000) / 25000;
  return {
    boardId: WAKE_BOARD_ID,
    storeNumber: s.store_number,
    nickname: s.nickname,
    inventoryAddress: s.address,
    locatorAddress: s.locator_address || street,
    city: s.city,
    zip: s.zip ?? '',
    locatorZip: LOCATOR_ZIP[s.store_number] ?? s.zip ?? '',
    phone: s.phone ?? '',
    hours: s.hours ?? '',
    mixedBeverage: s.mixed_beverage,
    deliveryDay: pattern?.deliveryDay ?? null,
    deliveryIntervalDays: pattern?.intervalDays ?? null,
    alsoDeliveryDay: pattern?.alsoOn ?? null,
    shiftedDays: pattern?.shifted ?? false,
    retail: !s.mixed_beverage,
    retailIndex,
    lat: Number((lat0 + jitter('lat')).toFixed(7)),
    lng: Number((lng0 + jitter('lng')).toFixed(7)),
    locatorId: 150 + s.store_number,
  };
}

/** A location of Greensboro's storefront (its store locator's internalid, name, address1, city). */
export interface GreensboroLocationSpec {
  internalid: number;
  name: string;
  address1: string;
  city: string;
}

/**
 * Greensboro's storefront locator (sources.md §6, the July 2026 capture): location id → name and address1.
 * Its retail stores are "Store N" in the board's own numbering (not ours), spelled its own way ("3707-E
 * Battleground Plaza" where the Commission says "…Ave"): Greensboro's stores are keyed on the id.
 */
export const GREENSBORO_LOCATIONS: readonly GreensboroLocationSpec[] = [
  { internalid: 23, name: 'Home Office', address1: '1603 Battleground Ave', city: 'Greensboro' },
  { internalid: 24, name: 'Law Enforcement', address1: '1603 Battleground Ave', city: 'Greensboro' },
  { internalid: 25, name: 'Store 1', address1: '3707-E Battleground Plaza', city: 'Greensboro' },
  { internalid: 26, name: 'Store 10 - MXB', address1: '115 N. Cedar Street', city: 'Greensboro' },
  { internalid: 27, name: 'Store 11', address1: '2731 Ring Road', city: 'Greensboro' },
  { internalid: 28, name: 'Store 12', address1: '500 Hickory Branch', city: 'Greensboro' },
  { internalid: 29, name: 'Store 13', address1: '2417 Lawndale Dr. (Ste. C & D)', city: 'Greensboro' },
  { internalid: 30, name: 'Store 14', address1: '4548 US Hwy 220 (102 & 103)', city: 'Summerfield' },
  { internalid: 31, name: 'Store 15', address1: '3919 Burlington Road', city: 'Greensboro' },
  { internalid: 32, name: 'Store 16', address1: '2309 Fleming Road', city: 'Greensboro' },
  { internalid: 33, name: 'Store 17', address1: '106 Bantiff Way', city: 'Greensboro' },
  { internalid: 36, name: 'Store 3', address1: '3100 E. Market Street', city: 'Greensboro' },
  { internalid: 37, name: 'Store 4', address1: '3741 Farmington Road', city: 'Greensboro' },
  { internalid: 38, name: 'Store 5', address1: '4633 W. Market Street', city: 'Greensboro' },
  { internalid: 39, name: 'Store 6', address1: '307-A Pisgah Church Road', city: 'Greensboro' },
  { internalid: 40, name: 'Store 7', address1: '115 N. Cedar Street', city: 'Greensboro' },
  { internalid: 41, name: 'Store 8', address1: '4411 W. Wendover Ave.', city: 'Greensboro' },
  { internalid: 42, name: 'Store 9', address1: '2701 Randleman Road', city: 'Greensboro' },
  { internalid: 43, name: 'Warehouse', address1: '4905 Burlington Road', city: 'Greensboro' },
  { internalid: 124, name: 'Warehouse', address1: '4911 Burlington Road', city: 'Greensboro' },
];

/** Town centres of the other boards (for the store fields; nothing depends on them). */
const BOARD_LATLNG: Record<number, [number, number]> = {
  [DURHAM_BOARD_ID]: [35.994, -78.8986],
  [GREENSBORO_BOARD_ID]: [36.0726, -79.792],
  [NEW_HANOVER_BOARD_ID]: [34.2257, -77.9447],
};

/**
 * No delivery pattern is known for the other boards (board-stores.json); a fixed one per store: Durham's
 * stores split Tuesday (odd numbers) / Thursday (even), Greensboro's all on Wednesday, New Hanover's spread
 * Monday..Friday ("generally all locations delivered by Friday"), weekly, but for three of its stores whose trucks
 * keep other habits: its first retail store twice a week (Monday and Thursday), its second every 14 days (Tuesday),
 * its third on shifted days (Wednesday; holidays and some weeks move it, as Wake's shifted stores).
 */
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const;

interface BoardPattern {
  deliveryDay: string;
  intervalDays: 7 | 14;
  alsoOn: string | null;
  shifted: boolean;
}

function boardDeliveryPattern(boardId: number, retailIndex: number, storeNumber: number, truthOnly = false): BoardPattern {
  const weekly = (deliveryDay: string): BoardPattern => ({ deliveryDay, intervalDays: 7, alsoOn: null, shifted: false });
  if (boardId === DURHAM_BOARD_ID) return weekly(storeNumber % 2 === 1 ? 'Tuesday' : 'Thursday');
  if (boardId === GREENSBORO_BOARD_ID) return weekly('Wednesday');
  // A board whose shelves nobody reads: its trucks' days are not published; one hashed weekday per store.
  if (truthOnly) return weekly(WEEKDAYS[hashInt(0, 4, 'truth-delivery-day', boardId, storeNumber)]);
  const pattern = weekly(WEEKDAYS[retailIndex % 5]);
  if (boardId === NEW_HANOVER_BOARD_ID && retailIndex === 0) return { ...pattern, alsoOn: 'Thursday' };
  if (boardId === NEW_HANOVER_BOARD_ID && retailIndex === 1) return { ...pattern, intervalDays: 14 };
  if (boardId === NEW_HANOVER_BOARD_ID && retailIndex === 2) return { ...pattern, shifted: true };
  return pattern;
}

/** A board beyond Wake whose shelves the world keeps: its stores among `seeds` (board-stores.json's, or a test's). */
export function simOtherBoard(boards: readonly SimBoard[], boardId: number, seeds: readonly BoardStoreSeed[], truthOnly = false): SimOtherBoard {
  const board = boards.find((b) => b.id === boardId);
  if (!board) throw new Error(`simulator: the boards file has no board ${boardId}`);
  let k = 0;
  const own = seeds.filter((s) => s.board_id === boardId).sort((a, b) => a.store_number - b.store_number);
  const boardStores = own.map((s) => toBoardStore(s, s.mixed_beverage ? -1 : k++, truthOnly));
  return { board, stores: boardStores, retailStores: boardStores.filter((s) => s.retail) };
}

function toBoardStore(s: BoardStoreSeed, retailIndex: number, truthOnly: boolean): SimStore {
  const location = GREENSBORO_LOCATIONS.find((l) => String(l.internalid) === s.source_store_key);
  const suffix = `, ${s.city}`;
  const street = s.address.includes(suffix) ? s.address.slice(0, s.address.lastIndexOf(suffix)) : s.address;
  const [lat0, lng0] = BOARD_LATLNG[s.board_id] ?? [35.5, -79];
  const jitter = (k: string) => (hashInt(0, 2000, 'latlng', s.board_id, s.store_number, k) - 1000) / 25000;
  const retail = !s.mixed_beverage;
  const pattern = retail ? boardDeliveryPattern(s.board_id, retailIndex, s.store_number, truthOnly) : undefined;
  return {
    boardId: s.board_id,
    storeNumber: s.store_number,
    nickname: s.nickname,
    inventoryAddress: s.address,
    locatorAddress: location?.address1 ?? street,
    city: s.city,
    zip: s.zip ?? '',
    locatorZip: s.zip ?? '',
    phone: s.phone ?? '',
    hours: s.hours ?? '',
    mixedBeverage: s.mixed_beverage,
    deliveryDay: pattern?.deliveryDay ?? null,
    deliveryIntervalDays: pattern?.intervalDays ?? null,
    alsoDeliveryDay: pattern?.alsoOn ?? null,
    shiftedDays: pattern?.shifted ?? false,
    retail,
    retailIndex,
    lat: Number((lat0 + jitter('lat')).toFixed(7)),
    lng: Number((lng0 + jitter('lng')).toFixed(7)),
    locatorId: location?.internalid ?? 0,
  };
}

let cached: SimDataset | undefined;

/** Loads (once per process) the simulator's dataset from prisma/seed-data. */
export function loadSimDataset(): SimDataset {
  if (cached) return cached;
  const ref = loadReferenceData();

  const listedTracked = new Set(
    ref.products
      .filter((p) => p.listingType === 'Listed' && p.warehousePeak30d > 0 && WHISKEY.test(p.name))
      .sort((a, b) => b.warehousePeak30d - a.warehousePeak30d || a.plu.localeCompare(b.plu))
      .slice(0, TRACKED_LISTED)
      .map((p) => p.plu),
  );

  const products: SimProduct[] = ref.products.map((p, index) => {
    const kind: SimKind = ALLOCATED.includes(p.listingType)
      ? 'allocated'
      : listedTracked.has(p.plu)
        ? 'listed-tracked'
        : 'listed';
    return {
      index,
      plu: p.plu,
      name: p.name,
      nameLower: p.name.toLowerCase(),
      listingType: p.listingType,
      retailPrice: p.retailPrice,
      supplier: p.supplier,
      broker: p.broker,
      sizeMl: p.sizeMl,
      bottlesPerCase: p.bottlesPerCase,
      casesPerPallet: [40, 50, 56, 60, 70, 84, 100, 120][hashInt(0, 7, 'pallet', p.plu)],
      warehousePeak30d: p.warehousePeak30d,
      warehouseCurrent: p.warehouseCurrent,
      itemId: 150000 + index * 3,
      kind,
      tracked: -1,
    };
  });
  const tracked = products.filter((p) => p.kind !== 'listed');
  tracked.forEach((p, i) => (p.tracked = i));

  const sorted = [...ref.stores].sort((a, b) => a.store_number - b.store_number);
  let retailIndex = 0;
  const stores = sorted.map((s) => toStore(s, s.mixed_beverage ? -1 : retailIndex++));

  const boards: SimBoard[] = ref.boards.map((b, index) => ({
    index,
    id: b.id,
    name: b.name,
    website: boardWebsite(b.name, b.id),
    weight: Math.max(1, b.retailStores),
  }));
  const wakeBoard = boards.find((b) => b.id === WAKE_BOARD_ID);
  if (!wakeBoard) throw new Error('simulator: the boards file has no Wake County ABC Board (id 179)');
  const registry = loadBoardSources(new Set(ref.boards.map((b) => b.id))).filter((s) => s.boardId !== WAKE_BOARD_ID);
  const otherBoards = registry.map((s) => simOtherBoard(boards, s.boardId, ref.boardStores));
  const shelfIds = new Set([WAKE_BOARD_ID, ...registry.map((s) => s.boardId)]);
  const truthIds = [...new Set(ref.boardStores.map((s) => s.board_id))].filter((id) => !shelfIds.has(id)).sort((a, b) => a - b);
  const truthBoards = truthIds.map((id) => simOtherBoard(boards, id, ref.boardStores, true)).filter((b) => b.retailStores.length > 0);
  const boardCumulative = new Float64Array(boards.length);
  let acc = 0;
  boards.forEach((b, i) => (boardCumulative[i] = acc += b.weight));

  cached = {
    products,
    byPlu: new Map(products.map((p) => [p.plu, p])),
    tracked,
    allocated: tracked.filter((p) => p.kind === 'allocated'),
    trackedListed: tracked.filter((p) => p.kind === 'listed-tracked'),
    stores,
    retailStores: stores.filter((s) => s.retail),
    otherBoards,
    truthBoards,
    boards,
    wakeBoard,
    boardCumulative,
  };
  return cached;
}
