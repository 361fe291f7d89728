// Greensboro ABC's storefront (sources.md §6): NetSuite SuiteCommerce, JSON, no login.
// - Items `GET /api/items?q=<term>&limit=50&offset=<n>&fieldset=details&...` → { total, items }, paged by
//   offset until `total` is covered. Each item carries its NC code (itemid) and the quantity at every
//   location (quantityavailableforstorepickup_detail.locations: internalid, qtyavailableforstorepickup,
//   possibly a float such as 2.0), zeros included: one answer is the whole board's shelf for that product.
// - Locations are ids, not names. The store locator service `/scs/services/Location.Service.ss` (20 records
//   a page: internalid, name, address1, city) says which ids are stores ("Store 1" … "Store 19"), which is
//   the mixed-beverage outlet and which are not stores at all (home office, law enforcement, warehouses).
// Store history is keyed on the location id (stores.source_store_key), never on a name or an address: a
// store's id is known from the reference data or learned once by its exact address, and a keyed location
// whose locator address has another street number is reported rather than used.
// Anything that is not a real answer (HTTP error, HTML or a firewall page instead of JSON, JSON of the
// wrong shape, fractional bottles) fails loudly. What an item, or its absence, means is judged in judgement.ts.
import { z } from 'zod';
import { normalizeAddress } from '../../text/address.ts';
import { streetNumber, type BoardStore, type Placement, type UnmatchedStoreLine } from './board-stock.ts';
import { atUrl, SourceError, parseError } from './errors.ts';
import { fetchText, siteUrl, type Limiter } from './http.ts';
import { bottles, describeIssues, jsonKind, numeric, parseJsonBody } from './json.ts';

export const GREENSBORO_ITEMS_SOURCE = 'greensboro items';
export const GREENSBORO_LOCATOR_SOURCE = 'greensboro store locator';
/** Items per page of the items API (its `limit`). */
export const GREENSBORO_ITEMS_PAGE = 50;
/** Records per page of the locator service. */
export const GREENSBORO_LOCATOR_PAGE = 20;
/** A search returning more items than this is refused: search with a narrower term. */
const MAX_ITEMS = 2_000;
const MAX_LOCATOR_PAGES = 25;

export interface GreensboroLocationStock {
  /** The location's internalid. */
  locationId: string;
  /** Bottles available for store pickup ("2.0" → 2). */
  quantity: number;
}

export interface GreensboroItem {
  /** As the storefront sends it. */
  itemId: string;
  /** The 5-digit NC code when the itemid is one (dashes removed), else null (not a spirits item). */
  plu: string | null;
  name: string;
  price: number | null;
  /** Every location the storefront lists for the item, zeros included. */
  locations: GreensboroLocationStock[];
}

export type GreensboroLocationKind = 'store' | 'mixed_beverage' | 'not_a_store';

export interface GreensboroLocation {
  locationId: string;
  /** "Store 11", "Store 10 - MXB", "Warehouse". */
  name: string;
  address: string;
  city: string;
  /** From the name: home office, law enforcement and warehouse locations are not stores. */
  kind: GreensboroLocationKind;
}

export interface GreensboroOptions {
  baseUrl?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
  retries?: number;
  /** Shared politeness limiter (lib/ingest/board-sources.ts limiterFor); every page request goes through it. */
  limiter?: Limiter;
}


const baseUrl = (options: GreensboroOptions) => siteUrl(GREENSBORO_ITEMS_SOURCE, options.baseUrl);

