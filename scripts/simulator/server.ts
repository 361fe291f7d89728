// The simulator's HTTP server (node:http, loopback only): the public NC ABC pages from sources.md, served
// from a SimWorld, plus control endpoints under /__sim/ for tests and the demo (read the state, move the
// clock, inject faults).
//
// Data paths (both hosts on one server: point WAKE_BASE_URL and NC_ABC_BASE_URL at it):
//   POST /search-results                      form productSearch=<text>  (GET ?productSearch= works too)
//   GET  /wp-admin/admin-ajax.php?action=store_search&lat=..&lng=..&max_results=..
//   GET  /StoresBoards/Stocks                 today's warehouse report
//   POST /StoresBoards/Stocks                 form ReportDate=M/D/YYYY&BrandName=
//   GET  /Search/StockShippedData             the latest shipments extract
// Control:
//   GET  /__sim/state                         now, next delivery per store, counters, faults, markup, respellings, debuts
//   POST /__sim/advance                       {"minutes"|"hours"|"days"|"ms": n} or {"to": ISO}
//   POST /__sim/fault                         {"path": "/StoresBoards/Stocks" | ... | "*", "kind": ..., "count"?: n}
//   GET  /__sim/deliveries?date=YYYY-MM-DD    what each store received that day (default today)
//   POST /__sim/markup                        {"wake"?: "documented"|"live"|"alternate", "warehouse"?: ...}
//   POST /__sim/respell                       {"storeNumber": n, "address": "..." | null}
//   POST /__sim/debut                         a DebutSpec (times as ISO strings); answers the DebutInfo
//   GET  /__sim/debuts                        every debut with its state now
//   POST /__sim/relabel                       {"plu": "12345", "label": "", "from"?: ISO, "classifyAt"?: ISO, "classifyAs"?: "..."}
//   GET  /__sim/stock?plu=27090,12345         ground truth: per PLU, per retail store number, bottles now
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { HOUR_MS, MINUTE_MS, DAY_MS, nyDateTime, nyLocal, TICK_MS, ymd } from './clock.ts';
import type { DebutSpec, RelabelSpec } from './debuts.ts';
import { ERROR_PAGE_KINDS, errorPage, siteOf, type ErrorPageKind } from './pages.ts';
import { MARKUPS, renderShipmentsExtract, renderStoreLocator, renderWakeSearch, renderWarehouseReport, type Markup } from './render.ts';
import { SimWorld, type SimWorldOptions } from './world.ts';

export const FAULT_KINDS = [
  'timeout',
  'http500',
  'bad-html',
  'truncated-json',
  'refuse',
  ...ERROR_PAGE_KINDS,
  'empty-table',
  'none',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** A page's markup: one of the two shapes, or `alternate` (documented on even requests, live on odd). */
export const MARKUP_SETTINGS = [...MARKUPS, 'alternate'] as const;
export type MarkupSetting = (typeof MARKUP_SETTINGS)[number];

export interface MarkupState {
  wake: MarkupSetting;
  warehouse: MarkupSetting;
}

const WAREHOUSE_PATH = '/StoresBoards/Stocks';

export const DATA_PATHS = ['/search-results', '/wp-admin/admin-ajax.php', '/StoresBoards/Stocks', '/Search/StockShippedData'] as const;

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
  /** Use this world instead of creating one (seed/start/historyDays/autoDebuts are then ignored). */
  world?: SimWorld;
  /** Markup of Wake's search results (default 'documented'). */
  wakeMarkup?: MarkupSetting;
  /** Markup of the warehouse report (default 'documented'). */
  warehouseMarkup?: MarkupSetting;
  /** Each data request first advances the world by one 15-minute tick. */
  tickOnRequest?: boolean;
  /** Advance the world with the wall clock (for the demo). */
  realtime?: boolean;
  /** Simulated milliseconds per wall-clock millisecond in realtime mode (default 1). */
  speed?: number;
  /** One line per request (default: silent). */
  log?: (line: string) => void;
}

