// The simulator's HTTP server (node:http, loopback only): the public NC ABC pages from sources.md, served
// from a SimWorld, plus control endpoints under /__sim/ for tests and the demo (read the state, move the
// clock, inject faults).
//
// Data paths (every host on one server: point NC_ABC_BASE_URL and every board source at it, an ABC/GO board's
// at <it>/abcgo/<board id>: testing/simulator.ts:simulatorSourceUrls):
//   POST /search-results                      Wake: form productSearch=<text>  (GET ?productSearch= works too)
//   GET  /wp-admin/admin-ajax.php?action=store_search&lat=..&lng=..&max_results=..
//   GET  /StoresBoards/Stocks                 today's warehouse report
//   POST /StoresBoards/Stocks                 form ReportDate=M/D/YYYY&BrandName=
//   GET  /Search/StockShippedData             the latest shipments extract
//   GET  /Pricing/ExportData                  the price list (CSV)
//   GET  /local-abc-boards/public-allocated-and-limited-distribution-list/open   the allocated and limited list (XLSX)
//   GET  /search?q=<term>                     Durham: product cards
//   GET  /products/<NCCODE>                   Durham: a product page (fault path /products)
//   GET  /api/items?q=&limit=50&offset=       Greensboro: items with every location's quantity
//   GET  /scs/services/Location.Service.ss?page=<p>&results_per_page=20   Greensboro: its locations
//   POST /abcgo/<board id>/api/inventory/search    ABC/GO (New Hanover: 135): {"filter": term}
//   POST /abcgo/<board id>/api/inventory/details   ABC/GO: {"code": code}
// Control:
//   GET  /__sim/state                         now, next delivery per store, counters, faults, markup, respellings, debuts, other boards
//   POST /__sim/advance                       {"minutes"|"hours"|"days"|"ms": n} or {"to": ISO}
//   POST /__sim/fault                         {"path": "/StoresBoards/Stocks" | ... | "*", "kind": ..., "count"?: n, "plus"?: ["27090"],
//                                             "boardIds"?: [53] (drop-boards), "percent"?: 60 (drop-records), "delayMs"?: 2000 (slow)}
//   GET  /__sim/deliveries?date=YYYY-MM-DD&board=179   what each store of a board received that day (default today, Wake)
//   POST /__sim/markup                        {"wake"?: "documented"|"live"|"alternate", "warehouse"?: ..., "durham"?: "documented"|"drift"|"alternate", "greensboro"?: ..., "abcgo"?: ...}
//   POST /__sim/respell                       {"storeNumber": n, "address": "..." | null, "boardId"?: 78}
//   POST /__sim/debut                         a DebutSpec (times as ISO strings); answers the DebutInfo
//   POST /__sim/shipment                      {"plu", "boardId", "at": ISO, "units", "lands"?: true}: a shipment to a board (in its extract period; lands: on its stores' shelves too)
//   POST /__sim/announce                      {"plu", "name", "price", "stateList"?: "Allocation"|"Limited", ...}: a new code in the price list (catalog-lists.ts)
//   POST /__sim/list-price                    {"plu", "price"}: the price list's price from now on
//   POST /__sim/state-list                    {"plu", "section": "Allocation"|"Limited"|null}: onto the allocated list's section, or off it
//   GET  /__sim/arrivals?date=YYYY-MM-DD&board=53   what shipments put on a board's store shelves that day (every board without board)
//   GET  /__sim/extract-days                  which extract days were served, whole or not, and to which boards
//   GET  /__sim/debuts                        every debut with its state now
//   POST /__sim/relabel                       {"plu": "12345", "label": "", "from"?: ISO, "classifyAt"?: ISO, "classifyAs"?: "..."}
//   POST /__sim/delist                        {"plu": "12345", "at"?: ISO}: gone from every board's pages from then (default: the next tick)
//   GET  /__sim/stock?plu=27090,12345&board=179   ground truth: per PLU, per retail store number, bottles now
//   POST /__sim/greensboro-location           {"internalid": 125, "name": "Store 19", "address1": "...", "city": "..."} or {"internalid": 125, "remove": true}
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { HOUR_MS, MINUTE_MS, DAY_MS, nyDateTime, nyLocal, TICK_MS, ymd } from './clock.ts';
import { WAKE_BOARD_ID } from '../lib/reference/boards.ts';
import type { GreensboroLocationSpec } from './dataset.ts';
import type { DebutSpec, RelabelSpec } from './debuts.ts';
import { ERROR_PAGE_KINDS, errorPage, siteOf, type ErrorPageKind } from './pages.ts';
import {
  BOARD_MARKUPS,
  renderAbcgoDetails,
  renderAbcgoSearch,
  renderDurhamProduct,
  renderDurhamSearch,
  renderGreensboroItems,
  renderGreensboroLocator,
  type BoardMarkup,
} from './render-boards.ts';
import { MARKUPS, renderShipmentsExtract, renderStoreLocator, renderWakeSearch, renderWarehouseReport, type Markup } from './render.ts';
import { SimWorld, type ExtractFault, type NextDelivery, type ShipmentSpec, type SimWorldOptions } from './world.ts';
import type { Announcement } from './catalog-lists.ts';
import { renderAllocatedListXlsx } from './render-allocated-list.ts';
import { renderPriceListCsv } from './render-price-list.ts';
import { ALLOCATED_LIST_PATH } from '../lib/ingest/sources/allocated-list.ts';
import { PRICE_LIST_PATH } from '../lib/ingest/sources/price-list.ts';

/** Faults of the shipments extract only: a valid extract that is not the whole truth (extract-faults.ts). */
const EXTRACT_FAULT_KINDS = ['short-extract', 'stale-extract', 'drop-boards', 'drop-records'] as const;
const EXTRACT_PATH = '/Search/StockShippedData';

