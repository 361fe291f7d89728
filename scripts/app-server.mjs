// The app's HTTP server: Next's request handler behind a few lines of our own, for what a route handler
// cannot do itself. Every way the app runs goes through it: `npm start` and `npm run dev` (scripts/start.ts),
// the Docker image (`node app-server.mjs` beside Next's standalone output), the e2e tests and the benchmarks.
//
//   1. The client's address. Route handlers see headers, never the connection. This server works the address
//      out from the connection itself and passes it on in CLIENT_ADDRESS_HEADER (whatever a client sent under
//      that name is replaced), trusting X-Forwarded-For only as far as TRUSTED_PROXY_HOPS proxies of our own
//      wrote it (docs/decisions/016-limits-that-stop-the-guesser.md). lib/api/handler.ts's clientIp() reads it.
//   2. Security headers on every answer — pages, API, static files, redirects, errors: a Content-Security-
//      Policy with a fresh nonce per request (Next reads the nonce from the request's policy and puts it on
//      its own scripts), no framing, no MIME sniffing, no referrer leaving the site.
//   3. Bodies gzipped once (lib/api/gzip-once.ts). Next gzips every response itself and drops a
//      Content-Encoding a route handler sets. This server tells the routes whether the client accepts gzip
//      (ACCEPTS_GZIP_HEADER, never the client's own) and turns a route's BODY_ENCODING_HEADER into
//      Content-Encoding as Next writes the headers, so Next's compression sees an encoded body and leaves it.
//   4. The service worker's script (/sw.js) with Cache-Control: no-cache, so a new build's worker reaches
//      browsers at their next visit (docs/decisions/024-installable-app.md).
//
// Plain JavaScript on purpose: the image has no TypeScript runner. `node scripts/app-server.mjs [--dev]`
// in the project; PORT and HOSTNAME as for `next start`.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { isIP } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The request header that carries the client's address to the route handlers (lib/api/handler.ts). */
export const CLIENT_ADDRESS_HEADER = 'x-nbt-client-address';

/** Request header: the client accepts gzip (lib/api/gzip-once.ts; a test checks the two agree). */
export const ACCEPTS_GZIP_HEADER = 'x-nbt-accepts-gzip';
/** Response header a route sets on a body it gzipped itself; sent to the client as Content-Encoding. */
export const BODY_ENCODING_HEADER = 'x-nbt-content-encoding';

/**
 * Whether an Accept-Encoding value lets the answer be gzip, as Next's compression decides it (the
 * `negotiator` package): gzip (or *) with a non-zero weight, and weighted at least as high as identity.
 */
export function acceptsGzip(acceptEncoding) {
  const weights = new Map();
  for (const part of String(acceptEncoding ?? '').split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (!coding) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(coding.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const gzip = weights.get('gzip') ?? weights.get('x-gzip') ?? weights.get('*') ?? 0;
  const identity = weights.get('identity') ?? weights.get('*') ?? 1;
  return gzip > 0 && gzip >= identity;
}

/**
 * Prepares a request and its response for bodies a route gzipped itself: ACCEPTS_GZIP_HEADER says whether
 * the client accepts gzip (a client's own value is replaced), and BODY_ENCODING_HEADER, when a route sets
 * it, is written as Content-Encoding — before any middleware looks at the response's headers (Next's
 * compression checks them as they are written, and does not encode a body twice).
 */
export function passEncodedBodies(req, res) {
  req.headers[ACCEPTS_GZIP_HEADER] = acceptsGzip(req.headers['accept-encoding']) ? 'gzip' : 'no';
  const setHeader = res.setHeader;
  for (const method of ['setHeader', 'appendHeader']) {
    const original = res[method];
    if (typeof original !== 'function') continue;
    res[method] = function (name, value) {
      if (String(name).toLowerCase() !== BODY_ENCODING_HEADER) return original.call(this, name, value);
      if (value === 'gzip') setHeader.call(this, 'Content-Encoding', 'gzip');
      return this;
    };
  }
}

/** The service worker's script (app/sw.js/route.ts). */
export const SERVICE_WORKER_PATH = '/sw.js';

/**
 * The service worker's script must reach browsers as soon as a new build is deployed: it is sent with
 * `Cache-Control: no-cache` (kept by no cache without asking the server first), whatever Next would send
 * for a prerendered route (a year for shared caches: a CDN would keep the old worker).
 */
export function serviceWorkerNotCached(req, res) {
  if (String(req.url ?? '').split('?')[0] !== SERVICE_WORKER_PATH) return;
  for (const method of ['setHeader', 'appendHeader']) {
    const original = res[method];
    if (typeof original !== 'function') continue;
    res[method] = function (name, value) {
      return original.call(this, name, String(name).toLowerCase() === 'cache-control' ? 'no-cache' : value);
    };
  }
  res.setHeader('Cache-Control', 'no-cache');
}

/** An address as written by Node or a proxy ("::ffff:10.0.0.1", "[::1]:443", "10.0.0.1:5000"), bare; '' when it is none. */
export function bareAddress(value) {
  let text = String(value ?? '').trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) text = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(':'));
  if (/^::ffff:[\d.]+$/i.test(text)) text = text.slice(7);
  return isIP(text) ? text.toLowerCase() : '';
}

