import 'server-only';
import { cookies } from 'next/headers';
import { unstable_rethrow } from 'next/navigation';
import { NextResponse, type NextRequest } from 'next/server';
import { ZodError, type z } from 'zod';
import { changesHeard } from '../db/changes.ts';
import { getSessionUser, isStaff, type CookieJar, type SessionUser } from '../auth/session.ts';
import { ErrorCode } from './error-codes.ts';
import { ApiError, errorBody } from './errors.ts';

// Every route handler goes through `route()`: it requires proof against cross-site requests on
// state-changing calls, resolves the session and role, parses params/query/body with zod, and turns
// errors into JSON 4xx answers. A 500 means a bug; it is logged and answered without details.

type Access = 'public' | 'user' | 'staff';

interface RouteConfig<P, Q, B> {
  access: Access;
  /**
   * false: a state-changing call that needs no cross-site proof. Only for calls a forged request cannot
   * abuse (logout: see docs/decisions/007-cross-site-requests.md).
   */
  crossSiteProof?: false;
  /**
   * true: a POST that only reads — a question whose body is too large or too structured for a URL (delivery
   * analysis, stores without deliveries). It changes nothing, so it does not wait for the write barrier that
   * follows every state-changing call (changesHeard, lib/db/changes.ts). Cross-site proof is still required.
   */
  readOnly?: true;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
}

export interface RouteContext<P, Q, B, U> {
  req: NextRequest;
  /** The session cookie of this request; cookies set on it are sent with the response. */
  cookies: CookieJar;
  user: U;
  params: P;
  query: Q;
  body: B;
}

// Public routes never touch the session (health must answer even when sessions cannot be read).
type UserFor<A extends Access> = A extends 'public' ? null : SessionUser;

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const CROSS_SITE_ERROR =
  'State-changing requests need a JSON body (Content-Type: application/json) or the header X-Requested-With: XMLHttpRequest';

/**
 * Proof that a state-changing request was not forged by another site: a header a cross-site form cannot
 * send and a cross-site script cannot send without a CORS preflight (which this API never grants).
 * X-Requested-With: XMLHttpRequest (our screens), or Content-Type application/json (any API client); a
 * form can only send application/x-www-form-urlencoded, multipart/form-data or text/plain.
 * See docs/decisions/007-cross-site-requests.md.
 */
export function hasCrossSiteProof(headers: Headers): boolean {
  if (headers.get('x-requested-with') === 'XMLHttpRequest') return true;
  const mediaType = (headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  return mediaType === 'application/json';
}
const MAX_BODY_BYTES = 64 * 1024;

// Postgres text cannot hold NUL: refuse it before it fails deep inside a query. Checked on the parsed
// values, so a route's schema may map such input to its own answer first.
const NUL_ERROR = 'Request must not contain NUL characters';

function assertNoNul(value: unknown): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) throw new ApiError('bad_request', NUL_ERROR);
  } else if (Array.isArray(value)) {
    value.forEach(assertNoNul);
  } else if (value && typeof value === 'object') {
    Object.values(value).forEach(assertNoNul);
  }
}

async function readJson(req: NextRequest): Promise<unknown> {
  const text = await req.text();
  if (text.length > MAX_BODY_BYTES) throw new ApiError('bad_request', 'Request body is too large');
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError('bad_request', 'Request body must be valid JSON');
  }
}

/** Parsed asynchronously: some checks read the database (a board whose shelves are read, lib/reports/board-params.ts). */
async function parsed<T>(schema: z.ZodType<T> | undefined, raw: unknown): Promise<T> {
  const value = schema ? await schema.parseAsync(raw) : raw;
  assertNoNul(value);
  return value as T;
}

export function route<A extends Access, P = Record<string, never>, Q = Record<string, never>, B = undefined>(
  config: RouteConfig<P, Q, B> & { access: A },
  handler: (ctx: RouteContext<P, Q, B, UserFor<A>>) => Promise<Response | object>,
) {
  return async (req: NextRequest, segment?: { params: Promise<Record<string, string | string[]>> }) => {
    const pending: Parameters<CookieJar['set']>[] = [];
    const cookies: CookieJar = {
      get: (name) => req.cookies.get(name),
      getAll: () => req.cookies.getAll(),
      set: (...args) => pending.push(args),
    };
    const withCookies = (res: Response) => {
      if (!pending.length) return res;
      const out = res instanceof NextResponse ? res : new NextResponse(res.body, res);
      for (const [name, value, options] of pending) out.cookies.set(name, value, options);
      return out;
    };
    try {
      if (MUTATING.has(req.method) && config.crossSiteProof !== false && !hasCrossSiteProof(req.headers)) {
        throw new ApiError('forbidden', CROSS_SITE_ERROR, { code: ErrorCode.CROSS_SITE_PROOF_MISSING });
      }
      const user = config.access === 'public' ? null : await getSessionUser(cookies);
      if (config.access !== 'public' && !user) throw new ApiError('unauthorized', 'Not authenticated');
      if (config.access === 'staff' && !isStaff(user!.role)) {
        throw new ApiError('forbidden', 'You do not have permission to do that');
      }
      const params = await parsed(config.params, segment?.params ? await segment.params : {});
      const query = config.query ? await parsed(config.query, Object.fromEntries(req.nextUrl.searchParams)) : ({} as Q);
      const body = config.body ? await parsed(config.body, await readJson(req)) : (undefined as B);
      const result = await handler({ req, cookies, user: user as UserFor<A>, params, query, body });
      // The next request sees what this one wrote (lib/db/changes.ts); a call that only reads wrote nothing.
      if (MUTATING.has(req.method) && !config.readOnly) await changesHeard();
      return withCookies(asResponse(result));
    } catch (error) {
      const { status, body } = errorBody(error);
      if (status >= 500) console.error(`[api] ${req.method} ${req.nextUrl.pathname} failed:`, error);
      return withCookies(
        NextResponse.json(body, { status, headers: error instanceof ApiError ? retryHeaders(error) : undefined }),
      );
    }
  };
}