async function getJson(url: string, source: string, options: GreensboroOptions): Promise<unknown> {
  const request = () =>
    fetchText(url, { source, signal: options.signal, timeoutMs: options.timeoutMs, retries: options.retries, accept: 'application/json' });
  const body = options.limiter ? await options.limiter.run(request) : await request();
  try {
    return parseJsonBody(source, body);
  } catch (error) {
    throw error instanceof SourceError ? error.withUrl(url) : error;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Items

const id = z.union([z.number().int().nonnegative(), z.string().trim().regex(/^\d+$/, 'not an integer id')]).transform((v) => String(v).trim());

const ItemsPage = z.object({
  total: z.number().int().nonnegative(),
  items: z.array(
    z.object({
      itemid: z.union([z.string().trim().min(1), z.number().int().nonnegative()]),
      displayname: z.string(),
      onlinecustomerprice_detail: z.object({ onlinecustomerprice: numeric.nullish() }).nullish(),
      quantityavailableforstorepickup_detail: z.object({
        locations: z.array(z.object({ internalid: id, qtyavailableforstorepickup: bottles })),
      }),
    }),
  ),
});

/** One page of the items API. */
export function parseGreensboroItemsPage(data: unknown): { total: number; items: GreensboroItem[] } {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw parseError(GREENSBORO_ITEMS_SOURCE, `expected an object with total and items, got ${jsonKind(data)}`);
  }
  const parsed = ItemsPage.safeParse(data);
  if (!parsed.success) {
    const message = 'errorMessage' in data ? ` (the storefront says ${JSON.stringify(String(data.errorMessage)).slice(0, 120)})` : '';
    throw parseError(GREENSBORO_ITEMS_SOURCE, `unexpected items answer: ${describeIssues(parsed.error)}${message}`);
  }
  return {
    total: parsed.data.total,
    items: parsed.data.items.map((item): GreensboroItem => {
      // A numeric itemid lost its leading zeros ("00028" → 28).
      const itemId = typeof item.itemid === 'number' ? String(item.itemid).padStart(5, '0') : item.itemid;
      const code = itemId.replace(/-/g, '');
      return {
        itemId,
        plu: /^\d{5}$/.test(code) ? code : null,
        name: item.displayname.trim(),
        price: item.onlinecustomerprice_detail?.onlinecustomerprice ?? null,
        locations: item.quantityavailableforstorepickup_detail.locations.map((l) => ({ locationId: l.internalid, quantity: l.qtyavailableforstorepickup })),
      };
    }),
  };
}

export function greensboroItemsUrl(base: string, term: string, offset: number): string {
  const query = new URLSearchParams({
    q: term,
    limit: String(GREENSBORO_ITEMS_PAGE),
    offset: String(offset),
    fieldset: 'details',
    country: 'US',
    language: 'en',
    currency: 'USD',
  });
  return `${base}/api/items?${query}`;
}

/** Every item the storefront's search returns for `term`, page after page until `total` is covered. */
export async function searchGreensboroItems(term: string, options: GreensboroOptions = {}): Promise<GreensboroItem[]> {
  const base = baseUrl(options);
  const items = new Map<string, GreensboroItem>();
  let total: number | undefined;
  let offset = 0;
  do {
    const url = greensboroItemsUrl(base, term, offset);
    const data = await getJson(url, GREENSBORO_ITEMS_SOURCE, options);
    const page = atUrl(url, () => {
      const read = parseGreensboroItemsPage(data);
      const fail = (reason: string) => parseError(GREENSBORO_ITEMS_SOURCE, reason);
      if (total !== undefined && read.total !== total) throw fail(`total changed while paging (${total}, then ${read.total}): the results moved under us`);
      if (read.total > MAX_ITEMS) throw fail(`${read.total} items for one search (at most ${MAX_ITEMS}): search with a narrower term`);
      if (read.items.length === 0 && offset < read.total) throw fail(`no items at offset ${offset} although total is ${read.total}`);
      if (read.items.length > GREENSBORO_ITEMS_PAGE) throw fail(`${read.items.length} items on one page (asked for ${GREENSBORO_ITEMS_PAGE})`);
      return read;
    });
    total = page.total;
    offset += page.items.length;
    for (const item of page.items) if (!items.has(item.itemId)) items.set(item.itemId, item);
  } while (offset < total);
  return [...items.values()];
}

// ---------------------------------------------------------------------------------------------------------
// Locations

const LocatorPage = z.object({
  records: z.array(
    z.object({
      internalid: id,
      name: z.string().trim().min(1),
      address1: z.string().nullish(),
      city: z.string().nullish(),
    }),
  ),
  totalRecordsFound: z.number().int().nonnegative(),
});

const NOT_A_STORE = /\b(?:home|main|general|corporate|central)\s+office\b|\boffice\b|\blaw\s+enforcement\b|\bwarehouse\b|\bdistribution\b|\bheadquarters\b|\bhq\b/i;
const MIXED_BEVERAGE = /\bMXB\b|mixed[\s-]*beverage|\bLBD\b/i;

/** What a location is, from its name: "Warehouse" and "Home Office" are not stores; "Store 10 - MXB" is the outlet. */
export function greensboroLocationKind(name: string): GreensboroLocationKind {
  if (NOT_A_STORE.test(name)) return 'not_a_store';
  if (MIXED_BEVERAGE.test(name)) return 'mixed_beverage';
  return 'store';
}

/** One page of the locator service. */
export function parseGreensboroLocatorPage(data: unknown): { total: number; locations: GreensboroLocation[] } {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw parseError(GREENSBORO_LOCATOR_SOURCE, `expected an object with records and totalRecordsFound, got ${jsonKind(data)}`);
  }
  const parsed = LocatorPage.safeParse(data);
  if (!parsed.success) throw parseError(GREENSBORO_LOCATOR_SOURCE, `unexpected locator answer: ${describeIssues(parsed.error)}`);
  return {
    total: parsed.data.totalRecordsFound,
    locations: parsed.data.records.map((r) => ({
      locationId: r.internalid,
      name: r.name,
      address: (r.address1 ?? '').trim(),
      city: (r.city ?? '').trim(),
      kind: greensboroLocationKind(r.name),
    })),
  };
}

