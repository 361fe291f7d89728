import { randomInt } from 'node:crypto';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { expect } from 'vitest';
import type { z } from 'zod';
import { ERROR_CODES } from '../lib/api/error-codes.ts';
import { CLIENT_ADDRESS_HEADER } from '../lib/api/handler.ts';

// Calls a route handler directly, as Next would: a NextRequest in, the Response out. A tiny cookie jar
// carries the session cookie between calls, like a browser.

export type Handler = (req: NextRequest, segment?: { params: Promise<Record<string, string>> }) => Promise<Response>;
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The handler app/api serves `pattern` with (`/api/health`, `/api/inventory/product/[plu]/where`). Tests outside
 * app/ name a route by its URL, as a client does, never by its file: lib/ does not import app/, tests included.
 */
export async function routeHandler(pattern: string, method: Method): Promise<Handler> {
  if (!pattern.startsWith('/api/')) throw new Error(`${pattern}: a route's pattern starts with /api/`);
  const file = path.resolve('app', `.${pattern}`, 'route.ts');
  const routeModule = (await import(/* @vite-ignore */ file)) as Partial<Record<Method, Handler>>;
  const handler = routeModule[method];
  if (!handler) throw new Error(`${pattern} has no ${method} handler (${file})`);
  return handler;
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  rawBody?: string;
  query?: Record<string, string>;
  params?: Record<string, string>;
  headers?: Record<string, string>;
  /**
   * Send no proof against cross-site requests: no X-Requested-With header, and a body goes as text/plain
   * (what a cross-site form can send) unless `headers` names a Content-Type.
   */
  noXhr?: boolean;
}

/** A random private address: each client looks like its own browser (its own connection) to the per-IP rate limits. */
export const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

export class TestClient {
  private cookies = new Map<string, string>();

  constructor(readonly ip = randomIp()) {}

  async call(handler: Handler, path: string, options: CallOptions = {}) {
    const url = new URL(path, 'http://localhost:3000');
    for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
    const headers = new Headers(options.headers);
    if (!options.noXhr) headers.set('X-Requested-With', 'XMLHttpRequest');
    if ((options.body !== undefined || options.rawBody !== undefined) && !headers.has('content-type')) {
      headers.set('Content-Type', options.noXhr ? 'text/plain;charset=UTF-8' : 'application/json');
    }
    if (this.cookies.size) headers.set('Cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    // What the app's server passes on (scripts/app-server.mjs): this client's own address.
    headers.set(CLIENT_ADDRESS_HEADER, this.ip);
    const req = new NextRequest(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
    const res = await handler(req, { params: Promise.resolve(options.params ?? {}) });
    for (const setCookie of res.headers.getSetCookie()) {
      const [pair, ...attrs] = setCookie.split(';');
      const [name, ...rest] = pair.split('=');
      const value = rest.join('=');
      const expired = attrs.some((a) => /max-age=0/i.test(a.trim())) || value === '';
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = await res.text();
    let json: Record<string, unknown> = {};
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      json = { _raw: text };
    }
    return { status: res.status, json: json as Record<string, any>, headers: res.headers }; // eslint-disable-line @typescript-eslint/no-explicit-any
  }

  /** The Cookie header this client sends (to replay it from another client). */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  hasSessionCookie() {
    return this.cookies.has('nbt_session');
  }
}

/** A 4xx answer with `success: false` and a non-empty JSON `error` the screen can show, and `message` for other clients (never a 500). */
export function expectClientError(res: { status: number; json: Record<string, unknown> }, status?: number) {
  if (status) expect(res.status, JSON.stringify(res.json)).toBe(status);
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(res.json.success).toBe(false);
  expect(typeof res.json.error).toBe('string');
  expect((res.json.error as string).length).toBeGreaterThan(0);
  // Clients read `message` (spec section 7), our screens `error`: every error answer carries both.
  expect(typeof res.json.message).toBe('string');
  expect((res.json.message as string).length).toBeGreaterThan(0);
  // …and a code from the closed set the screens compare against.
  expect(ERROR_CODES, `code ${JSON.stringify(res.json.code)}`).toContain(res.json.code);
}

/** One call of a contract test (app/api/contract*.db.test.ts): the route by its pattern, and the answer's schema. */
export interface ContractCall<T> {
  route: string;
  method: Method;
  schema: z.ZodType<T>;
  options?: CallOptions;
  /** The status the answer must have; 200 unless told. */
  status?: number;
}

/**
 * Calls the route as `client`, expects the status, and parses the answer strictly with the schema: returns the
 * parsed answer, or fails naming the fields that drifted. `covered` collects `route method` for the contract's
 * test that every route of its folders is called.
 */
export async function answerOf<T>(client: TestClient, call: ContractCall<T>, covered?: Set<string>): Promise<T> {
  const { route, method, schema, options, status = 200 } = call;
  covered?.add(`${route} ${method}`);
  const res = await client.call(await routeHandler(route, method), route, { method, ...options });
  expect(res.status, `${method} ${route}: ${JSON.stringify(res.json).slice(0, 300)}`).toBe(status);
  const parsed = schema.safeParse(res.json);
  if (!parsed.success) {
    throw new Error(`${method} ${route} does not match its contract:\n${parsed.error.issues.slice(0, 5).map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  }
  return parsed.data;
}
