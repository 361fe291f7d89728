// The ABC/GO platform (sources.md §6): several boards' inventory on one platform, one host per board
// (New Hanover: https://nh.abcgo.app; the host is its board_sources entry's base_url). Two JSON endpoints,
// both POSTs that need `X-Requested-With: XMLHttpRequest` (403 without it) and a JSON body (415 for a form):
// - `/api/inventory/search` {"filter": "<term>"} → [{ Code, Brand, Size, Retail, OnHand, Stores, ModifiedOn }]:
//   the board's total per product, and only products in stock somewhere (a sell-out simply disappears).
// - `/api/inventory/details` {"code": "<nc code>"} → [{ StoreId, BoardId, Code, Address1, City, State, Zip,
//   OnHand }], one row per store holding it. A real empty list is "0 everywhere": the only way to confirm
//   a sell-out. Search is for finding codes; the per-store answer always comes from details.
// Store rows are matched to the known stores by normalised address, as Wake's; an unmatched row is
// reported, never a zero. Anything that is not a real answer (HTTP error, HTML or a firewall page instead
// of JSON, JSON of the wrong shape, rows for another code) fails loudly.
import { z } from 'zod';
import { atUrl, SourceError, parseError, quote } from './errors.ts';
import { fetchText, type Limiter } from './http.ts';
import { bottles, describeIssues, jsonKind, numeric, parseJsonBody } from './json.ts';

export const ABCGO_SOURCE = 'abcgo inventory';


export interface AbcgoSearchItem {
  /** 5-digit NC code (dashless). */
  plu: string;
  brand: string;
  size: string | null;
  retail: number | null;
  /** Bottles on hand across the board. */
  onHand: number;
  /** How many stores carry it. */
  stores: number;
  modifiedOn: string | null;
}

export interface AbcgoStoreRow {
  /** The platform's store id, as sent. */
  storeId: string;
  boardId: string | null;
  plu: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  onHand: number;
}

export interface AbcgoOptions {
  /** The board's host, e.g. https://nh.abcgo.app (its board_sources entry's base_url). */
  boardUrl: string;
  signal?: AbortSignal;
  timeoutMs?: number;
  retries?: number;
  /** Shared politeness limiter for this board host (lib/ingest/board-sources.ts limiterFor). */
  limiter?: Limiter;
}


async function post(path: string, body: Record<string, string>, options: AbcgoOptions): Promise<{ url: string; data: unknown }> {
  const url = `${options.boardUrl.replace(/\/+$/, '')}${path}`;
  const request = () =>
    fetchText(url, {
      source: ABCGO_SOURCE,
      json: body,
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      accept: 'application/json',
      signal: options.signal,
      timeoutMs: options.timeoutMs,
      retries: options.retries,
    });
  const text = options.limiter ? await options.limiter.run(request) : await request();
  const where = `POST ${url} ${JSON.stringify(body)}`;
  try {
    return { url: where, data: parseJsonBody(ABCGO_SOURCE, text) };
  } catch (error) {
    throw error instanceof SourceError ? error.withUrl(where) : error;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Reading the answers

const text = z.union([z.string(), z.number()]).transform((v) => String(v).trim());
const optionalText = z.union([z.string(), z.number(), z.null()]).optional().transform((v) => (v === null || v === undefined ? '' : String(v).trim()));
/** A numeric code lost its leading zeros ("00028" → 28); dashes are dropped. */
const code = z
  .union([z.string(), z.number().int().nonnegative()])
  .transform((v) => (typeof v === 'number' ? String(v).padStart(5, '0') : v.trim().replace(/-/g, '')))
  .refine((v) => /^\d{5}$/.test(v), 'not a 5-digit NC code');

const SearchRow = z.object({
  Code: code,
  Brand: text,
  Size: optionalText,
  Retail: numeric.nullish(),
  OnHand: bottles,
  Stores: z.number().int().nonnegative(),
  ModifiedOn: z.string().nullish(),
});

const DetailsRow = z.object({
  StoreId: z.union([z.number().int(), z.string().trim().min(1)]).transform(String),
  BoardId: z.union([z.number().int(), z.string(), z.null()]).optional().transform((v) => (v === null || v === undefined ? null : String(v))),
  Code: code,
  Address1: text.refine((v) => v.length > 0, 'must not be empty'),
  City: optionalText,
  State: optionalText,
  Zip: optionalText,
  OnHand: bottles,
});

function rows<T>(data: unknown, schema: z.ZodType<T>, what: string): T[] {
  if (!Array.isArray(data)) {
    const said = typeof data === 'object' && data !== null && 'Message' in data ? ` (the platform says ${quote(String(data.Message))})` : '';
    throw parseError(ABCGO_SOURCE, `${what}: expected a JSON array, got ${jsonKind(data)}${said}`);
  }
  return data.map((row, i) => {
    const parsed = schema.safeParse(row);
    if (!parsed.success) throw parseError(ABCGO_SOURCE, `${what}: row ${i + 1}: ${describeIssues(parsed.error)}`);
    return parsed.data;
  });
}

/** The search answer: products in stock somewhere on the board. */
export function parseAbcgoSearch(data: unknown): AbcgoSearchItem[] {
  return rows(data, SearchRow, 'search').map((r) => ({
    plu: r.Code,
    brand: r.Brand,
    size: r.Size || null,
    retail: r.Retail ?? null,
    onHand: r.OnHand,
    stores: r.Stores,
    modifiedOn: r.ModifiedOn ?? null,
  }));
}

/** The details answer for one code: one row per store holding it; [] is 0 everywhere. */
export function parseAbcgoDetails(data: unknown, plu: string): AbcgoStoreRow[] {
  return rows(data, DetailsRow, `details for ${plu}`).map((r, i) => {
    if (r.Code !== plu) throw parseError(ABCGO_SOURCE, `details for ${plu}: row ${i + 1} is for code ${r.Code}`);
    return { storeId: r.StoreId, boardId: r.BoardId, plu: r.Code, address: r.Address1, city: r.City, state: r.State, zip: r.Zip, onHand: r.OnHand };
  });
}

// ---------------------------------------------------------------------------------------------------------
// Fetching

/** Products in stock somewhere on the board whose name or code matches `term`. */
export async function searchAbcgo(term: string, options: AbcgoOptions): Promise<AbcgoSearchItem[]> {
  const { url, data } = await post('/api/inventory/search', { filter: term }, options);
  return atUrl(url, () => parseAbcgoSearch(data));
}

/** The stores holding one product. [] (a real empty JSON list) means no store has it. */
export async function fetchAbcgoDetails(plu: string, options: AbcgoOptions): Promise<AbcgoStoreRow[]> {
  if (!/^\d{5}$/.test(plu)) throw new TypeError(`not a 5-digit NC code: ${JSON.stringify(plu)}`);
  const { url, data } = await post('/api/inventory/details', { code: plu }, options);
  return atUrl(url, () => parseAbcgoDetails(data, plu));
}
