import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { SourceError } from './errors.ts';
import { backoffDelay, createLimiter, fetchBytes, fetchText, sleep, userAgent } from './http.ts';
import { closedPort, send, startServer, type TestServer } from './fixtures/test-server.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const fast = { backoffMs: 5, maxBackoffMs: 20 };

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('fetchText', () => {
  it('GETs the page with a User-Agent naming the product and the contact', async () => {
    server = await startServer((_req, res) => send(res, 200, '<p>ok</p>'));
    expect(await fetchText(`${server.url}/page`, fast)).toBe('<p>ok</p>');
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0].method).toBe('GET');
    expect(server.requests[0].headers['user-agent']).toBe(userAgent());
    expect(userAgent('ops@example.org')).toBe('NCBourbonTracker/1.0 (+mailto:ops@example.org)');
  });

  it('POSTs a form url-encoded', async () => {
    server = await startServer((_req, res) => send(res, 200, 'done'));
    await fetchText(`${server.url}/search-results`, { ...fast, form: { productSearch: "Blanton's & Co" } });
    const [req] = server.requests;
    expect(req.method).toBe('POST');
    expect(req.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(new URLSearchParams(req.body).get('productSearch')).toBe("Blanton's & Co");
  });

  it('POSTs JSON with extra headers, keeping its own User-Agent', async () => {
    server = await startServer((_req, res) => send(res, 200, '[]', { 'Content-Type': 'application/json' }));
    const body = await fetchText(`${server.url}/api/inventory/details`, {
      ...fast,
      json: { code: '27090' },
      headers: { 'X-Requested-With': 'XMLHttpRequest', 'User-Agent': 'ignored' },
      accept: 'application/json',
    });
    expect(body).toBe('[]');
    const [req] = server.requests;
    expect(req.method).toBe('POST');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(req.headers['user-agent']).toBe(userAgent());
    expect(req.headers.accept).toBe('application/json');
    expect(JSON.parse(req.body)).toEqual({ code: '27090' });
  });

  it('refuses a form and JSON together', async () => {
    await expect(fetchText('http://127.0.0.1:9/x', { form: { a: '1' }, json: {} })).rejects.toThrow(TypeError);
  });

  it('retries a 500 and returns the 200 that follows', async () => {
    server = await startServer((_req, res, i) => (i === 0 ? send(res, 500, 'boom') : send(res, 200, 'fine')));
    expect(await fetchText(server.url, { ...fast, retries: 3 })).toBe('fine');
    expect(server.requests).toHaveLength(2);
  });

  it('retries a 429, waiting at least Retry-After', async () => {
    server = await startServer((_req, res, i) => (i === 0 ? send(res, 429, 'slow down', { 'Retry-After': '1' }) : send(res, 200, 'fine')));
    expect(await fetchText(server.url, { backoffMs: 5, maxBackoffMs: 5_000, retries: 1 })).toBe('fine');
    expect(server.requests[1].at - server.requests[0].at).toBeGreaterThanOrEqual(950);
  });

  it('does not retry a 4xx', async () => {
    server = await startServer((_req, res) => send(res, 404, 'nope'));
    const error = await rejection(fetchText(`${server.url}/gone`, { ...fast, retries: 3, source: 'warehouse report' }));
    expect(error).toBeInstanceOf(SourceError);
    expect(error).toMatchObject({ kind: 'http', status: 404, source: 'warehouse report' });
    expect((error as Error).message).toBe(`warehouse report: HTTP 404 Not Found (${server.url}/gone)`);
    expect(server.requests).toHaveLength(1);
  });

  it('gives up after the configured retries with the attempt count in the message', async () => {
    server = await startServer((_req, res) => send(res, 503, 'down'));
    const error = (await rejection(fetchText(server.url, { ...fast, retries: 2 }))) as SourceError;
    expect(error.kind).toBe('http');
    expect(error.attempts).toBe(3);
    expect(error.message).toContain('HTTP 503 Service Unavailable after 3 attempts');
    expect(server.requests).toHaveLength(3);
  });

  it('times out a request that never answers, and retries it', async () => {
    server = await startServer(() => {}); // never responds
    const started = Date.now();
    const error = (await rejection(fetchText(server.url, { ...fast, timeoutMs: 150, retries: 1 }))) as SourceError;
    expect(error.kind).toBe('timeout');
    expect(error.message).toContain('no complete response within 150 ms after 2 attempts');
    expect(server.requests).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });

  it('times out a body that stalls halfway', async () => {
    server = await startServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.write('<html><body>'); // and never ends
    });
    const error = (await rejection(fetchText(server.url, { ...fast, timeoutMs: 150, retries: 0 }))) as SourceError;
    expect(error.kind).toBe('timeout');
  });

  it('recovers when a timeout is followed by an answer', async () => {
    server = await startServer((_req, res, i) => {
      if (i > 0) send(res, 200, 'late but fine');
    });
    expect(await fetchText(server.url, { ...fast, timeoutMs: 150, retries: 2 })).toBe('late but fine');
  });

  it('reports a refused connection as a network error, after retrying', async () => {
    const port = await closedPort();
    const error = (await rejection(fetchText(`http://127.0.0.1:${port}/x`, { ...fast, retries: 2 }))) as SourceError;
    expect(error.kind).toBe('network');
    expect(error.attempts).toBe(3);
    expect(error.message).toMatch(/network error: connect ECONNREFUSED 127\.0\.0\.1:\d+ after 3 attempts/);
  });

  it('stops at once when the external signal aborts during a request', async () => {
    server = await startServer(() => {});
    const controller = new AbortController();
    const pending = rejection(fetchText(server.url, { ...fast, timeoutMs: 10_000, signal: controller.signal }));
    setTimeout(() => controller.abort(new Error('SIGTERM')), 50);
    const started = Date.now();
    expect(await pending).toMatchObject({ message: 'SIGTERM' });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(server.requests).toHaveLength(1);
  });

  it('stops at once when the external signal aborts during a backoff wait', async () => {
    server = await startServer((_req, res) => send(res, 500, 'boom'));
    const controller = new AbortController();
    const pending = rejection(fetchText(server.url, { backoffMs: 10_000, maxBackoffMs: 10_000, retries: 3, signal: controller.signal }));
    setTimeout(() => controller.abort(new Error('SIGTERM')), 100);
    const started = Date.now();
    expect(await pending).toMatchObject({ message: 'SIGTERM' });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(server.requests).toHaveLength(1);
  });

  it('does not start when the signal is already aborted', async () => {
    server = await startServer((_req, res) => send(res, 200, 'x'));
    const error = await rejection(fetchText(server.url, { signal: AbortSignal.abort(new Error('stopped')) }));
    expect(error).toMatchObject({ message: 'stopped' });
    expect(server.requests).toHaveLength(0);
  });
});

