// The store side of a board's answer, for every platform: the board's known stores as the adapters match
// them, and where a product's printed store lines land on them (exact matching only, decision 006). What an
// answer means — stock, 0 everywhere, nothing said, or no answer at all — is decided in judgement.ts.
import { normalizeAddress } from '../../text/address.ts';
import { matchStores, type KnownStore, type UnmatchedStore } from './store-match.ts';

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

/** Where a product's printed store lines land: bottles per known store, and the lines no known store takes. */
export interface Placement<Id> {
  /** Bottles per known store, as listed. */
  stock: Map<Id, number>;
  /** Lines no known store could take: reported, never turned into a zero. */
  unmatched: UnmatchedStoreLine[];
  /** Known stores a source that lists every store left out (Greensboro). */
  unlisted: Id[];
}

/**
 * Place printed store lines (street address + bottles) on the board's known stores: exact matching on the
 * normalised street line, as Wake's (matchStores). Where a retail store and a permit-holders-only outlet share
 * an address, the address names the retail store (a public shelf); a second line for it is a duplicate.
 */
export function placeAddressLines<Id extends number | string>(
  plu: string,
  lines: { address: string; quantity: number }[],
  knownStores: BoardStore<Id>[],
): Placement<Id> {
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
  return { stock, unmatched, unlisted: [] };
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
