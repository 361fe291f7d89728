// What one alert e-mail says, built from the user's claimed alerts: one entry per product with its shelf
// arrivals, its shipments, its shipments on their way (forecast) and its steps on the way to NC (coming), the most
// wanted types first. A coming line is about no place: it counts in no place count. Pure, so the grouping and the "more arrivals"
// count are unit-tested. A shipment is never merged into a shelf line: it says where the state sent bottles,
// not what is on a shelf (docs/decisions/023-shipment-alerts.md).

export type ArrivalType = 'first' | 'increase';

/**
 * How far a store is from the hunter's place (issue 39; lib/alerts/distances.ts), where the hunter keeps one: miles,
 * and whether the store's point is approximate. `store`: a board's nearest store, where the line names no store.
 */
export interface Away {
  miles: number;
  approximate: boolean;
  store?: string;
}

interface ClaimedProduct {
  alertId: string;
  plu: string;
  productName: string;
  listingType: string;
  retailPrice: number | null;
}

/** A claimed shelf alert: an arrival (inventory_history first/increase row) with its product and store. */
export interface ShelfArrivalRow extends ClaimedProduct {
  precision: 'shelf';
  storeId: number;
  storeNumber: number;
  storeNickname: string;
  storeAddress: string;
  newQuantity: number;
  previousQuantity: number;
  delta: number;
  changeType: ArrivalType;
  checkedAt: Date;
  /** Whether a named forecast covered it (lead in minutes, null: none did); absent where no forecast could (not hunted, before forecasting). */
  forecast?: { leadMinutes: number | null };
  away?: Away;
}

/** The one store of a board whose shipments are that store's. */
export interface OnlyStore {
  storeId: number;
  storeNumber: number;
  nickname: string;
  address: string;
}

/** A claimed shipment alert: a shipments row to a board whose shelves are not read. */
export interface ShipmentArrivalRow extends ClaimedProduct {
  /** store_by_shipment: the board's one retail store got it; board: one of its stores, not said which. */
  precision: 'store_by_shipment' | 'board';
  shipmentId: string;
  boardId: number;
  boardName: string;
  /** The board's known stores. */
  boardStores: number;
  /** Set for store_by_shipment. */
  store: OnlyStore | null;
  /** The New York day the shipment is dated (YYYY-MM-DD). */
  shipDate: string;
  units: number;
  cases: number;
  /** Earlier days whose shipments this one also counts (no whole report for this board), oldest first. */
  alsoCovers: { date: string; why: 'missing' | 'incomplete' }[];
  /** Its store's distance, or for a board of several stores its nearest store's. */
  away?: Away;
}

/** A named forecast of an incoming shipment: a store (null: the board as a whole), how likely, its window (YYYY-MM-DD). */
export interface ForecastPlace {
  storeId: number | null;
  nickname: string | null;
  likelihood: number;
  windowStart: string;
  windowEnd: string;
  away?: Away;
}

/** A claimed "on its way" alert: a shipment of a watched product forecast to land at named stores in a window. */
export interface IncomingArrivalRow extends ClaimedProduct {
  precision: 'incoming';
  incomingId: string;
  boardId: number;
  boardName: string;
  /** The board's precision when it was forecast: shelf (stores by likelihood), store_by_shipment (its store), board. */
  boardPrecision: 'shelf' | 'store_by_shipment' | 'board';
  boardStores: number;
  shipDate: string;
  units: number;
  /** The named forecasts now, most likely first. */
  named: ForecastPlace[];
  /** The board's nearest store, for a forecast of the board as a whole. */
  away?: Away;
}

/** A step of a product's way to North Carolina (a product_events row, issue 40). */
export type ComingStep = 'announced' | 'listing' | 'received';

/**
 * A claimed "Coming to NC" alert: a watched product announced in the Commission's price list (at its list price),
 * moved onto the allocated list (Allocation or Limited), or received at the state warehouse (bottles, cases).
 */
export interface ComingArrivalRow extends ClaimedProduct {
  precision: 'coming';
  productEventId: string;
  step: ComingStep;
  /** The New York day it was seen (YYYY-MM-DD). */
  day: string;
  /** announced: the list price it was announced at. */
  listPrice: number | null;
  /** listing: the allocated list's section it moved onto. */
  listing: string | null;
  /** received: bottles that appeared at the warehouse, and their cases. */
  bottles: number | null;
  cases: number | null;
}

export type ArrivalRow = ShelfArrivalRow | ShipmentArrivalRow | IncomingArrivalRow | ComingArrivalRow;

export interface StoreLine {
  storeId: number;
  storeNumber: number;
  nickname: string;
  address: string;
  quantity: number;
  delta: number;
  changeType: ArrivalType;
  checkedAt: Date;
  /** As ShelfArrivalRow's. */
  forecast?: { leadMinutes: number | null };
  away?: Away;
}

export type ShipmentLine = Omit<ShipmentArrivalRow, keyof ClaimedProduct>;

export type IncomingLine = Omit<IncomingArrivalRow, keyof ClaimedProduct | 'precision'>;

export type ComingLine = Omit<ComingArrivalRow, keyof ClaimedProduct | 'precision'>;

export interface ProductBlock {
  plu: string;
  name: string;
  listingType: string;
  retailPrice: number | null;
  /** Shelf arrivals, one per store. */
  stores: StoreLine[];
  /** Shipments to boards whose shelves are not read, one per shipments row. */
  shipments: ShipmentLine[];
  /** Shipments on their way (forecast), one per incoming. */
  incoming: IncomingLine[];
  /** Steps of its way to North Carolina (coming to NC), one per product event, oldest first. */
  coming: ComingLine[];
}