/** A handler's result as the HTTP answer: a Response as it is, anything else as JSON. */
function asResponse(result: Response | object): Response {
  return result instanceof Response ? result : NextResponse.json(result);
}

/**
 * A signed-in read that both its API route and its screen's server page use: the parameters and the answer
 * are declared once, so the first screenful rendered in the HTML and the screen's later calls can't drift.
 */
export interface Read<P, Q, A extends object = object> {
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  /**
   * What the read answers: the page's first answer is typed from it, and lib/api/first-answer.db.test.ts parses
   * every read's answer with it.
   */
  schema: z.ZodType<A>;
  /** `headers`: the request's (a server page passes none: its first load has no kept copy to revalidate). */
  answer(input: { params: P; query: Q; user: SessionUser; headers: Headers }): Promise<Response | A>;
}

export function read<A extends object, P = Record<string, never>, Q = Record<string, never>>(definition: Read<P, Q, A>): Read<P, Q, A> {
  return definition;
}

/** The GET route of a read (signed-in users). */
export function readRoute<P, Q, A extends object>(definition: Read<P, Q, A>) {
  return route({ access: 'user', params: definition.params, query: definition.query }, ({ req, params, query, user }) =>
    definition.answer({ params, query, user, headers: req.headers }),
  );
}

type RawValues = Record<string, string | undefined>;

/**
 * A browser that sends this cookie (`nbt-client-first=1`) gets the screens without their first data, so the
 * screens load it themselves as on a navigation: how the e2e tests reach a failed first load (they can
 * only fail the browser's calls), and a way to compare the two paths by hand.
 */
export const CLIENT_FIRST_COOKIE = 'nbt-client-first';

/**
 * The body the read's route would answer `user` for these raw parameters, as the screen's fetch parses it:
 * the JSON of the very Response the route would send (text as it is, objects as NextResponse.json writes
 * them). Throws, as the route would, on bad parameters or a refused read; null for any other non-2xx answer.
 */
export async function readAnswer<A extends object>(definition: Read<unknown, unknown, A>, raw: { params?: RawValues; query?: RawValues }, user: SessionUser): Promise<A | null> {
  const defined = (values: RawValues = {}) => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  const params = await parsed(definition.params, defined(raw.params));
  const query = definition.query ? await parsed(definition.query, defined(raw.query)) : {};
  const response = asResponse(await definition.answer({ params, query, user, headers: new Headers() }));
  // The body as the browser would parse it; its shape is `schema`'s (the contract tests parse every answer).
  return response.ok ? ((await response.json()) as A) : null;
}

/**
 * A server page's first screenful (no HTTP hop): readAnswer for the session's user, or null when nobody is
 * signed in, the browser asked for none (CLIENT_FIRST_COOKIE) or the read would answer an error, so the
 * screen loads it itself and shows the error it always did.
 */
export async function firstAnswer<A extends object>(definition: Read<unknown, unknown, A>, raw: { params?: RawValues; query?: RawValues } = {}): Promise<A | null> {
  try {
    if ((await cookies()).get(CLIENT_FIRST_COOKIE)?.value === '1') return null;
    const user = await getSessionUser();
    return user ? await readAnswer(definition, raw, user) : null;
  } catch (error) {
    unstable_rethrow(error); // Next's own signals (a page found dynamic at build time) are not failures
    if (!(error instanceof ApiError) && !(error instanceof ZodError)) console.error('[page] first answer failed:', error);
    return null;
  }
}

function retryHeaders(error: ApiError): HeadersInit | undefined {
  const wait = error.extra.retryAfter ?? error.extra.waitTime;
  return typeof wait === 'number' ? { 'Retry-After': String(Math.ceil(wait)) } : undefined;
}

/** Where the app's server (scripts/app-server.mjs) passes each request's client address; a test checks the two agree. */
export const CLIENT_ADDRESS_HEADER = 'x-nbt-client-address';

/**
 * The client's address, for per-IP limits and the session record. Route handlers never see the connection:
 * the app's server works the address out from it (and from X-Forwarded-For only as far as TRUSTED_PROXY_HOPS
 * proxies of ours wrote it) and always replaces this header, so a client cannot choose it. Never X-Real-IP.
 */
export function clientIp(req: NextRequest): string {
  return req.headers.get(CLIENT_ADDRESS_HEADER) || 'unknown';
}