export function greensboroLocatorUrl(base: string, page: number): string {
  return `${base}/scs/services/Location.Service.ss?page=${page}&results_per_page=${GREENSBORO_LOCATOR_PAGE}`;
}

/** Every location of the store locator, 20 a page. */
export async function fetchGreensboroLocations(options: GreensboroOptions = {}): Promise<GreensboroLocation[]> {
  const base = baseUrl(options);
  const found = new Map<string, GreensboroLocation>();
  let total: number | undefined;
  for (let page = 1; total === undefined || found.size < total; page++) {
    const url = greensboroLocatorUrl(base, page);
    const data = await getJson(url, GREENSBORO_LOCATOR_SOURCE, options);
    atUrl(url, () => {
      const read = parseGreensboroLocatorPage(data);
      const fail = (reason: string) => parseError(GREENSBORO_LOCATOR_SOURCE, reason);
      if (total !== undefined && read.total !== total) throw fail(`totalRecordsFound changed while paging (${total}, then ${read.total})`);
      total = read.total;
      if (read.locations.length === 0 && found.size < total) throw fail(`page ${page} has no records although ${total} were found and ${found.size} read`);
      if (page > MAX_LOCATOR_PAGES) throw fail(`more than ${MAX_LOCATOR_PAGES} pages of locations`);
      for (const location of read.locations) {
        if (found.has(location.locationId)) throw fail(`location ${location.locationId} listed twice`);
        found.set(location.locationId, location);
      }
    });
  }
  const locations = [...found.values()];
  if (!locations.some((l) => l.kind !== 'not_a_store')) {
    throw new SourceError({ kind: 'no_data', source: GREENSBORO_LOCATOR_SOURCE, reason: 'the locator lists no store', url: greensboroLocatorUrl(base, 1) });
  }
  return locations;
}

export interface GreensboroLocationMatch<Id> {
  /** Location id → the known store it is. */
  stores: Map<string, Id>;
  /** Locations that are not stores (home office, law enforcement, warehouses): their quantities are not shelves. */
  notStores: Set<string>;
  /** Ids learned by exact address for stores that had none: the wiring persists them as stores.source_store_key. */
  learned: { storeId: Id; locationId: string }[];
  /** Store locations no known store could take, with why. */
  unmatched: { locationId: string; description: string; reason: 'unknown' | 'ambiguous' | 'duplicate' | 'conflict' }[];
  /** Every location the locator listed, by id (for describing lines). */
  locations: Map<string, GreensboroLocation>;
}

/** "location 27 (Store 11, 2731 Ring Road, Greensboro)". */
export function describeLocation(locationId: string, location: GreensboroLocation | undefined): string {
  if (!location) return `location ${locationId} (not in the store locator)`;
  return `location ${locationId} (${[location.name, location.address, location.city].filter(Boolean).join(', ')})`;
}

