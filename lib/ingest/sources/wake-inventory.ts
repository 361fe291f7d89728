// Wake County ABC store inventory search (sources.md §1): POST productSearch=<term> to /search-results and
// read one div.wake-product per matching product. Stores appear only as printed addresses, which are
// matched to known stores through normalizeAddress. A changed page must fail loudly: a product block we
// can't read throws, it is never taken as "sold out".
import { env } from '../../env.ts';
import { normalizeAddress } from '../../seed/address.ts';
import { SourceError, parseError, quote } from './errors.ts';
import { createLimiter, fetchText, type Limiter } from './http.ts';
import { findAll, findFirst, is, parseHtml, textOf, type HtmlElement } from './html.ts';

export const WAKE_INVENTORY_SOURCE = 'wake inventory';

export interface WakeStoreStock {
  /** As printed: <br> turned into ", ", whitespace collapsed, entities decoded. */
  address: string;
  quantity: number;
}

export interface WakeProduct {
  name: string;
  /** 5-digit PLU / NC code, leading zeros kept. */
  plu: string;
  price: number | null;
  /** As printed, e.g. ".750L"; null when the page has no size. */
  sizeLabel: string | null;
  sizeMl: number | null;
  outOfStockEverywhere: boolean;
  /** Empty when out of stock everywhere. */
  stores: WakeStoreStock[];
}

export interface WakeSearchOptions {
  baseUrl?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
  retries?: number;
  /** Shared politeness limiter (see wakeLimiter); without one the request goes out at once. */
  limiter?: Limiter;
}

/** The politeness limiter for one pass over Wake (WAKE_CONCURRENCY in flight, WAKE_REQUEST_DELAY_MS apart). */
export function wakeLimiter(): Limiter {
  const config = env();
  return createLimiter({ concurrency: config.WAKE_CONCURRENCY, delayMs: config.WAKE_REQUEST_DELAY_MS });
}

/** Search Wake's inventory by name or 5-digit code. [] means the search matched nothing. */
export async function searchWakeInventory(term: string, options: WakeSearchOptions = {}): Promise<WakeProduct[]> {
  const url = `${(options.baseUrl ?? env().WAKE_BASE_URL).replace(/\/+$/, '')}/search-results`;
  const request = () =>
    fetchText(url, {
      source: WAKE_INVENTORY_SOURCE,
      form: { productSearch: term },
      signal: options.signal,
      timeoutMs: options.timeoutMs,
      retries: options.retries,
    });
  const html = options.limiter ? await options.limiter.run(request) : await request();
  try {
    return parseWakeInventory(html);
  } catch (error) {
    throw error instanceof SourceError ? error.withUrl(`POST ${url} productSearch=${term}`) : error;
  }
}

/** Read every div.wake-product on a search results page. */
export function parseWakeInventory(html: string): WakeProduct[] {
  const root = parseHtml(html);
  const blocks = findAll(root, is('div', 'wake-product'));
  if (blocks.length === 0) {
    // "No match" is a page without product blocks. If product markup is there anyway (markers specific to
    // this page, not generic classes a theme might use), the block's class changed: fail, don't say "no match".
    const text = textOf(root);
    if (findFirst(root, is('*', 'inventory-collapse')) || /\bPLU:\s*\d/.test(text) || /All Locations Out of Stock/i.test(text)) {
      throw parseError(WAKE_INVENTORY_SOURCE, 'product markup found (PLU / inventory list) but no div.wake-product: page layout changed');
    }
    return [];
  }
  return blocks.map((block, index) => parseProduct(block, index + 1));
}