export const FAULT_KINDS = [
  'timeout',
  'slow',
  'http500',
  'bad-html',
  'truncated-json',
  'refuse',
  ...ERROR_PAGE_KINDS,
  'empty-table',
  ...EXTRACT_FAULT_KINDS,
  'nothing-matched',
  'short-list',
  'none',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/**
 * The paths with a "nothing matched" answer of their own (the nothing-matched fault: a search index hiccup,
 * the product on the shelves all along): Wake's results page without products, Durham's "No products found"
 * and "Product Not Found", Greensboro's `{ total: 0, items: [] }`, ABC/GO's search `[]`. ABC/GO's `details`
 * has none: its `[]` says no store holds the product (sources.md §6), so the fault passes it by.
 */
export const NOTHING_MATCHED_PATHS = ['/search-results', '/search', '/products', '/api/items', '/abcgo/135/api/inventory/search'] as const;

/** A page's markup: one of the two shapes, or `alternate` (documented on even requests, live on odd). */
export const MARKUP_SETTINGS = [...MARKUPS, 'alternate'] as const;
export type MarkupSetting = (typeof MARKUP_SETTINGS)[number];

export interface MarkupState {
  wake: MarkupSetting;
  warehouse: MarkupSetting;
}

/** The other boards' answers: as documented, drifted (the same facts spelled the other accepted ways) or `alternate`. */
export const BOARD_MARKUP_SETTINGS = [...BOARD_MARKUPS, 'alternate'] as const;
export type BoardMarkupSetting = (typeof BOARD_MARKUP_SETTINGS)[number];

export interface BoardMarkupState {
  durham: BoardMarkupSetting;
  greensboro: BoardMarkupSetting;
  abcgo: BoardMarkupSetting;
}

const WAREHOUSE_PATH = '/StoresBoards/Stocks';

export const DATA_PATHS = [
  '/search-results',
  '/wp-admin/admin-ajax.php',
  '/StoresBoards/Stocks',
  '/Search/StockShippedData',
  '/search',
  '/products',
  '/api/items',
  '/scs/services/Location.Service.ss',
  // ABC/GO, one host per board: New Hanover's (135) here; any board the world keeps shelves for answers at
  // /abcgo/<board id>/… (dataPathOf), each path its own fault key.
  '/abcgo/135/api/inventory/search',
  '/abcgo/135/api/inventory/details',
  // The Commission's catalog lists (issue 40): the price list's CSV export and the allocated and limited list's XLSX.
  '/Pricing/ExportData',
  '/local-abc-boards/public-allocated-and-limited-distribution-list/open',
] as const;

/** The catalog lists' paths: 'short-list' (a list a third of its length) applies to them only. */
const CATALOG_LIST_PATHS: readonly string[] = [PRICE_LIST_PATH, ALLOCATED_LIST_PATH];

const ABCGO_PATH = /^\/abcgo\/\d{1,9}\/api\/inventory\/(search|details)$/;

/** The board an ABC/GO path names (/abcgo/<board id>/…), when the world keeps its shelves; else undefined. */
function abcgoBoard(world: SimWorld, path: string): number | undefined {
  const id = Number(path.split('/')[2]);
  return world.shelfBoardIds().includes(id) && id !== WAKE_BOARD_ID ? id : undefined;
}

/** The PLU a data request is about, when it names one (a search by code, a product page, ABC/GO's filter or code). */
function subjectOf(path: string, url: URL, form: URLSearchParams, body: string): string | undefined {
  let asked: unknown;
  if (path === '/search-results') asked = form.get('productSearch') ?? url.searchParams.get('productSearch');
  else if (path === '/search' || path === '/api/items') asked = url.searchParams.get('q');
  else if (path === '/products') asked = decodeURIComponent(url.pathname.slice('/products/'.length));
  else if (path.startsWith('/abcgo/')) {
    try {
      const json = JSON.parse(body) as Record<string, unknown>;
      asked = json.code ?? json.filter;
    } catch {
      return undefined;
    }
  }
  const code = String(asked ?? '').trim().replace(/-/g, '');
  return /^\d{5}$/.test(code) ? code : undefined;
}

/** The data path a request path is, for faults and counts (Durham's /products/<code> is /products); undefined when none. */
/** A path with a "nothing matched" answer of its own: NOTHING_MATCHED_PATHS, and any ABC/GO board's search. */
function nothingMatchedPath(path: string): boolean {
  return (NOTHING_MATCHED_PATHS as readonly string[]).includes(path) || (ABCGO_PATH.test(path) && path.endsWith('/search'));
}

export function dataPathOf(pathname: string): string | undefined {
  if ((DATA_PATHS as readonly string[]).includes(pathname) || ABCGO_PATH.test(pathname)) return pathname;
  if (/^\/products\/[^/]+$/.test(pathname)) return '/products';
  return undefined;
}

const ABCGO_FORBIDDEN = `<!DOCTYPE html>
<html><head><title>403 - Forbidden: Access is denied.</title></head>
<body><div id="header"><h1>Server Error</h1></div><div id="content"><fieldset><h2>403 - Forbidden: Access is denied.</h2>
<h3>You do not have permission to view this directory or page using the credentials that you supplied.</h3></fieldset></div></body></html>
`;

export interface SimulatorOptions {
  /** TCP port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  seed?: number;
  /** Simulated start time (default: now). */
  start?: Date | number | string;
  /** Days simulated before start (see SimWorldOptions.historyDays). */
  historyDays?: number;
  /** Seeded automatic debuts (see SimWorldOptions.autoDebuts); off by default. */
  autoDebuts?: SimWorldOptions['autoDebuts'];
  /** Stores of boards beyond the registry's whose shelves the world keeps (SimWorldOptions.shelfBoardStores). */
  shelfBoardStores?: SimWorldOptions['shelfBoardStores'];
  /** The boards' habits (SimWorldOptions.habits): 'classic' (default) or 'varied'. */
  habits?: SimWorldOptions['habits'];
  /** Use this world instead of creating one (seed/start/historyDays/autoDebuts/shelfBoardStores/habits are then ignored). */
  world?: SimWorld;
  /** Markup of Wake's search results (default 'documented'). */
  wakeMarkup?: MarkupSetting;
  /** Markup of the warehouse report (default 'documented'). */
  warehouseMarkup?: MarkupSetting;
  /** Shape of Durham's pages, Greensboro's and ABC/GO's answers (default 'documented'). */
  durhamMarkup?: BoardMarkupSetting;
  greensboroMarkup?: BoardMarkupSetting;
  abcgoMarkup?: BoardMarkupSetting;
  /** Each data request first advances the world by one 15-minute tick. */
  tickOnRequest?: boolean;
  /** Advance the world with the wall clock (for the demo). */
  realtime?: boolean;
  /** Simulated milliseconds per wall-clock millisecond in realtime mode (default 1). */
  speed?: number;
  /** One line per request (default: silent). */
  log?: (line: string) => void;
}

/**
 * What a data request's answer said about the one product it asked for: its shelves (stock, or 0 everywhere),
 * nothing about it (the site's own "found nothing": the nothing-matched fault, a delisted product, a debut
 * not out yet, a code the site does not know), or no answer at all (an error, maintenance or firewall page,
 * a changed page that shows the product, an answer cut short, refused or never sent).
 */
export type ProductSaid = 'shelf' | 'nothing' | 'no-answer';

/** One data request about one product (a search by code, a product page, ABC/GO's filter or code), as served. */
export interface ProductAnswer {
  /** The data path (DATA_PATHS: Durham's /products/<code> is /products). */
  path: string;
  plu: string;
  said: ProductSaid;
}

/** Answers kept for takeServedAnswers; beyond this the oldest are dropped (a long demo never takes them). */
const ANSWERS_KEPT = 50_000;

export interface FaultState {
  path: string;
  kind: Exclude<FaultKind, 'none'>;
  /** Requests still to affect; null = until reset. */
  remaining: number | null;
  /** Only requests about these PLUs (searched for, or the product asked); null = every request. */
  plus: string[] | null;
  /** drop-boards: the boards left out; drop-records: the percentage of records left out. */
  boardIds?: number[];
  percent?: number;
  /** slow: how long each answer is held before it is sent (a site slowing to a trickle); the answer itself is true. */
  delayMs?: number;
}

export interface RunningSimulator {
  /** Base URL, e.g. http://127.0.0.1:4010 (no trailing slash). */
  url: string;
  port: number;
  world: SimWorld;
  /**
   * Sets (or with kind 'none' clears) the fault of a path; path '*' matches every data path
   * ('empty-table' only ever affects /StoresBoards/Stocks, 'nothing-matched' only NOTHING_MATCHED_PATHS,
   * the extract faults only /Search/StockShippedData: 'short-extract' — a valid extract without its busiest
   * board's records —, 'stale-extract' — the previous extract again —, 'drop-boards' — without `boardIds`' records
   * — and 'drop-records' — without `percent`% of its records).
   * With `plus`, only requests about those PLUs are affected (and counted).
   */
  setFault(path: string, kind: FaultKind, count?: number, plus?: string[], extract?: { boardIds?: number[]; percent?: number; delayMs?: number }): void;
  faults(): FaultState[];
  /**
   * Changes the markup of Wake's search, the warehouse report and/or the other boards' answers (an
   * `alternate` count restarts at 0).
   */
  setMarkup(markup: Partial<MarkupState & BoardMarkupState>): void;
  markup(): MarkupState;
  boardMarkup(): BoardMarkupState;
  /** A board (default Wake) prints that store's address as `address` until cleared with null (see SimWorld.respell). */
  respell(storeNumber: number, address: string | null, boardId?: number): void;
  /** Greensboro's storefront lists an unknown location (see SimWorld.addGreensboroLocation). */
  addGreensboroLocation(location: GreensboroLocationSpec): void;
  removeGreensboroLocation(internalid: number): boolean;
  /** How many requests each data path has answered so far (Durham's /products/<code> counted as /products). */
  requests(): Record<string, number>;
  /**
   * What every request about one product said about it since the last call, oldest first (and forgets
   * them): the ground truth a scenario compares with the products the scraper's run recorded as said
   * nothing about (`noDataPlus`) or failed (`failedPlus`).
   */
  takeServedAnswers(): ProductAnswer[];
  stop(): Promise<void>;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const MAX_BODY = 1 << 20;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new HttpError(413, 'body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, contentType: string, body: string | Buffer, headers: Record<string, string> = {}): void {
  const buf = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  res.writeHead(status, { ...headers, 'Content-Type': contentType, 'Content-Length': buf.length, 'Cache-Control': 'no-store' });
  res.end(buf);
}

const HTML = 'text/html; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';

const ERROR_PAGE = `<!DOCTYPE html>
<html><head><title>Runtime Error</title></head>
<body><h1>Server Error in '/' Application.</h1><h2><i>Runtime Error</i></h2>
<p>An application error occurred on the server.</p></body></html>
`;

const MAINTENANCE_PAGE = `<!DOCTYPE html>
<html><head><title>Site Maintenance</title></head>
<body><h1>We&rsquo;ll be back soon!</h1><p>This site is undergoing scheduled maintenance.</p></body></html>
`;

function parseJson(text: string): Record<string, unknown> {
  if (!text.trim()) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new HttpError(400, 'expected a JSON object body');
}

/** Starts the simulator on 127.0.0.1. */
export async function startSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const world =
    options.world ??
    new SimWorld({ seed: options.seed, start: options.start, historyDays: options.historyDays, autoDebuts: options.autoDebuts, shelfBoardStores: options.shelfBoardStores, habits: options.habits });
  const log = options.log;
  const faults = new Map<string, FaultState>();
  const markup: MarkupState = { wake: 'documented', warehouse: 'documented' };
  const boardMarkup: BoardMarkupState = { durham: 'documented', greensboro: 'documented', abcgo: 'documented' };
  // Pages rendered per site since its markup was set: `alternate` picks the shape by parity.
  const rendered = { wake: 0, warehouse: 0, durham: 0, greensboro: 0, abcgo: 0 };
  const setMarkup = (next: Partial<MarkupState & BoardMarkupState>) => {
    const set = <K extends keyof typeof rendered>(state: Record<K, string>, keys: readonly K[], allowed: readonly string[]) => {
      for (const key of keys) {
        const value = next[key];
        if (value === undefined) continue;
        if (!allowed.includes(value)) throw new HttpError(400, `unknown ${key} markup "${String(value)}" (one of ${allowed.join(', ')})`);
        state[key] = value;
        rendered[key] = 0;
      }
    };
    set(markup, ['wake', 'warehouse'], MARKUP_SETTINGS);
    set(boardMarkup, ['durham', 'greensboro', 'abcgo'], BOARD_MARKUP_SETTINGS);
  };
  setMarkup({
    wake: options.wakeMarkup,
    warehouse: options.warehouseMarkup,
    durham: options.durhamMarkup,
    greensboro: options.greensboroMarkup,
    abcgo: options.abcgoMarkup,
  });
  /** Whether this page of a site takes its second shape (live / drift): `alternate` takes it on odd requests. */
  const second = (key: keyof typeof rendered): boolean => {
    const setting = key === 'wake' || key === 'warehouse' ? markup[key] : boardMarkup[key];
    const n = rendered[key]++;
    return setting === 'alternate' ? n % 2 === 1 : setting !== 'documented';
  };
  const shapeFor = (key: 'wake' | 'warehouse'): Markup => (second(key) ? 'live' : 'documented');
  const boardShape = (key: keyof BoardMarkupState): BoardMarkup => (second(key) ? 'drift' : 'documented');
  const requests: Record<string, number> = {};
  let served: ProductAnswer[] = [];
  // A request about a product that ends in an error status (405, 400) was no answer: the handler's catch amends it.
  const answerOfResponse = new WeakMap<ServerResponse, ProductAnswer>();
  const faultsTriggered: Record<string, number> = {};
  const held = new Set<ServerResponse>();
  const sockets = new Set<Socket>();

  // Realtime: simulated time = anchor.sim + (wall - anchor.wall) * speed; re-anchored on manual moves.
  const speed = options.speed && options.speed > 0 ? options.speed : 1;
  let anchor = { sim: world.nowMillis(), wall: Date.now() };
  const syncRealtime = () => {
    if (!options.realtime) return;
    const target = anchor.sim + (Date.now() - anchor.wall) * speed;
    if (target > world.nowMillis()) world.setTime(target);
  };
  const reanchor = () => {
    anchor = { sim: world.nowMillis(), wall: Date.now() };
  };
  const timer = options.realtime ? setInterval(syncRealtime, Math.max(50, Math.min(1000, TICK_MS / speed / 4))) : undefined;
  timer?.unref();

  const setFault = (path: string, kind: FaultKind, count?: number, plus?: string[], extract: { boardIds?: number[]; percent?: number; delayMs?: number } = {}) => {
    if (!FAULT_KINDS.includes(kind)) throw new HttpError(400, `unknown fault kind "${kind}" (one of ${FAULT_KINDS.join(', ')})`);
    if (path !== '*' && !dataPathOf(path)) {
      throw new HttpError(400, `unknown path "${path}" (one of ${DATA_PATHS.join(', ')}, *)`);
    }
    if (kind === 'none') {
      if (path === '*') faults.clear();
      else faults.delete(path);
      return;
    }
    if (kind === 'empty-table' && path !== '*' && path !== WAREHOUSE_PATH) {
      throw new HttpError(400, `fault empty-table applies to ${WAREHOUSE_PATH} (or *) only`);
    }
    if (kind === 'nothing-matched' && path !== '*' && !nothingMatchedPath(path)) {
      throw new HttpError(400, `fault nothing-matched applies to ${NOTHING_MATCHED_PATHS.join(', ')} (or *) only`);
    }
    if (kind === 'short-list' && path !== '*' && !CATALOG_LIST_PATHS.includes(path)) {
      throw new HttpError(400, `fault short-list applies to ${CATALOG_LIST_PATHS.join(', ')} (or *) only`);
    }
    const extractFault = (EXTRACT_FAULT_KINDS as readonly string[]).includes(kind);
    if (extractFault && path !== '*' && path !== EXTRACT_PATH) throw new HttpError(400, `fault ${kind} applies to ${EXTRACT_PATH} (or *) only`);
    const { boardIds, percent, delayMs } = extract;
    if (kind === 'slow' && !(typeof delayMs === 'number' && Number.isInteger(delayMs) && delayMs > 0 && delayMs <= 600_000)) {
      throw new HttpError(400, 'fault slow needs delayMs, a whole number of milliseconds in (0, 600000]');
    }
    if (kind === 'drop-boards' && !(Array.isArray(boardIds) && boardIds.length && boardIds.every((id) => Number.isInteger(id) && id > 0))) {
      throw new HttpError(400, 'fault drop-boards needs boardIds, a list of board ids');
    }
    if (kind === 'drop-records' && !(typeof percent === 'number' && percent > 0 && percent <= 100)) {
      throw new HttpError(400, 'fault drop-records needs percent, a number in (0, 100]');
    }
    if (count !== undefined && !(Number.isInteger(count) && count > 0)) throw new HttpError(400, 'count must be a positive integer');
    if (plus !== undefined && !(Array.isArray(plus) && plus.every((p) => typeof p === 'string' && /^\d{5}$/.test(p)))) {
      throw new HttpError(400, 'plus must be a list of 5-digit PLUs');
    }
    faults.set(path, {
      path,
      kind,
      remaining: count ?? null,
      plus: plus ?? null,
      ...(kind === 'drop-boards' ? { boardIds } : {}),
      ...(kind === 'drop-records' ? { percent } : {}),
      ...(kind === 'slow' ? { delayMs } : {}),
    });
  };

  /** The fault this request takes (counting it), given the PLU it is about (undefined: none). */
  const takeFault = (path: string, subject: string | undefined): FaultState | undefined => {
    let fault = faults.get(path) ?? faults.get('*');
    // empty-table and nothing-matched (set for their paths or '*') pass the other paths by, keeping their count.
    if (fault?.kind === 'empty-table' && path !== WAREHOUSE_PATH) fault = undefined;
    if (fault && (EXTRACT_FAULT_KINDS as readonly string[]).includes(fault.kind) && path !== EXTRACT_PATH) fault = undefined;
    if (fault?.kind === 'nothing-matched' && !nothingMatchedPath(path)) fault = undefined;
    if (fault?.kind === 'short-list' && !CATALOG_LIST_PATHS.includes(path)) fault = undefined;
    if (fault?.plus && !(subject && fault.plus.includes(subject))) fault = undefined;
    if (!fault) return undefined;
    if (fault.remaining !== null) {
      fault.remaining--;
      if (fault.remaining <= 0) faults.delete(fault.path);
    }
    faultsTriggered[fault.kind] = (faultsTriggered[fault.kind] ?? 0) + 1;
    return fault;
  };

  /** What the answer to a request about `plu` says about it, given the fault the request took. */
  const saidAbout = (path: string, plu: string, fault: FaultState['kind'] | undefined): ProductSaid => {
    if (fault === 'nothing-matched') return 'nothing';
    if (fault && fault !== 'bad-html') return 'no-answer';
    const p = world.product(plu);
    const shown = p !== undefined && world.onWake(p);
    // A changed page (bad-html) is no answer wherever it shows the product; where it shows none it says
    // what it would have said.
    const broken = fault === 'bad-html';
    if (path.startsWith('/abcgo/')) {
      const board = abcgoBoard(world, path);
      const held = shown && board !== undefined && world.boardStockOf(board, plu).size > 0;
      // details answer every code: its rows, or a real [] (0 everywhere); search lists only what some store holds.
      if (path.endsWith('/details')) return broken && held ? 'no-answer' : 'shelf';
      return held ? (broken ? 'no-answer' : 'shelf') : 'nothing';
    }
    return shown ? (broken ? 'no-answer' : 'shelf') : 'nothing';
  };
  /** Records what a request about a product is answered (returned, so a refusal found later can amend it). */
  const recordAnswer = (path: string, plu: string | undefined, fault: FaultState['kind'] | undefined): ProductAnswer | undefined => {
    if (plu === undefined) return undefined;
    if (served.length >= ANSWERS_KEPT) served = served.slice(ANSWERS_KEPT / 2);
    const answer: ProductAnswer = { path, plu, said: saidAbout(path, plu, fault) };
    served.push(answer);
    return answer;
  };

  const deliveryJson = (d: NextDelivery) => ({
    ...d,
    at: d.at ? d.at.toISOString() : null,
    atLocal: d.at ? nyDateTime(d.at.getTime()) : null,
    last: d.last ? d.last.toISOString() : null,
  });
  const state = () => {
    const local = nyLocal(world.nowMillis());
    return {
      now: world.now().toISOString(),
      nowLocal: nyDateTime(world.nowMillis()),
      today: ymd(local.dayNumber),
      seed: world.seed,
      version: world.version,
      realtime: options.realtime ? { speed } : null,
      tickOnRequest: Boolean(options.tickOnRequest),
      extractDatetime: world.extract().extractDatetime,
      nextDeliveries: world.nextDeliveries().map(deliveryJson),
      counters: world.counters,
      requests,
      faultsTriggered,
      faults: [...faults.values()],
      markup: { ...markup },
      boardMarkup: { ...boardMarkup },
      respellings: Object.fromEntries(world.respellings()),
      debuts: world.debuts(),
      delistings: Object.fromEntries(world.delistings()),
      // The other boards (Wake's are above): their stores' next deliveries, counters and respellings.
      boards: Object.fromEntries(
        world
          .shelfBoardIds()
          .filter((id) => id !== WAKE_BOARD_ID)
          .map((id) => [
            id,
            {
              name: world.data.boards.find((b) => b.id === id)?.name,
              nextDeliveries: world.nextDeliveries(id).map(deliveryJson),
              counters: world.shelfCounters(id),
              respellings: Object.fromEntries(world.respellings(id)),
            },
          ]),
      ),
      greensboroLocations: world.greensboroExtraLocations(),
    };
  };

  const control = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const method = req.method ?? 'GET';
    const path = url.pathname.replace(/\/+$/, '');
    if (path === '/__sim' && method === 'GET') {
      send(
        res,
        200,
        JSON_TYPE,
        JSON.stringify({
          endpoints: [
            'GET /__sim/state',
            'POST /__sim/advance',
            'POST /__sim/fault',
            'GET /__sim/deliveries?date=YYYY-MM-DD',
            'POST /__sim/markup',
            'POST /__sim/respell',
            'POST /__sim/debut',
            'POST /__sim/shipment',
            'GET /__sim/arrivals?date=YYYY-MM-DD&board=53',
            'GET /__sim/extract-days',
            'GET /__sim/debuts',
            'POST /__sim/relabel',
            'POST /__sim/delist',
            'GET /__sim/stock?plu=...&board=179',
            'POST /__sim/greensboro-location',
          ],
          dataPaths: DATA_PATHS,
          faultKinds: FAULT_KINDS,
          markups: MARKUP_SETTINGS,
          boardMarkups: BOARD_MARKUP_SETTINGS,
        }),
      );
      return;
    }
    if (path === '/__sim/markup' && method === 'POST') {
      const body = parseJson(await readBody(req));
      const value = (key: string) => (body[key] === undefined ? undefined : String(body[key]));
      setMarkup({
        wake: value('wake') as MarkupSetting | undefined,
        warehouse: value('warehouse') as MarkupSetting | undefined,
        durham: value('durham') as BoardMarkupSetting | undefined,
        greensboro: value('greensboro') as BoardMarkupSetting | undefined,
        abcgo: value('abcgo') as BoardMarkupSetting | undefined,
      });
      send(res, 200, JSON_TYPE, JSON.stringify({ markup, boardMarkup }));
      return;
    }
    if (path === '/__sim/greensboro-location' && method === 'POST') {
      const body = parseJson(await readBody(req));
      try {
        if (body.remove === true) world.removeGreensboroLocation(Number(body.internalid));
        else world.addGreensboroLocation(body as unknown as GreensboroLocationSpec);
      } catch (error) {
        throw new HttpError(400, (error as Error).message);
      }
      send(res, 200, JSON_TYPE, JSON.stringify({ locations: world.greensboroExtraLocations() }));
      return;
    }
    if (path === '/__sim/respell' && method === 'POST') {
      const body = parseJson(await readBody(req));
      if (body.address !== null && typeof body.address !== 'string') throw new HttpError(400, '"address" must be a string or null');
      const boardId = body.boardId === undefined || body.boardId === null ? WAKE_BOARD_ID : Number(body.boardId);
      try {
        world.respell(Number(body.storeNumber), body.address, boardId);
      } catch (error) {
        throw new HttpError(400, (error as Error).message);
      }
      send(res, 200, JSON_TYPE, JSON.stringify({ respellings: Object.fromEntries(world.respellings(boardId)) }));
      return;
    }
    if (path === '/__sim/debut' && method === 'POST') {
      const body = parseJson(await readBody(req));
      syncRealtime();
      let info;
      try {
        info = world.scheduleDebut(body as unknown as DebutSpec);
      } catch (error) {
        throw new HttpError(400, (error as Error).message);
      }
      send(res, 200, JSON_TYPE, JSON.stringify(info));
      return;
    }
    if (path === '/__sim/shipment' && method === 'POST') {
      const body = parseJson(await readBody(req));
      syncRealtime();
      let info;
      try {
        info = world.scheduleShipment(body as unknown as ShipmentSpec);
      } catch (error) {
        throw new HttpError(400, (error as Error).message);
      }
      send(res, 200, JSON_TYPE, JSON.stringify(info));
      return;
    }
    if (path === '/__sim/extract-days' && method === 'GET') {
      syncRealtime();
      send(res, 200, JSON_TYPE, JSON.stringify({ days: world.extractDays() }));
      return;
    }
    if (path === '/__sim/debuts' && method === 'GET') {
      syncRealtime();
      send(res, 200, JSON_TYPE, JSON.stringify({ debuts: world.debuts() }));
      return;
    }
    if (path === '/__sim/relabel' && method === 'POST') {
      const body = parseJson(await readBody(req));
      try {
        world.relabel(String(body.plu ?? ''), body as unknown as RelabelSpec);
      } catch (error) {
        throw new HttpError(400, (error as Error).message);
      }
      send(res, 200, JSON_TYPE, JSON.stringify({ ok: true }));
      return;
    }
    if (path === '/__sim/delist' && method === 'POST') {
      const body = parseJson(await readBody(req));
      try {
        world.delist(String(body.plu ?? ''), (body.at as string | undefined) ?? world.nowMillis() + TICK_MS);
      } catch (error) {
        throw new HttpError(400, (error as Error).message);
      }
      send(res, 200, JSON_TYPE, JSON.stringify({ delistings: Object.fromEntries(world.delistings()) }));
      return;
    }
    if (path === '/__sim/stock' && method === 'GET') {
      syncRealtime();
      const plus = (url.searchParams.get('plu') ?? '')
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean);
      const board = url.searchParams.get('board');
      let snapshot;
      try {
        // Wake's is stockSnapshot (zeros included); another board's lists the stores holding some.
        snapshot = board === null ? world.stockSnapshot(plus.length ? plus : undefined) : world.boardStockSnapshot(Number(board), plus.length ? plus : undefined);
      } catch (error) {
        throw new HttpError(400, (error as Error).message);
      }
      const out: Record<string, Record<string, number>> = {};
      for (const [plu, stores] of snapshot) out[plu] = Object.fromEntries(stores);
      send(res, 200, JSON_TYPE, JSON.stringify({ now: world.now().toISOString(), board: board === null ? WAKE_BOARD_ID : Number(board), stock: out }));
      return;
    }
    if (path === '/__sim/state' && method === 'GET') {
      syncRealtime();
      send(res, 200, JSON_TYPE, JSON.stringify(state()));
      return;
    }
    if (path === '/__sim/advance' && method === 'POST') {
      const body = parseJson(await readBody(req));
      syncRealtime();
      if (body.to !== undefined) {
        const to = Date.parse(String(body.to));
        if (!Number.isFinite(to)) throw new HttpError(400, '"to" must be an ISO date-time');
        if (to < world.nowMillis()) throw new HttpError(400, 'the clock only moves forward');
        world.setTime(to);
      } else {
        const units: [string, number][] = [['ms', 1], ['minutes', MINUTE_MS], ['hours', HOUR_MS], ['days', DAY_MS]];
        let ms = 0;
        let given = false;
        for (const [key, unit] of units) {
          if (body[key] === undefined) continue;
          const n = Number(body[key]);
          if (!Number.isFinite(n) || n < 0) throw new HttpError(400, `"${key}" must be a number >= 0`);
          ms += n * unit;
          given = true;
        }
        if (!given) throw new HttpError(400, 'give one of minutes, hours, days, ms or to');
        world.advance(ms);
      }
      reanchor();
      send(res, 200, JSON_TYPE, JSON.stringify(state()));
      return;
    }
    if (path === '/__sim/announce' && method === 'POST') {
      const body = parseJson(await readBody(req));
      try {
        world.lists.announce(body as unknown as Announcement);
      } catch (error) {
        throw new HttpError(400, (error as Error).message);
      }
      send(res, 200, JSON_TYPE, JSON.stringify({ announced: body.plu }));
      return;
    }
    if (path === '/__sim/list-price' && method === 'POST') {
      const body = parseJson(await readBody(req));
      try {
        world.lists.setPrice(String(body.plu ?? ''), Number(body.price));
      } catch (error) {
        throw new HttpError(400, (error as Error).message);
      }
      send(res, 200, JSON_TYPE, JSON.stringify({ plu: body.plu, price: Number(body.price) }));
      return;
    }
    if (path === '/__sim/state-list' && method === 'POST') {
      const body = parseJson(await readBody(req));
      const section = body.section === null ? null : String(body.section);
      if (section !== null && section !== 'Allocation' && section !== 'Limited') throw new HttpError(400, 'section must be Allocation, Limited or null');
      try {
        world.lists.moveOnList(String(body.plu ?? ''), section);
      } catch (error) {
        throw new HttpError(400, (error as Error).message);
      }
      send(res, 200, JSON_TYPE, JSON.stringify({ plu: body.plu, section }));
      return;
    }
    if (path === '/__sim/fault' && method === 'POST') {
      const body = parseJson(await readBody(req));
      const count = body.count === undefined || body.count === null ? undefined : Number(body.count);
      const plus = body.plus === undefined || body.plus === null ? undefined : (body.plus as string[]);
      const boardIds = body.boardIds === undefined || body.boardIds === null ? undefined : (body.boardIds as number[]);
      const percent = body.percent === undefined || body.percent === null ? undefined : Number(body.percent);
      const delayMs = body.delayMs === undefined || body.delayMs === null ? undefined : Number(body.delayMs);
      setFault(String(body.path ?? ''), String(body.kind ?? '') as FaultKind, count, plus, { boardIds, percent, delayMs });
      send(res, 200, JSON_TYPE, JSON.stringify({ faults: [...faults.values()] }));
      return;
    }
    if (path === '/__sim/deliveries' && method === 'GET') {
      syncRealtime();
      const date = url.searchParams.get('date') ?? ymd(nyLocal(world.nowMillis()).dayNumber);
      const board = Number(url.searchParams.get('board') ?? WAKE_BOARD_ID);
      let records;
      try {
        records = world.deliveriesOn(date, board);
      } catch (error) {
        throw new HttpError(400, /board/.test((error as Error).message) ? (error as Error).message : 'date must be YYYY-MM-DD');
      }
      send(res, 200, JSON_TYPE, JSON.stringify({ date, board, deliveries: records }));
      return;
    }
    if (path === '/__sim/arrivals' && method === 'GET') {
      syncRealtime();
      const date = url.searchParams.get('date') ?? ymd(nyLocal(world.nowMillis()).dayNumber);
      const boardParam = url.searchParams.get('board');
      let arrivals;
      try {
        arrivals = world.arrivalsOn(date, boardParam === null ? undefined : Number(boardParam));
      } catch (error) {
        throw new HttpError(400, /board/.test((error as Error).message) ? (error as Error).message : 'date must be YYYY-MM-DD');
      }
      const out = arrivals.map(({ boardId, storeNumber, day, at, plu, quantity, shipTick, extractDay }) => ({
        boardId,
        storeNumber,
        date: ymd(day),
        at: new Date(at).toISOString(),
        plu,
        quantity,
        shippedAt: new Date(shipTick).toISOString(),
        extractDay: ymd(extractDay),
      }));
      send(res, 200, JSON_TYPE, JSON.stringify({ date, board: boardParam === null ? null : Number(boardParam), arrivals: out }));
      return;
    }
    throw new HttpError(404, 'no such control endpoint');
  };

  const data = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const method = req.method ?? 'GET';
    const path = dataPathOf(url.pathname);
    if (!path) throw new HttpError(404, 'not found');
    const body = method === 'POST' ? await readBody(req) : '';
    const form = new URLSearchParams(body);
    requests[path] = (requests[path] ?? 0) + 1;

    syncRealtime();
    if (options.tickOnRequest) world.advance(TICK_MS);

    const subject = subjectOf(path, url, form, body);
    const taken = takeFault(path, subject);
    // A slow answer is a true answer, held first (the client may give up meanwhile).
    if (taken?.kind === 'slow') await new Promise((resolve) => setTimeout(resolve, taken.delayMs));
    const fault = taken?.kind === 'slow' ? undefined : taken?.kind;
    const answer = recordAnswer(path, subject, fault);
    if (answer) answerOfResponse.set(res, answer);
    if (fault === 'refuse') {
      req.socket.destroy();
      return;
    }
    if (fault === 'timeout') {
      held.add(res); // never answered; ended when the client gives up or the simulator stops
      res.on('close', () => held.delete(res));
      return;
    }
    if (fault === 'http500') {
      send(res, 500, HTML, ERROR_PAGE);
      return;
    }
    if (fault && (ERROR_PAGE_KINDS as readonly string[]).includes(fault)) {
      const query = (method === 'POST' ? form.get('productSearch') : url.searchParams.get('productSearch')) ?? '';
      const page = errorPage(fault as ErrorPageKind, siteOf(path), query, faultsTriggered[fault] ?? 0);
      send(res, page.status, HTML, page.body, page.headers);
      return;
    }
    const broken = fault === 'bad-html';
    const nothing = fault === 'nothing-matched';

    // The catalog lists: a file each. bad-html is an HTML page where the file should be (the price list) or the
    // XLSX without its section rows (the allocated list); short-list keeps a third of the rows; truncated-json cuts
    // the file in half.
    if (path === PRICE_LIST_PATH || path === ALLOCATED_LIST_PATH) {
      if (method !== 'GET') throw new HttpError(405, 'method not allowed');
      const third = <T,>(rows: T[]) => (fault === 'short-list' ? rows.slice(0, Math.ceil(rows.length / 3)) : rows);
      let file: Buffer;
      let contentType: string;
      if (path === PRICE_LIST_PATH) {
        if (broken) {
          send(res, 200, HTML, MAINTENANCE_PAGE);
          return;
        }
        file = Buffer.from(renderPriceListCsv(third(world.lists.priceList(world.nowMillis()))), 'utf8');
        contentType = 'text/csv; charset=utf-8';
      } else {
        const list = world.lists.allocatedList(world.nowMillis());
        file = Buffer.from(await renderAllocatedListXlsx({ ...list, items: third(list.items) }, { shape: broken ? 'no-sections' : 'documented' }));
        contentType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
      }
      send(res, 200, contentType, fault === 'truncated-json' ? file.subarray(0, Math.floor(file.length / 2)) : file);
      return;
    }

    let status = 200;
    let type = HTML;
    let out: string;
    if (path === '/search-results') {
      if (method !== 'POST' && method !== 'GET') throw new HttpError(405, 'method not allowed');
      const query = (method === 'POST' ? form.get('productSearch') : url.searchParams.get('productSearch')) ?? '';
      out = renderWakeSearch(world, query, { broken, nothing, markup: shapeFor('wake') });
    } else if (path === '/StoresBoards/Stocks') {
      if (method !== 'POST' && method !== 'GET') throw new HttpError(405, 'method not allowed');
      const params = method === 'POST' ? form : url.searchParams;
      out = renderWarehouseReport(world, {
        reportDate: params.get('ReportDate') ?? undefined,
        brandName: params.get('BrandName') ?? undefined,
        broken,
        empty: fault === 'empty-table',
        markup: shapeFor('warehouse'),
      });
    } else if (path === '/wp-admin/admin-ajax.php') {
      if (url.searchParams.get('action') !== 'store_search') {
        status = 400;
        out = '0'; // WordPress's answer to an unknown ajax action
      } else if (broken) {
        out = MAINTENANCE_PAGE;
      } else {
        type = JSON_TYPE;
        out = renderStoreLocator(world, url.searchParams);
      }
    } else if (path === '/search') {
      if (method !== 'GET') throw new HttpError(405, 'method not allowed');
      out = renderDurhamSearch(world, url.searchParams.get('q') ?? '', { broken, nothing, markup: boardShape('durham') });
    } else if (path === '/products') {
      if (method !== 'GET') throw new HttpError(405, 'method not allowed');
      const code = decodeURIComponent(url.pathname.slice('/products/'.length));
      out = renderDurhamProduct(world, code, { broken, nothing, markup: boardShape('durham') });
    } else if (path === '/api/items') {
      if (method !== 'GET') throw new HttpError(405, 'method not allowed');
      type = JSON_TYPE;
      out = renderGreensboroItems(world, url.searchParams, { broken, nothing, markup: boardShape('greensboro') });
    } else if (path === '/scs/services/Location.Service.ss') {
      if (method !== 'GET') throw new HttpError(405, 'method not allowed');
      type = JSON_TYPE;
      out = renderGreensboroLocator(world, url.searchParams, { broken });
    } else if (path.startsWith('/abcgo/')) {
      // The platform: POST only, 403 without X-Requested-With, 415 without a JSON body.
      const [, , , , , endpoint] = path.split('/');
      const boardId = abcgoBoard(world, path);
      if (boardId === undefined) throw new HttpError(404, 'not found');
      if (method !== 'POST') throw new HttpError(405, 'method not allowed');
      const refuse = (status: number, contentType: string, page: string) => {
        if (answer) answer.said = 'no-answer';
        send(res, status, contentType, page);
      };
      if (req.headers['x-requested-with'] !== 'XMLHttpRequest') {
        refuse(403, HTML, ABCGO_FORBIDDEN);
        return;
      }
      if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
        refuse(415, 'application/problem+json; charset=utf-8', JSON.stringify({ title: 'Unsupported Media Type', status: 415 }));
        return;
      }
      let request: Record<string, unknown>;
      try {
        request = parseJson(body);
      } catch {
        refuse(400, JSON_TYPE, JSON.stringify({ Message: 'The request is invalid.' }));
        return;
      }
      type = JSON_TYPE;
      const shape = boardShape('abcgo');
      out =
        endpoint === 'search'
          ? renderAbcgoSearch(world, boardId, String(request.filter ?? ''), { broken, nothing, markup: shape })
          : renderAbcgoDetails(world, boardId, String(request.code ?? ''), { broken, markup: shape });
    } else {
      if (method !== 'GET') throw new HttpError(405, 'method not allowed');
      if (broken) {
        out = MAINTENANCE_PAGE;
      } else {
        type = JSON_TYPE;
        const extractFault = taken && (EXTRACT_FAULT_KINDS as readonly string[]).includes(taken.kind) ? (taken as ExtractFault) : undefined;
        out = renderShipmentsExtract(world, { extract: world.serveExtract(extractFault, fault !== 'truncated-json') });
      }
    }
    if (fault === 'truncated-json') {
      const buf = Buffer.from(out, 'utf8');
      send(res, status, type, buf.subarray(0, Math.floor(buf.length / 2)));
      return;
    }
    send(res, status, type, out);
  };

  const server = createServer((req, res) => {
    const started = Date.now();
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const handler = url.pathname === '/__sim' || url.pathname.startsWith('/__sim/') ? control : data;
    handler(req, res, url)
      .catch((error: unknown) => {
        const answer = answerOfResponse.get(res);
        if (answer) answer.said = 'no-answer';
        if (res.headersSent || res.destroyed) return;
        const status = error instanceof HttpError ? error.status : 500;
        const message = error instanceof Error ? error.message : String(error);
        send(res, status, JSON_TYPE, JSON.stringify({ error: message }));
      })
      .finally(() => {
        log?.(`${req.method} ${url.pathname}${url.search} -> ${res.headersSent ? res.statusCode : 'held/destroyed'} (${Date.now() - started} ms)`);
      });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('clientError', (_error, socket) => socket.destroy());

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;

  let stopped: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    world,
    setFault,
    faults: () => [...faults.values()],
    setMarkup,
    markup: () => ({ ...markup }),
    boardMarkup: () => ({ ...boardMarkup }),
    respell: (storeNumber, address, boardId) => world.respell(storeNumber, address, boardId),
    addGreensboroLocation: (location) => world.addGreensboroLocation(location),
    removeGreensboroLocation: (internalid) => world.removeGreensboroLocation(internalid),
    requests: () => ({ ...requests }),
    takeServedAnswers() {
      const taken = served;
      served = [];
      return taken;
    },
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        if (timer) clearInterval(timer);
        for (const res of held) res.destroy();
        held.clear();
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      return stopped;
    },
  };
}