export interface AlertContent {
  /** Products listed one by one, at most `maxProducts`. */
  products: ProductBlock[];
  /** Alerts not listed: products past the limit plus earlier ones held back by the daily cap. */
  moreArrivals: number;
  /** Distinct places among the listed products: stores with a shelf arrival or a shipment, boards with a shipment. */
  placeCount: number;
  /** Some listed line is a shipment (the e-mail then says what a shipment is). */
  hasShipments: boolean;
  /** Some listed line is a shelf arrival. */
  hasShelf: boolean;
  /** Some listed line is on its way (a forecast shipment). */
  hasIncoming: boolean;
  /** Some listed line is a product coming to NC (announced, on the allocated list, at the state warehouse). */
  hasComing: boolean;
}

const TYPE_RANK: Record<string, number> = { Allocation: 0, Limited: 1, Barrel: 2, Listed: 3, Unknown: 4 };

/** Where a line happened: a store (a shelf, or a one-store board's store), else the board. */
const placeOf = (line: StoreLine | ShipmentLine | IncomingLine) =>
  'incomingId' in line ? `board:${line.boardId}` : 'boardId' in line ? (line.store ? `store:${line.store.storeId}` : `board:${line.boardId}`) : `store:${line.storeId}`;

export function composeAlert(rows: ArrivalRow[], options: { maxProducts: number; earlierSuppressed?: number }): AlertContent {
  const byProduct = new Map<string, ProductBlock>();
  for (const row of rows) {
    let block = byProduct.get(row.plu);
    if (!block) {
      block = { plu: row.plu, name: row.productName, listingType: row.listingType, retailPrice: row.retailPrice, stores: [], shipments: [], incoming: [], coming: [] };
      byProduct.set(row.plu, block);
    }
    if (row.precision === 'coming') {
      const { productEventId, step, day, listPrice, listing, bottles, cases } = row;
      block.coming.push({ productEventId, step, day, listPrice, listing, bottles, cases });
      continue;
    }
    if (row.precision === 'incoming') {
      const { incomingId, boardId, boardName, boardPrecision, boardStores, shipDate, units, named, away } = row;
      block.incoming.push({ incomingId, boardId, boardName, boardPrecision, boardStores, shipDate, units, named, ...(away && { away }) });
      continue;
    }
    if (row.precision !== 'shelf') {
      // Each shipments row is its own alert (a digest may hold a board's shipments of two days): no merging.
      const { precision, shipmentId, boardId, boardName, boardStores, store, shipDate, units, cases, alsoCovers, away } = row;
      block.shipments.push({ precision, shipmentId, boardId, boardName, boardStores, store, shipDate, units, cases, alsoCovers, ...(away && { away }) });
      continue;
    }
    // A product that arrived twice at one store (a digest spans several runs) is one line: the latest.
    const line: StoreLine = {
      storeId: row.storeId,
      storeNumber: row.storeNumber,
      nickname: row.storeNickname,
      address: row.storeAddress,
      quantity: row.newQuantity,
      delta: row.delta,
      changeType: row.changeType,
      checkedAt: row.checkedAt,
      ...(row.forecast && { forecast: row.forecast }),
      ...(row.away && { away: row.away }),
    };
    const existing = block.stores.findIndex((s) => s.storeId === row.storeId);
    if (existing < 0) block.stores.push(line);
    else if (block.stores[existing].checkedAt < row.checkedAt) block.stores[existing] = line;
  }
  const all = [...byProduct.values()];
  for (const block of all) {
    block.stores.sort((a, b) => b.quantity - a.quantity || a.nickname.localeCompare(b.nickname, 'en') || a.storeId - b.storeId);
    // Finest first (a named store before a whole board), then the newest day, then by board.
    block.shipments.sort(
      (a, b) =>
        Number(b.precision === 'store_by_shipment') - Number(a.precision === 'store_by_shipment') ||
        b.shipDate.localeCompare(a.shipDate) ||
        a.boardName.localeCompare(b.boardName, 'en'),
    );
    block.incoming.sort((a, b) => b.shipDate.localeCompare(a.shipDate) || a.boardName.localeCompare(b.boardName, 'en'));
    block.coming.sort((a, b) => a.day.localeCompare(b.day) || Number(a.productEventId) - Number(b.productEventId));
  }
  all.sort(
    (a, b) =>
      (TYPE_RANK[a.listingType] ?? 9) - (TYPE_RANK[b.listingType] ?? 9) ||
      a.name.localeCompare(b.name, 'en') ||
      a.plu.localeCompare(b.plu),
  );
  const products = all.slice(0, Math.max(1, options.maxProducts));
  const overflow = all.slice(products.length).reduce((n, p) => n + p.stores.length + p.shipments.length + p.incoming.length + p.coming.length, 0);
  const lines = products.flatMap((p) => [...p.stores, ...p.shipments, ...p.incoming]);
  return {
    products,
    moreArrivals: overflow + (options.earlierSuppressed ?? 0),
    placeCount: new Set(lines.map(placeOf)).size,
    hasShipments: products.some((p) => p.shipments.length > 0),
    hasShelf: products.some((p) => p.stores.length > 0),
    hasIncoming: products.some((p) => p.incoming.length > 0),
    hasComing: products.some((p) => p.coming.length > 0),
  };
}