/**
 * Which known store each store location is. A store whose id is known (stores.source_store_key) is that
 * location, unless the locator prints another street number for it ("conflict": a moved store or a reused
 * id is reported, never followed). A store without an id takes the location of its kind (store or outlet)
 * whose address matches its key exactly, and the id is learned. Nothing fuzzy: otherwise it is unmatched.
 */
export function matchGreensboroLocations<Id extends number | string>(locations: GreensboroLocation[], knownStores: BoardStore<Id>[]): GreensboroLocationMatch<Id> {
  const match: GreensboroLocationMatch<Id> = { stores: new Map(), notStores: new Set(), learned: [], unmatched: [], locations: new Map(locations.map((l) => [l.locationId, l])) };
  const byKey = new Map(knownStores.filter((s) => s.sourceKey).map((s) => [s.sourceKey!, s]));
  const taken = new Set<Id>();
  for (const location of locations) {
    const description = describeLocation(location.locationId, location);
    const keyed = byKey.get(location.locationId);
    if (keyed) {
      const printed = streetNumber(location.address);
      const known = streetNumber(keyed.addressKey);
      if (printed && known && printed !== known) match.unmatched.push({ locationId: location.locationId, description, reason: 'conflict' });
      else {
        match.stores.set(location.locationId, keyed.id);
        taken.add(keyed.id);
      }
      continue;
    }
    if (location.kind === 'not_a_store') {
      match.notStores.add(location.locationId);
      continue;
    }
    const key = normalizeAddress(location.address);
    const candidates = key
      ? knownStores.filter((s) => !s.sourceKey && s.addressKey === key && s.mixedBeverage === (location.kind === 'mixed_beverage'))
      : [];
    if (candidates.length > 1) match.unmatched.push({ locationId: location.locationId, description, reason: 'ambiguous' });
    else if (candidates.length === 0) match.unmatched.push({ locationId: location.locationId, description, reason: 'unknown' });
    else if (taken.has(candidates[0].id)) match.unmatched.push({ locationId: location.locationId, description, reason: 'duplicate' });
    else {
      match.stores.set(location.locationId, candidates[0].id);
      match.learned.push({ storeId: candidates[0].id, locationId: location.locationId });
      taken.add(candidates[0].id);
    }
  }
  return match;
}

// ---------------------------------------------------------------------------------------------------------
// Placing an item's locations

/** The spirits items of a search by NC code; two items with one code is no answer (which would be the shelf?). */
export function greensboroItemsByCode(items: GreensboroItem[]): Map<string, GreensboroItem & { plu: string }> {
  const byCode = new Map<string, GreensboroItem & { plu: string }>();
  for (const item of items) {
    if (!item.plu) continue;
    if (byCode.has(item.plu)) throw parseError(GREENSBORO_ITEMS_SOURCE, `two items with NC code ${item.plu}`);
    byCode.set(item.plu, { ...item, plu: item.plu });
  }
  return byCode;
}

/**
 * One item's quantities placed on the known stores, by location id. Non-store locations are left out; a
 * location no known store is, or a location listed twice, is an unmatched line (never a zero); a known
 * store the item does not list is `unlisted` (the storefront lists every location, so that is not 0).
 */
export function placeGreensboroItem<Id extends number | string>(
  item: GreensboroItem & { plu: string },
  match: GreensboroLocationMatch<Id>,
  knownStores: BoardStore<Id>[],
): Placement<Id> {
  const stock = new Map<Id, number>();
  const unmatched: UnmatchedStoreLine[] = [];
  const seen = new Set<string>();
  const why = new Map(match.unmatched.map((u) => [u.locationId, u.reason]));
  for (const { locationId, quantity } of item.locations) {
    const line = { plu: item.plu, address: describeLocation(locationId, match.locations.get(locationId)), quantity, sourceKey: locationId };
    if (seen.has(locationId)) {
      unmatched.push({ ...line, reason: 'duplicate' });
      continue;
    }
    seen.add(locationId);
    const storeId = match.stores.get(locationId);
    if (storeId !== undefined) stock.set(storeId, quantity);
    else if (!match.notStores.has(locationId)) unmatched.push({ ...line, reason: why.get(locationId) ?? 'unknown' });
  }
  const unlisted = knownStores.filter((s) => !stock.has(s.id)).map((s) => s.id);
  return { stock, unmatched, unlisted };
}
