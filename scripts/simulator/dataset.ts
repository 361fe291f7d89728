// The simulator's static reference data: the product catalog, the 173 boards and Wake's 28 stores, read
// from the committed seed files in prisma/seed-data (through lib/reference/reference.ts and its CSV reader),
// plus the derived facts the pages print (sizes, cases per pallet, which products get per-store stock).
import { WAKE_BOARD_ID } from '../../lib/reference/boards.ts';
import { loadReferenceData, type WakeStoreSeed } from '../../lib/reference/reference.ts';
import type { ListingTypeName } from '../../lib/reference/products.ts';
import { hashInt } from './random.ts';

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
  storeNumber: number;
  nickname: string;
  /** The address exactly as Wake's inventory search prints it ("7200 Sandy Fork Rd., Raleigh, NC 27609"). */
  inventoryAddress: string;
  /** The store locator's spelling of the street line. */
  locatorAddress: string;
  city: string;
  zip: string;
  locatorZip: string;
  phone: string;
  hours: string;
  mixedBeverage: boolean;
  /** 'Monday'..'Friday', 'Random' or null (no deliveries). */
  deliveryDay: string | null;
  deliveryIntervalDays: number | null;
  /** Retail stores appear in the inventory search; the MXB-only outlet does not. */
  retail: boolean;
  /** Index among the retail stores or -1. */
  retailIndex: number;
  lat: number;
  lng: number;
  /** Store locator post id. */
  locatorId: number;
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
  const comma = s.address.indexOf(',');
  const street = comma >= 0 ? s.address.slice(0, comma) : s.address;
  const [lat0, lng0] = TOWN_LATLNG[s.city] ?? TOWN_LATLNG.Raleigh;
  const jitter = (k: string) => (hashInt(0, 2000, 'latlng', s.store_number, k) - 1000) / 25000;
  return {
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
    deliveryDay: s.delivery_day,
    deliveryIntervalDays: s.delivery_interval_days,
    retail: !s.mixed_beverage,
    retailIndex,
    lat: Number((lat0 + jitter('lat')).toFixed(7)),
    lng: Number((lng0 + jitter('lng')).toFixed(7)),
    locatorId: 150 + s.store_number,
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
    boards,
    wakeBoard,
    boardCumulative,
  };
  return cached;
}
