import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as appServer from '../../scripts/app-server.mjs';
import { ACCEPTS_GZIP_HEADER, BODY_ENCODING_HEADER, GZIP_MIN_LENGTH, jsonTextResponse } from './gzip-once.ts';

// Answers gzipped once (lib/api/gzip-once.ts) and how the app's server (scripts/app-server.mjs) sends them
// through Next's own pieces: send-response (which drops a Content-Encoding a route sets) and its compression
// middleware (which must not encode such a body again). e2e runs the real build.

const require = createRequire(import.meta.url);
const { sendResponse } = require('next/dist/server/send-response.js') as {
  sendResponse: (req: unknown, res: unknown, response: Response) => Promise<void>;
};
const { NodeNextRequest, NodeNextResponse } = require('next/dist/server/base-http/node.js') as {
  NodeNextRequest: new (req: IncomingMessage) => unknown;
  NodeNextResponse: new (res: unknown) => unknown;
};
const compression = require('next/dist/compiled/compression') as () => (req: unknown, res: unknown, next: () => void) => void;

const big = JSON.stringify({ success: true, items: Array.from({ length: 400 }, (_, i) => ({ id: i, name: `Product ${i}` })) });

const asked = (acceptsGzip: 'gzip' | 'no' | null) =>
  new Request('http://app/api/x', { headers: acceptsGzip ? { [ACCEPTS_GZIP_HEADER]: acceptsGzip } : {} });

describe('jsonTextResponse', () => {
  it('gzips a large text when the server says the client accepts it, and labels the body for the server', async () => {
    const res = await jsonTextResponse(asked('gzip').headers, big, { ETag: '"v1"' });
    expect(res.headers.get(BODY_ENCODING_HEADER)).toBe('gzip');
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('etag')).toBe('"v1"');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(big);
  });

  it('sends the text as it is otherwise: no word from the server (route tests, other callers), a client without gzip, a small text', async () => {
    for (const [req, text] of [[asked(null), big], [asked('no'), big], [asked('gzip'), '{"success":true}']] as const) {
      const res = await jsonTextResponse(req.headers, text);
      expect(res.headers.get(BODY_ENCODING_HEADER)).toBeNull();
      expect(await res.text()).toBe(text);
    }
    expect('{"success":true}'.length).toBeLessThan(GZIP_MIN_LENGTH);
  });

  it('never gives one text the body of another, whether or not it is the same string', async () => {
    const other = big.replace('Product 7', 'Product 8');
    const copy = Buffer.from(big).toString(); // equal content, another string
    const body = async (text: string) => gunzipSync(Buffer.from(await (await jsonTextResponse(asked('gzip').headers, text)).arrayBuffer())).toString();
    expect(await body(big)).toBe(big);
    expect(await body(other)).toBe(other);
    expect(await body(copy)).toBe(big);
    expect(await body(big)).toBe(big);
  });
});

describe('acceptsGzip (the app server), as Next’s compression negotiates', () => {
  it('accepts gzip offered with a weight above zero, not below identity', () => {
    for (const yes of ['gzip', 'gzip, deflate, br', 'br;q=1.0, gzip;q=0.8, *;q=0.1', '*', 'GZIP', 'x-gzip']) expect(appServer.acceptsGzip(yes), yes).toBe(true);
    for (const no of [undefined, '', 'identity', 'br', 'deflate', 'gzip;q=0', '*;q=0', 'gzip;q=0.5, identity;q=1']) expect(appServer.acceptsGzip(no), String(no)).toBe(false);
  });

  it('names the headers as lib/api/gzip-once.ts does', () => {
    expect(appServer.ACCEPTS_GZIP_HEADER).toBe(ACCEPTS_GZIP_HEADER);
    expect(appServer.BODY_ENCODING_HEADER).toBe(BODY_ENCODING_HEADER);
  });
});

describe('through the app server’s hooks, Next’s send-response and its compression', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    const compress = compression();
    // As scripts/app-server.mjs and Next's router server do, in that order; then a route's Response sent as
    // Next sends it. /gzip-once answers like a route using jsonTextResponse; /plain like any other route.
    server = createServer((req, res) => {
      appServer.passEncodedBodies(req, res);
      compress(req, res, () => {});
      const asRoute = new Request(`http://app${req.url}`, { headers: req.headers as Record<string, string> });
      const response = req.url === '/gzip-once' ? jsonTextResponse(asRoute.headers, big) : Promise.resolve(new Response(big, { headers: { 'Content-Type': 'application/json' } }));
      void response.then((r) => sendResponse(new NodeNextRequest(req), new NodeNextResponse(res), r));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = (path: string, headers: Record<string, string>) =>
    new Promise<{ headers: IncomingMessage['headers']; body: Buffer }>((resolve, reject) => {
      request(base + path, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    });

  it('a body gzipped once goes out gzipped once, labelled Content-Encoding: gzip, without the inner header', async () => {
    const res = await get('/gzip-once', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers[BODY_ENCODING_HEADER]).toBeUndefined();
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(gunzipSync(res.body).toString()).toBe(big); // one layer: the JSON itself
    const once = Buffer.from(await (await jsonTextResponse(asked('gzip').headers, big)).arrayBuffer());
    expect(res.body.equals(once)).toBe(true); // the body gzipped once, not Next's gzip of the text
  });

  it('a client without gzip gets plain JSON, whatever it claims in the server’s own header', async () => {
    const res = await get('/gzip-once', { 'accept-encoding': 'identity', [ACCEPTS_GZIP_HEADER]: 'gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe(big);
  });

  it('every other answer is compressed by Next as before', async () => {
    const res = await get('/plain', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.body).toString()).toBe(big);
  });
});
