import http from 'node:http';
import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';

// Measuring HTTP calls for `npm run bench:api`: one client, one request after another (p50/p95/max), and
// autocannon with many connections (requests per second and latency under load).

export interface Call {
  /** How the call shows in the table. */
  label: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  headers?: Record<string, string>;
  /** The status every answer must have (default 200). */
  status?: number;
}

export interface SequentialResult {
  label: string;
  p50: number;
  p95: number;
  max: number;
  bytes: number;
  failures: number;
  firstFailure?: string;
  /** With a floor call: the floor's p50 over requests interleaved with this call's (the same moments, the same load). */
  floorP50?: number;
}

export interface LoadResult {
  label: string;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  errors: number;
  non2xx: number;
  timeouts: number;
  total: number;
}

/** The value below which `p` percent of the (sorted) samples fall (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

function init(call: Call, cookie: string): RequestInit {
  const headers: Record<string, string> = { cookie, 'X-Requested-With': 'XMLHttpRequest', ...call.headers };
  if (call.body !== undefined) headers['Content-Type'] = 'application/json';
  return { method: call.method ?? 'GET', headers, body: call.body === undefined ? undefined : JSON.stringify(call.body) };
}

/**
 * One request, its body read whole as the server sent it. Like a browser, it accepts gzip; unlike Node's
 * fetch, it does not inflate the body: what is timed is the server and the transfer — what the product
 * controls — not the client's decompression (for a ~790 KB answer, ~2 ms of the client's own CPU that a
 * phone spends in its network stack either way).
 */
function send(base: string, call: Call, cookie: string): Promise<{ status: number; body: Buffer; gzipped: boolean }> {
  const { method, headers, body } = init(call, cookie);
  return new Promise((resolve, reject) => {
    const req = http.request(base + call.path, { method, headers: { ...(headers as Record<string, string>), 'Accept-Encoding': 'gzip' }, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), gzipped: res.headers['content-encoding'] === 'gzip' }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body as string | undefined);
  });
}

/** Kept-alive connections, as a browser keeps them. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * `warmup` unmeasured requests, then `count` measured ones, one at a time; each waits for the whole body. With
 * `floor`, each request of the call follows one of the floor, so the two are compared under the same load.
 * `bytes` is what went over the wire (gzipped where the server compresses).
 */
export async function measureSequential(base: string, cookie: string, call: Call, count: number, warmup: number, floor?: Call): Promise<SequentialResult> {
  const times: number[] = [];
  const floorTimes: number[] = [];
  let bytes = 0;
  let failures = 0;
  let firstFailure: string | undefined;
  for (let i = 0; i < warmup + count; i++) {
    if (floor) {
      const f0 = performance.now();
      await send(base, floor, cookie);
      if (i >= warmup) floorTimes.push(performance.now() - f0);
    }
    const t0 = performance.now();
    const res = await send(base, call, cookie);
    const elapsed = performance.now() - t0;
    if (res.status !== (call.status ?? 200)) {
      failures++;
      firstFailure ??= `${res.status} ${(res.gzipped ? gunzipSync(res.body) : res.body).toString('utf8').slice(0, 200)}`;
    }
    if (i >= warmup) {
      times.push(elapsed);
      bytes = res.body.byteLength;
    }
  }
  times.sort((a, b) => a - b);
  floorTimes.sort((a, b) => a - b);
  const floorP50 = floor ? percentile(floorTimes, 50) : undefined;
  return { label: call.label, p50: percentile(times, 50), p95: percentile(times, 95), max: times[times.length - 1], bytes, failures, firstFailure, floorP50 };
}

interface AutocannonResult {
  requests: { average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  duration: number;
}

interface AutocannonInstance extends PromiseLike<AutocannonResult> {
  on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void): void;
}

type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  method: string;
  headers: Record<string, string>;
  body?: string;
}) => AutocannonInstance;

const require = createRequire(import.meta.url);

/** `connections` clients for `seconds`, each sending the next request as soon as its answer is in. */
export async function measureLoad(base: string, cookie: string, call: Call, connections: number, seconds: number): Promise<LoadResult> {
  const autocannon = require('autocannon') as Autocannon;
  const request = init(call, cookie);
  const instance = autocannon({
    url: base + call.path,
    connections,
    duration: seconds,
    method: request.method as string,
    headers: request.headers as Record<string, string>,
    body: request.body as string | undefined,
  });
  // autocannon reports p90 and p97.5; the p95 comes from every response time.
  const times: number[] = [];
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    label: call.label,
    requestsPerSecond: times.length / result.duration,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    errors: result.errors,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
    total: times.length + result.non2xx,
  };
}

/** A markdown table, columns padded so it also reads well in a terminal. */
export function markdownTable(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(rows[0]), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...rows.slice(1).map(line)].join('\n');
}