function parseProduct(block: HtmlElement, position: number): WakeProduct {
  const where = `product block ${position}`;
  const fail = (reason: string) => parseError(WAKE_INVENTORY_SOURCE, `${where}: ${reason}`);

  const heading = findFirst(block, is('h4'));
  const name = heading ? textOf(heading) : '';
  if (!name) throw fail('no product name (h4)');

  const pluMatch = /\bPLU\s*[:#]?\s*(\d+(?:\s*-\s*\d+)*)/i.exec(textOf(block));
  if (!pluMatch) throw fail(`no PLU for ${quote(name)}`);
  const plu = pluMatch[1].replace(/[\s-]/g, '');
  if (!/^\d{5}$/.test(plu)) throw fail(`PLU ${quote(pluMatch[1])} for ${quote(name)} is not 5 digits`);

  const priceEl = findFirst(block, is('*', 'price'));
  const sizeEl = findFirst(block, is('*', 'size'));
  const sizeLabel = sizeEl ? textOf(sizeEl) || null : null;

  const outOfStock = findFirst(block, is('*', 'out-of-stock')) !== undefined;
  const inventory = findFirst(block, is('*', 'inventory-collapse'));
  const items = inventory ? findAll(inventory, is('li')) : [];
  const product = { name, plu, price: priceEl ? parsePrice(textOf(priceEl)) : null, sizeLabel, sizeMl: sizeLabel ? parseSizeMl(sizeLabel) : null };

  if (outOfStock) {
    if (items.length > 0) throw fail(`${plu} is marked out of stock everywhere but lists ${items.length} stores`);
    return { ...product, outOfStockEverywhere: true, stores: [] };
  }
  if (!inventory) throw fail(`${plu} has neither an inventory list (div.inventory-collapse) nor an out-of-stock marker`);
  if (items.length === 0) throw fail(`${plu} has an empty inventory list and no out-of-stock marker`);

  const stores = items.map((li, i): WakeStoreStock => {
    const addressEl = findFirst(li, is('*', 'address'));
    const quantityEl = findFirst(li, is('*', 'quantity'));
    if (!addressEl || !quantityEl) {
      throw fail(`${plu} store ${i + 1} has no ${addressEl ? '.quantity' : '.address'}: ${quote(textOf(li))}`);
    }
    const address = cleanAddress(textOf(addressEl, { br: ', ' }));
    if (!address) throw fail(`${plu} store ${i + 1} has an empty address`);
    const quantity = parseQuantity(textOf(quantityEl));
    if (quantity === null) throw fail(`${plu} at ${quote(address)}: unreadable quantity ${quote(textOf(quantityEl))}`);
    return { address, quantity };
  });
  return { ...product, outOfStockEverywhere: false, stores };
}

/** "Rd.,<br>Raleigh" would give "Rd.,, Raleigh": keep one comma, none at the ends. */
function cleanAddress(text: string): string {
  return text
    .replace(/\s*,(?:\s*,)+\s*/g, ', ')
    .replace(/\s+,/g, ',')
    .replace(/^[,\s]+|[,\s]+$/g, '');
}

/** "3 in stock", "1,234 in stock", "0 in stock" → number; anything else → null. */
export function parseQuantity(text: string): number | null {
  const m = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\s+in\s+stock)?$/i.exec(text.trim());
  return m ? Number(m[1].replace(/,/g, '')) : null;
}

/** "79.95 USD", "$1,299.99" → number; missing or "Not Available" → null. */
export function parsePrice(text: string): number | null {
  const m = /(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?/.exec(text);
  return m ? Number(m[1].replace(/,/g, '') + (m[2] ?? '')) : null;
}

/** ".750L" → 750, "1.75L" → 1750, "50ml" → 50; unreadable → null. */
export function parseSizeMl(label: string): number | null {
  const m = /^(\d*\.?\d+)\s*(l|ml)$/i.exec(label.trim());
  if (!m) return null;
  const value = Number(m[1]) * (m[2].toLowerCase() === 'l' ? 1000 : 1);
  return Number.isFinite(value) && value > 0 ? Math.round(value) : null;
}

export interface KnownStore<Id = number | string> {
  id: Id;
  /** normalizeAddress(store address), as stores.address_key holds it. */
  addressKey: string;
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

/** Place each printed address on a known store by normalised address. */
export function matchStores<Id extends number | string>(products: WakeProduct[], knownStores: KnownStore<Id>[]): StoreMatch<Id> {
  const byKey = new Map<string, Id | typeof AMBIGUOUS>();
  for (const store of knownStores) byKey.set(store.addressKey, byKey.has(store.addressKey) ? AMBIGUOUS : store.id);

  const matched = new Map<string, Map<Id, number>>();
  const unmatched: UnmatchedStore[] = [];
  for (const product of products) {
    const perStore = matched.get(product.plu) ?? new Map<Id, number>();
    matched.set(product.plu, perStore);
    for (const { address, quantity } of product.stores) {
      const id = byKey.get(normalizeAddress(address));
      if (id === undefined) unmatched.push({ plu: product.plu, address, reason: 'unknown' });
      else if (id === AMBIGUOUS) unmatched.push({ plu: product.plu, address, reason: 'ambiguous' });
      else if (perStore.has(id)) unmatched.push({ plu: product.plu, address, reason: 'duplicate' });
      else perStore.set(id, quantity);
    }
  }
  return { matched, unmatched };
}