describe('fetchBytes', () => {
  // Bytes no text decoding survives: a zip's signature, a NUL, an invalid UTF-8 sequence.
  const file = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0xff, 0xfe, 0xc3, 0x28, 0x0a]);
  const sendFile = (res: ServerResponse, status = 200) => {
    res.writeHead(status, { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    res.end(file);
  };

  it('GETs a file and returns its bytes undecoded, with our User-Agent and Accept */* by default', async () => {
    server = await startServer((_req, res) => sendFile(res));
    const bytes = await fetchBytes(`${server.url}/list/open`, fast);
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect([...bytes]).toEqual([...file]);
    const [req] = server.requests;
    expect(req.method).toBe('GET');
    expect(req.headers['user-agent']).toBe(userAgent());
    expect(req.headers.accept).toBe('*/*');
  });

  it('sends the Accept header it is given', async () => {
    server = await startServer((_req, res) => sendFile(res));
    const accept = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,*/*;q=0.8';
    await fetchBytes(server.url, { ...fast, accept });
    expect(server.requests[0].headers.accept).toBe(accept);
  });

  it('retries a 503 and returns the file that follows, as fetchText does', async () => {
    server = await startServer((_req, res, i) => (i === 0 ? send(res, 503, 'down') : sendFile(res)));
    expect([...(await fetchBytes(server.url, { ...fast, retries: 2 }))]).toEqual([...file]);
    expect(server.requests).toHaveLength(2);
  });

  it('does not retry a 4xx, naming the source', async () => {
    server = await startServer((_req, res) => send(res, 404, 'nope'));
    const error = (await rejection(fetchBytes(`${server.url}/gone`, { ...fast, retries: 3, source: 'allocated and limited list' }))) as SourceError;
    expect(error).toMatchObject({ kind: 'http', status: 404 });
    expect(error.message).toBe(`allocated and limited list: HTTP 404 Not Found (${server.url}/gone)`);
    expect(server.requests).toHaveLength(1);
  });

  it('times out a file that stalls halfway', async () => {
    server = await startServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
      res.write(file.subarray(0, 4)); // and never ends
    });
    const error = (await rejection(fetchBytes(server.url, { ...fast, timeoutMs: 150, retries: 0 }))) as SourceError;
    expect(error.kind).toBe('timeout');
  });

  it('stops at once when the external signal aborts, and refuses a form and JSON together', async () => {
    server = await startServer(() => {});
    const controller = new AbortController();
    const pending = rejection(fetchBytes(server.url, { ...fast, timeoutMs: 10_000, signal: controller.signal }));
    setTimeout(() => controller.abort(new Error('SIGTERM')), 50);
    expect(await pending).toMatchObject({ message: 'SIGTERM' });
    await expect(fetchBytes('http://127.0.0.1:9/x', { form: { a: '1' }, json: {} })).rejects.toThrow('fetchBytes: send either a form or JSON, not both');
  });
});

describe('backoffDelay', () => {
  it('doubles per attempt, jitters within the upper half, and is capped', () => {
    expect(backoffDelay(1, 1000, 30_000, () => 0)).toBe(500);
    expect(backoffDelay(1, 1000, 30_000, () => 1)).toBe(1000);
    expect(backoffDelay(3, 1000, 30_000, () => 0)).toBe(2000);
    expect(backoffDelay(3, 1000, 30_000, () => 0.999999)).toBe(4000);
    expect(backoffDelay(10, 1000, 30_000, () => 1)).toBe(30_000);
  });
});

describe('createLimiter', () => {
  it('never has more than N requests in flight at the server', async () => {
    let inFlight = 0;
    let peak = 0;
    server = await startServer((_req, res) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      setTimeout(() => {
        inFlight--;
        send(res, 200, 'ok');
      }, 30);
    });
    const limiter = createLimiter({ concurrency: 3, delayMs: 0 });
    const url = server.url;
    const results = await Promise.all(Array.from({ length: 20 }, () => limiter.run(() => fetchText(url, fast))));
    expect(results).toHaveLength(20);
    expect(peak).toBe(3);
    expect(limiter.active).toBe(0);
    expect(limiter.pending).toBe(0);
  });

  it('spaces the starts on each worker by at least delayMs', async () => {
    const limiter = createLimiter({ concurrency: 2, delayMs: 100 });
    const starts: number[] = [];
    await Promise.all(
      Array.from({ length: 6 }, () =>
        limiter.run(async () => {
          starts.push(Date.now());
        }),
      ),
    );
    // 2 workers, 6 instant tasks: starts come in pairs ~100 ms apart, never 3 within one window.
    starts.sort((a, b) => a - b);
    for (let i = 2; i < starts.length; i++) expect(starts[i] - starts[i - 2]).toBeGreaterThanOrEqual(95);
    expect(starts[5] - starts[0]).toBeGreaterThanOrEqual(190);
  });

  it('frees the worker when a task fails', async () => {
    const limiter = createLimiter({ concurrency: 1, delayMs: 0 });
    await expect(limiter.run(() => Promise.reject(new Error('bad')))).rejects.toThrow('bad');
    expect(await limiter.run(async () => 'next')).toBe('next');
    expect(limiter.active).toBe(0);
  });

  it('runs queued tasks in order', async () => {
    const limiter = createLimiter({ concurrency: 1, delayMs: 0 });
    const order: number[] = [];
    await Promise.all([1, 2, 3, 4].map((n) => limiter.run(async () => void order.push(n))));
    expect(order).toEqual([1, 2, 3, 4]);
  });

  it('rejects a bad concurrency', () => {
    expect(() => createLimiter({ concurrency: 0, delayMs: 0 })).toThrow(RangeError);
  });
});

describe('sleep', () => {
  it('rejects with the abort reason', async () => {
    const controller = new AbortController();
    const pending = sleep(10_000, controller.signal);
    controller.abort(new Error('bye'));
    await expect(pending).rejects.toThrow('bye');
  });
});
