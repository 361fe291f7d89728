import { normalizeAddress } from '../../text/address.ts';

// Placing the addresses a board prints on the stores we know: exact street lines, never fuzzy. Every
// platform that prints addresses (Wake, Durham, ABC/GO) places them here (sources/board-stock.ts).

export interface KnownStore<Id = number | string> {
  id: Id;
  /** normalizeAddress(store address), as stores.address_key holds it. */
  addressKey: string;
  /** The store's city ("Raleigh", "Fuquay Varina"): read the glued "7200 Sandy Fork Rd.Raleigh, NC 27609". */
  city: string;
}

export interface UnmatchedStore {
  plu: string;
  address: string;
  /** unknown: no store has this address; ambiguous: several do; duplicate: a second listing for the same store. */
  reason: 'unknown' | 'ambiguous' | 'duplicate';
}

export interface StoreMatch<Id> {
  /** plu → storeId → quantity. Every product read is present; an empty map means out of stock everywhere. */
  matched: Map<string, Map<Id, number>>;
  /** Listings that could not be placed: reported, never dropped silently. */
  unmatched: UnmatchedStore[];
}

/** Marks an address key that several known stores share. */
const AMBIGUOUS: unique symbol = Symbol('ambiguous');

/**
 * Place each printed address on a known store. First by normalised street line (normalizeAddress, as
 * stores.address_key holds it). A line that matches no key this way may have lost the separator between
 * street and city (the live page prints "7200 Sandy Fork Rd.Raleigh, NC 27609"): it matches a store when its
 * street line is exactly that store's key followed by its city — either as words (a "." directly followed by
 * a letter separates words) or glued to the city's name as printed. Exact comparisons only, never fuzzy: no
 * store or several → reported in `unmatched`.
 */
/** What a page printed for one product: its PLU and each store line's address and quantity. */
export interface PrintedStock {
  plu: string;
  stores: { address: string; quantity: number }[];
}

export function matchStores<Id extends number | string>(products: PrintedStock[], knownStores: KnownStore<Id>[]): StoreMatch<Id> {
  const byKey = new Map<string, Id | typeof AMBIGUOUS>();
  for (const store of knownStores) byKey.set(store.addressKey, byKey.has(store.addressKey) ? AMBIGUOUS : store.id);
  const withCity = knownStores.map((store) => ({ store, keyWithCity: joinKey(store.addressKey, normalizeAddress(store.city)), city: store.city.trim().toLowerCase() }));

  const lookup = (address: string): Id | typeof AMBIGUOUS | undefined => {
    const exact = byKey.get(normalizeAddress(address));
    if (exact !== undefined) return exact;
    const street = address.split(/[\n\r,]/)[0];
    const spaced = normalizeAddress(street.replace(/\.(?=\p{L})/gu, '. '));
    const lowered = street.trimEnd().toLowerCase();
    const found = new Set<Id>();
    for (const { store, keyWithCity, city } of withCity) {
      if (!store.addressKey) continue;
      if (spaced === store.addressKey || spaced === keyWithCity) found.add(store.id);
      else if (city && lowered.endsWith(city) && normalizeAddress(street.trimEnd().slice(0, lowered.length - city.length)) === store.addressKey) {
        found.add(store.id);
      }
    }
    if (found.size > 1) return AMBIGUOUS;
    return found.size === 1 ? [...found][0] : undefined;
  };

  const matched = new Map<string, Map<Id, number>>();
  const unmatched: UnmatchedStore[] = [];
  for (const product of products) {
    const perStore = matched.get(product.plu) ?? new Map<Id, number>();
    matched.set(product.plu, perStore);
    for (const { address, quantity } of product.stores) {
      const id = lookup(address);
      if (id === undefined) unmatched.push({ plu: product.plu, address, reason: 'unknown' });
      else if (id === AMBIGUOUS) unmatched.push({ plu: product.plu, address, reason: 'ambiguous' });
      else if (perStore.has(id)) unmatched.push({ plu: product.plu, address, reason: 'duplicate' });
      else perStore.set(id, quantity);
    }
  }
  return { matched, unmatched };
}

function joinKey(key: string, city: string): string {
  return [key, city].filter(Boolean).join(' ');
}
