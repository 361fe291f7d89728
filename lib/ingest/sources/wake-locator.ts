// Wake store locator (sources.md §2): the WP Store Locator plugin's JSON, our source of store metadata.
// WP Store Locator sends most values as strings (ids, coordinates), so those are coerced; anything missing
// fails the parse rather than producing a half-filled store.
import { z } from 'zod';
import { SourceError, parseError, quote } from './errors.ts';
import { fetchText, siteUrl } from './http.ts';
import { decodeEntities, parseHtml, textOf } from './html.ts';

export const WAKE_LOCATOR_SOURCE = 'wake store locator';
/** The locator lists Wake's warehouse under this id; it is not a store. */
export const WAKE_WAREHOUSE_LOCATOR_ID = 186;
export const WAKE_LOCATOR_QUERY = 'action=store_search&lat=35.7796&lng=-78.6382&max_results=100&search_radius=500&autoload=1';

export interface WakeLocatorStore {
  locatorId: number;
  name: string;
  address: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  lat: number;
  lng: number;
  phone: string;
  /** Plain text (the plugin may send an HTML table). */
  hours: string;
  /** Serves mixed-beverage permit holders only (name/hours/address mention MXB or "Mixed Beverage"). */
  mixedBeverageOnly: boolean;
}

export interface WakeLocatorOptions {
  baseUrl?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
  retries?: number;
}

export async function fetchWakeLocator(options: WakeLocatorOptions = {}): Promise<WakeLocatorStore[]> {
  const url = `${siteUrl(WAKE_LOCATOR_SOURCE, options.baseUrl)}/wp-admin/admin-ajax.php?${WAKE_LOCATOR_QUERY}`;
  const body = await fetchText(url, { source: WAKE_LOCATOR_SOURCE, signal: options.signal, timeoutMs: options.timeoutMs, retries: options.retries });
  try {
    return parseWakeLocator(body);
  } catch (error) {
    throw error instanceof SourceError ? error.withUrl(url) : error;
  }
}

// Text fields: present (null allowed for optional ones), HTML entities decoded (WordPress encodes "&" etc.).
const text = z.union([z.string(), z.number()]).transform((v) => decodeEntities(String(v)).trim());
const optionalText = z.union([z.string(), z.number(), z.null()]).transform((v) => (v === null ? '' : decodeEntities(String(v)).trim()));
// Hours may be an HTML table: read as text, entities decoded once by the HTML reader.
const hoursText = z.union([z.string(), z.null()]).transform((v) => (v === null ? '' : textOf(parseHtml(v))));
const required = text.refine((v) => v.length > 0, 'must not be empty');
const coordinate = z.union([z.number(), z.string().trim().regex(/^-?\d+(\.\d+)?$/, 'not a number')]).transform(Number);
const id = z.union([z.number().int().nonnegative(), z.string().trim().regex(/^\d+$/, 'not an integer id')]).transform(Number);

const Row = z.object({
  id,
  store: required,
  address: required,
  address2: optionalText,
  city: required,
  state: text,
  zip: optionalText,
  lat: coordinate,
  lng: coordinate,
  phone: optionalText,
  hours: hoursText,
});

const FIELDS = Object.keys(Row.shape);

const MIXED_BEVERAGE = /\bMXB\b|mixed[\s-]*beverage/i;

/** Parse the locator JSON into stores, without the warehouse. */
export function parseWakeLocator(body: string): WakeLocatorStore[] {
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch (error) {
    throw parseError(WAKE_LOCATOR_SOURCE, `response is not JSON (${(error as Error).message}); starts with ${quote(body, 40)}`);
  }
  if (!Array.isArray(data)) {
    throw parseError(WAKE_LOCATOR_SOURCE, `expected a JSON array of stores, got ${data === null ? 'null' : typeof data}`);
  }
  if (data.length === 0) throw new SourceError({ kind: 'no_data', source: WAKE_LOCATOR_SOURCE, reason: 'the locator returned no stores' });

  const stores: WakeLocatorStore[] = [];
  data.forEach((raw: unknown, index) => {
    const label = `row ${index + 1}`;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw parseError(WAKE_LOCATOR_SOURCE, `${label} is not an object`);
    const where = `${label}${'id' in raw ? ` (id ${String(raw.id)})` : ''}`;
    const missing = FIELDS.filter((field) => !(field in raw));
    if (missing.length > 0) throw parseError(WAKE_LOCATOR_SOURCE, `${where}: missing ${missing.join(', ')}`);
    const parsed = Row.safeParse(raw);
    if (!parsed.success) {
      const issues = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`);
      throw parseError(WAKE_LOCATOR_SOURCE, `${where}: ${issues.join('; ')}`);
    }
    const row = parsed.data;
    if (row.id === WAKE_WAREHOUSE_LOCATOR_ID) return;
    const { hours } = row;
    stores.push({
      locatorId: row.id,
      name: row.store,
      address: row.address,
      address2: row.address2,
      city: row.city,
      state: row.state,
      zip: row.zip,
      lat: row.lat,
      lng: row.lng,
      phone: row.phone,
      hours,
      mixedBeverageOnly: [row.store, hours, row.address, row.address2].some((v) => MIXED_BEVERAGE.test(v)),
    });
  });
  return stores;
}
