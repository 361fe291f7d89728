// What a board's store-level inventory source says about one product, in the shape the store snapshot
// takes (lib/ingest/store-snapshot.ts), for every board beyond Wake (docs/decisions/013-boards-beyond-wake.md):
//
// - `complete`: the board's whole shelf for the product is known. A known store missing from `stock` has
//   0 bottles (the snapshot's `answeredPlus`).
// - `partial`: a store line matched no known store, or a source that lists every store left a known store
//   out. Only the stores in `stock` are known; every other store keeps its last known stock (`partialPlus`).
//   An unmatched line is reported, never turned into a zero (decision 006).
// - a failure: anything that is not a real answer (HTTP error, an error or firewall page served with 200,
//   a body that is not JSON or of the wrong shape, a page that can't be read). The adapters throw a
//   SourceError; settleStock() turns it into `{ status: 'failed' }` so a pass can carry on.
import { normalizeAddress } from '../../text/address.ts';
import { SourceError, isSourceError } from './errors.ts';
import { matchStores, type KnownStore, type UnmatchedStore } from './wake-inventory.ts';

/** A store of the board as the adapters need it (from the `stores` table). */
export interface BoardStore<Id = number> extends KnownStore<Id> {
  /** Serves permit holders only (stores.mixed_beverage). Where it shares an address with a retail store, an address names the retail store. */
  mixedBeverage: boolean;
  /** The board's own id for the store (stores.source_store_key): Greensboro's location internalid. */
  sourceKey: string | null;
}

/** What the source printed about the product, for learning a new PLU (lib/ingest/learn-products.ts). */
export interface ProductFacts {
  plu: string;
  name: string;
  retailPrice: number | null;
  sizeMl: number | null;
}

export interface UnmatchedStoreLine extends Omit<UnmatchedStore, 'reason'> {
  /**
   * unknown: no known store has this address or id; ambiguous: several do; duplicate: a second line for
   * one store; conflict: a keyed location whose address has another street number than its store's.
   */
  reason: UnmatchedStore['reason'] | 'conflict';
  /** The bottles the line listed (not written anywhere). */
  quantity: number;
  /** The board's own id for the location, when the source names stores by id. */
  sourceKey?: string;
}

export interface StoreStockAnswer<Id = number> {
  plu: string;
  status: 'complete' | 'partial';
  /** Bottles per known store, as listed. In a complete answer a known store not here has 0. */
  stock: Map<Id, number>;
  /** Lines no known store could take. Empty when complete. */
  unmatched: UnmatchedStoreLine[];
  /** Known stores a source that lists every store left out of this answer (Greensboro). Empty when complete. */
  unlisted: Id[];
  /** Name, price, size as printed; null when the answer printed nothing about the product (ABC/GO details). */
  product: ProductFacts | null;
}

export interface StoreStockFailure {
  plu: string;
  status: 'failed';
  error: SourceError;
}

export type StoreStockResult<Id = number> = StoreStockAnswer<Id> | StoreStockFailure;

/** Build an answer: complete unless lines were unmatched or stores left out. */
export function stockAnswer<Id>(
  plu: string,
  stock: Map<Id, number>,
  product: ProductFacts | null,
  unmatched: UnmatchedStoreLine[] = [],
  unlisted: Id[] = [],
): StoreStockAnswer<Id> {
  return { plu, status: unmatched.length || unlisted.length ? 'partial' : 'complete', stock, unmatched, unlisted, product };
}

/** Runs one product's fetch; a SourceError becomes a failed result, anything else (a shutdown's abort, a bug) is rethrown. */
export async function settleStock<Id>(plu: string, fetchOne: () => Promise<StoreStockAnswer<Id>>): Promise<StoreStockResult<Id>> {
  try {
    return await fetchOne();
  } catch (error) {
    if (isSourceError(error)) return { plu, status: 'failed', error };
    throw error;
  }
}

/**
 * Place printed store lines (street address + bottles) on the board's known stores: exact matching on the
 * normalised street line, as Wake's (matchStores). Where a retail store and a permit-holders-only outlet share
 * an address, the address names the retail store (a public shelf); a second line for it is a duplicate.
 */
export function answerFromAddressLines<Id extends number | string>(
  plu: string,
  lines: { address: string; quantity: number }[],
  knownStores: BoardStore<Id>[],
  product: ProductFacts | null,
): StoreStockAnswer<Id> {
  const candidates = preferRetail(knownStores);
  const stock = new Map<Id, number>();
  const unmatched: UnmatchedStoreLine[] = [];
  for (const line of lines) {
    // One line at a time, so each unmatched line keeps its own quantity; a store named twice is a duplicate.
    const { matched, unmatched: [miss] } = matchStores([{ plu, stores: [line] }], candidates);
    const [id] = [...(matched.get(plu)?.keys() ?? [])];
    if (miss) unmatched.push({ ...miss, quantity: line.quantity });
    else if (stock.has(id)) unmatched.push({ plu, address: line.address, reason: 'duplicate', quantity: line.quantity });
    else stock.set(id, line.quantity);
  }
  return stockAnswer(plu, stock, product, unmatched);
}

/** The known stores an address can name: an outlet sharing a retail store's address key is left out. */
export function preferRetail<Id>(stores: BoardStore<Id>[]): BoardStore<Id>[] {
  const retail = new Set(stores.filter((s) => !s.mixedBeverage).map((s) => s.addressKey));
  return stores.filter((s) => !s.mixedBeverage || !retail.has(s.addressKey));
}

/** The street number of an address ("3707-E Battleground Plaza" → "3707"), or '' without one. */
export function streetNumber(address: string): string {
  const first = normalizeAddress(address).split(' ')[0] ?? '';
  return /^\d+$/.test(first) ? first : '';
}

export interface SnapshotParts<Id> {
  /** Products whose whole shelf is known (store-snapshot's answeredPlus). */
  answeredPlus: string[];
  /** Products known only at the listed stores (store-snapshot's partialPlus). */
  partialPlus: string[];
  stock: { storeId: Id; plu: string; quantity: number }[];
  /** Requests that failed (not an answer: last known stock kept). */
  failures: { plu: string; error: string }[];
  /** Products the board has no page or item for (kind no_data): not an answer, but not a failure either. */
  noData: string[];
  unmatched: UnmatchedStoreLine[];
  /** Store ids left out of some product's answer by a source that lists every store. */
  unlisted: Id[];
  /** Products the answers printed, for learnProducts. */
  products: ProductFacts[];
}

/** Gather one poll's results into the store snapshot's parts (failed products are left out: last known stock kept). */
export function snapshotParts<Id>(results: StoreStockResult<Id>[]): SnapshotParts<Id> {
  const parts: SnapshotParts<Id> = { answeredPlus: [], partialPlus: [], stock: [], failures: [], noData: [], unmatched: [], unlisted: [], products: [] };
  const unlisted = new Set<Id>();
  for (const result of results) {
    if (result.status === 'failed') {
      if (result.error.kind === 'no_data') parts.noData.push(result.plu);
      else parts.failures.push({ plu: result.plu, error: result.error.message });
      continue;
    }
    (result.status === 'complete' ? parts.answeredPlus : parts.partialPlus).push(result.plu);
    for (const [storeId, quantity] of result.stock) parts.stock.push({ storeId, plu: result.plu, quantity });
    parts.unmatched.push(...result.unmatched);
    for (const id of result.unlisted) unlisted.add(id);
    if (result.product) parts.products.push(result.product);
  }
  parts.unlisted = [...unlisted];
  return parts;
}