/**
 * The address a request came from. `peer` is the connection's own address; with `hops` reverse proxies of
 * ours in front (each appending the address it saw to X-Forwarded-For), the client is the entry `hops` places
 * before the peer in that chain. Entries further left were written by the client and are never used, and
 * X-Real-IP is never read. No proxy (hops 0): the connection's address, whatever the headers say.
 */
export function clientAddress(peer, forwardedFor, hops) {
  const own = bareAddress(peer) || 'unknown';
  if (!hops) return own;
  const chain = String(forwardedFor ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  chain.push(own);
  return bareAddress(chain[Math.max(0, chain.length - 1 - hops)]) || own;
}

/** TRUSTED_PROXY_HOPS: a whole number 0-5, 0 when unset (lib/env.ts validates it with the same bounds). */
export function trustedProxyHops(value) {
  if (value === undefined || value === '') return 0;
  const hops = Number(value);
  if (!Number.isInteger(hops) || hops < 0 || hops > 5) throw new Error(`TRUSTED_PROXY_HOPS must be a whole number from 0 to 5, not "${value}"`);
  return hops;
}

/**
 * The security headers of every answer. Scripts run only from our origin with this request's nonce (and
 * what they load: 'strict-dynamic'); development adds 'unsafe-eval', which React's debugging needs. Styles
 * may be inline (React style attributes); images may come from any https source (product images are
 * image_url links to other sites).
 */
export function securityHeaders({ nonce, dev = false, https = false }) {
  const policy = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
  return {
    'Content-Security-Policy': policy,
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'same-origin',
  };
}

async function main() {
  const dev = process.argv.includes('--dev');
  const dir = process.cwd();
  // As `next start` / `next dev` would: the mode decides NODE_ENV (lib/env.ts and Next read it).
  process.env.NODE_ENV = dev ? 'development' : 'production';
  const port = Number(process.env.PORT || 3000);
  const hostname = process.env.HOSTNAME || (dev ? 'localhost' : '0.0.0.0');
  let hops;
  try {
    hops = trustedProxyHops(process.env.TRUSTED_PROXY_HOPS);
  } catch (error) {
    console.error(`[app] refusing to start:\n  ${error.message}`);
    process.exit(1);
  }
  const https = (process.env.APP_URL ?? '').startsWith('https://');
  // The image holds Next's standalone output, which has no next.config.ts: like Next's own standalone
  // server.js, hand Next the configuration the build recorded.
  if (!dev && !existsSync(path.join(dir, 'next.config.ts'))) {
    const { config } = JSON.parse(readFileSync(path.join(dir, '.next', 'required-server-files.json'), 'utf8'));
    process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(config);
  }
  // instrumentation.ts refuses a production server that is not this one (no client addresses, no headers).
  process.env.NBT_APP_SERVER = '1';

  const { default: next } = await import('next');
  // A client or proxy that pools connections (Caddy, Playwright's fetch, the original client's) may send on a
  // socket just as Node's 5-second keep-alive closes it: the request dies with ECONNRESET. Idle connections stay
  // open longer than such pools keep them; headers must still arrive within a second more.
  const server = createServer({ keepAliveTimeout: 65_000, headersTimeout: 66_000 });
  const app = next({ dev, dir, hostname, port, httpServer: server });
  await app.prepare();
  const handle = app.getRequestHandler();

  server.on('request', (req, res) => {
    req.headers[CLIENT_ADDRESS_HEADER] = clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], hops);
    const headers = securityHeaders({ nonce: randomBytes(16).toString('base64'), dev, https });
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    // Next takes the nonce from the request's policy and puts it on the scripts it renders.
    req.headers['content-security-policy'] = headers['Content-Security-Policy'];
    passEncodedBodies(req, res);
    serviceWorkerNotCached(req, res);
    handle(req, res).catch((error) => {
      console.error('[app] request failed:', error);
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
  });

  const stop = () => {
    server.close();
    // Open keep-alive connections must not hold the exit up.
    setTimeout(() => process.exit(0), 2000).unref();
    Promise.resolve(app.close?.()).finally(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);

  server.listen(port, hostname, () => {
    console.log(`[app] ${dev ? 'development' : 'production'} server on http://${hostname}:${port} (client address: ${hops ? `${hops} proxy hop(s) in X-Forwarded-For` : 'the connection'})`);
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error) => {
    console.error('[app] could not start:', error);
    process.exit(1);
  });
}