export interface FaultState {
  path: string;
  kind: Exclude<FaultKind, 'none'>;
  /** Requests still to affect; null = until reset. */
  remaining: number | null;
}

export interface RunningSimulator {
  /** Base URL, e.g. http://127.0.0.1:4010 (no trailing slash). */
  url: string;
  port: number;
  world: SimWorld;
  /**
   * Sets (or with kind 'none' clears) the fault of a path; path '*' matches every data path
   * ('empty-table' only ever affects /StoresBoards/Stocks).
   */
  setFault(path: string, kind: FaultKind, count?: number): void;
  faults(): FaultState[];
  /** Changes the markup of Wake's search and/or the warehouse report (an `alternate` count restarts at 0). */
  setMarkup(markup: Partial<MarkupState>): void;
  markup(): MarkupState;
  /** Wake prints that store's address as `address` until cleared with null (see SimWorld.respell). */
  respell(storeNumber: number, address: string | null): void;
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
    options.world ?? new SimWorld({ seed: options.seed, start: options.start, historyDays: options.historyDays, autoDebuts: options.autoDebuts });
  const log = options.log;
  const faults = new Map<string, FaultState>();
  const markup: MarkupState = { wake: 'documented', warehouse: 'documented' };
  // Pages rendered per site since its markup was set: `alternate` picks the shape by parity.
  const rendered = { wake: 0, warehouse: 0 };
  const setMarkup = (next: Partial<MarkupState>) => {
    for (const key of ['wake', 'warehouse'] as const) {
      const value = next[key];
      if (value === undefined) continue;
      if (!MARKUP_SETTINGS.includes(value)) throw new HttpError(400, `unknown ${key} markup "${String(value)}" (one of ${MARKUP_SETTINGS.join(', ')})`);
      markup[key] = value;
      rendered[key] = 0;
    }
  };
  setMarkup({ wake: options.wakeMarkup, warehouse: options.warehouseMarkup });
  const shapeFor = (key: 'wake' | 'warehouse'): Markup => {
    const setting = markup[key];
    const n = rendered[key]++;
    if (setting !== 'alternate') return setting;
    return n % 2 === 0 ? 'documented' : 'live';
  };
  const requests: Record<string, number> = {};
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

  const setFault = (path: string, kind: FaultKind, count?: number) => {
    if (!FAULT_KINDS.includes(kind)) throw new HttpError(400, `unknown fault kind "${kind}" (one of ${FAULT_KINDS.join(', ')})`);
    if (path !== '*' && !(DATA_PATHS as readonly string[]).includes(path)) {
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
    if (count !== undefined && !(Number.isInteger(count) && count > 0)) throw new HttpError(400, 'count must be a positive integer');
    faults.set(path, { path, kind, remaining: count ?? null });
  };

  const takeFault = (path: string): FaultState['kind'] | undefined => {
    let fault = faults.get(path) ?? faults.get('*');
    // empty-table (only ever set for the warehouse path or '*') passes the other paths by, keeping its count.
    if (fault?.kind === 'empty-table' && path !== WAREHOUSE_PATH) fault = undefined;
    if (!fault) return undefined;
    if (fault.remaining !== null) {
      fault.remaining--;
      if (fault.remaining <= 0) faults.delete(fault.path);
    }
    faultsTriggered[fault.kind] = (faultsTriggered[fault.kind] ?? 0) + 1;
    return fault.kind;
  };

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
      nextDeliveries: world.nextDeliveries().map((d) => ({
        ...d,
        at: d.at ? d.at.toISOString() : null,
        atLocal: d.at ? nyDateTime(d.at.getTime()) : null,
        last: d.last ? d.last.toISOString() : null,
      })),
      counters: world.counters,
      requests,
      faultsTriggered,
      faults: [...faults.values()],
      markup: { ...markup },
      respellings: Object.fromEntries(world.respellings()),
      debuts: world.debuts(),
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
            'GET /__sim/debuts',
            'POST /__sim/relabel',
            'GET /__sim/stock?plu=...',
          ],
          dataPaths: DATA_PATHS,
          faultKinds: FAULT_KINDS,
          markups: MARKUP_SETTINGS,
        }),
      );
      return;
    }
    if (path === '/__sim/markup' && method === 'POST') {
      const body = parseJson(await readBody(req));
      setMarkup({
        wake: body.wake === undefined ? undefined : (String(body.wake) as MarkupSetting),
        warehouse: body.warehouse === undefined ? undefined : (String(body.warehouse) as MarkupSetting),
      });
      send(res, 200, JSON_TYPE, JSON.stringify({ markup }));
      return;
    }
    if (path === '/__sim/respell' && method === 'POST') {
      const body = parseJson(await readBody(req));
      if (body.address !== null && typeof body.address !== 'string') throw new HttpError(400, '"address" must be a string or null');
      try {
        world.respell(Number(body.storeNumber), body.address);
      } catch (error) {
        throw new HttpError(400, (error as Error).message);
      }
      send(res, 200, JSON_TYPE, JSON.stringify({ respellings: Object.fromEntries(world.respellings()) }));
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
    if (path === '/__sim/stock' && method === 'GET') {
      syncRealtime();
      const plus = (url.searchParams.get('plu') ?? '')
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean);
      let snapshot;
      try {
        snapshot = world.stockSnapshot(plus.length ? plus : undefined);
      } catch (error) {
        throw new HttpError(400, (error as Error).message);
      }
      const out: Record<string, Record<string, number>> = {};
      for (const [plu, stores] of snapshot) out[plu] = Object.fromEntries(stores);
      send(res, 200, JSON_TYPE, JSON.stringify({ now: world.now().toISOString(), stock: out }));
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
    if (path === '/__sim/fault' && method === 'POST') {
      const body = parseJson(await readBody(req));
      const count = body.count === undefined || body.count === null ? undefined : Number(body.count);
      setFault(String(body.path ?? ''), String(body.kind ?? '') as FaultKind, count);
      send(res, 200, JSON_TYPE, JSON.stringify({ faults: [...faults.values()] }));
      return;
    }
    if (path === '/__sim/deliveries' && method === 'GET') {
      syncRealtime();
      const date = url.searchParams.get('date') ?? ymd(nyLocal(world.nowMillis()).dayNumber);
      let records;
      try {
        records = world.deliveriesOn(date);
      } catch {
        throw new HttpError(400, 'date must be YYYY-MM-DD');
      }
      send(res, 200, JSON_TYPE, JSON.stringify({ date, deliveries: records }));
      return;
    }
    throw new HttpError(404, 'no such control endpoint');
  };

  const data = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const method = req.method ?? 'GET';
    const path = url.pathname;
    const known = (DATA_PATHS as readonly string[]).includes(path);
    if (!known) throw new HttpError(404, 'not found');
    const body = method === 'POST' ? await readBody(req) : '';
    const form = new URLSearchParams(body);
    requests[path] = (requests[path] ?? 0) + 1;

    syncRealtime();
    if (options.tickOnRequest) world.advance(TICK_MS);

    const fault = takeFault(path);
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

    let status = 200;
    let type = HTML;
    let out: string;
    if (path === '/search-results') {
      if (method !== 'POST' && method !== 'GET') throw new HttpError(405, 'method not allowed');
      const query = (method === 'POST' ? form.get('productSearch') : url.searchParams.get('productSearch')) ?? '';
      out = renderWakeSearch(world, query, { broken, markup: shapeFor('wake') });
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
    } else {
      if (method !== 'GET') throw new HttpError(405, 'method not allowed');
      if (broken) {
        out = MAINTENANCE_PAGE;
      } else {
        type = JSON_TYPE;
        out = renderShipmentsExtract(world);
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
    respell: (storeNumber, address) => world.respell(storeNumber, address),
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
