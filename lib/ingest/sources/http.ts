// Polite HTTP for the public NC ABC pages (as text) and files (as bytes): a User-Agent that names us and a
// contact, a timeout on every request (body included), retries with exponential backoff + jitter for transient
// failures only, and an external AbortSignal (SIGTERM) that stops everything at once, including a backoff wait.
import { env } from '../../env.ts';
import { SourceError } from './errors.ts';

export interface FetchTextOptions {
  /** Source name for error messages; defaults to the URL's host. */
  source?: string;
  method?: 'GET' | 'POST';
  /** Sent as application/x-www-form-urlencoded (implies POST). */
  form?: Record<string, string>;
  /** Sent as application/json (implies POST). Not together with `form`. */
  json?: unknown;
  /** Extra request headers (e.g. X-Requested-With); User-Agent and Content-Type are ours. */
  headers?: Record<string, string>;
  /** The Accept header. Default: fetchText HTML first, JSON accepted; fetchBytes anything. */
  accept?: string;
  /** Per attempt, including reading the body. Default SOURCE_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Extra attempts after the first. Default SOURCE_RETRIES. */
  retries?: number;
  /** Aborting rejects at once with the signal's reason (not a SourceError): the caller is shutting down. */
  signal?: AbortSignal;
  /** First backoff delay; doubles per retry. Default 1000 ms. */
  backoffMs?: number;
  /** Cap for one backoff delay (also caps Retry-After). Default 30 s. */
  maxBackoffMs?: number;
}

/** The same options: fetchBytes differs from fetchText only in how it reads the body (and its default Accept). */
export type FetchBytesOptions = FetchTextOptions;

export function userAgent(contact = env().SCRAPER_CONTACT): string {
  return `NCBourbonTracker/1.0 (+mailto:${contact})`;
}

type Attempt<T> = { ok: true; body: T } | { ok: false; error: SourceError; retryAfterMs?: number };

/** How one attempt reads a good answer's body, and the Accept header it sends unless told otherwise. */
interface BodyReader<T> {
  read: (response: Response) => Promise<T>;
  accept: string;
}

const TEXT: BodyReader<string> = { read: (response) => response.text(), accept: 'text/html,application/json;q=0.9,*/*;q=0.8' };
const BYTES: BodyReader<Uint8Array> = { read: async (response) => new Uint8Array(await response.arrayBuffer()), accept: '*/*' };

/** GET or POST a page and return its body as text. Throws SourceError ('timeout' | 'http' | 'network'). */
export function fetchText(url: string, options: FetchTextOptions = {}): Promise<string> {
  return fetchBody(url, options, TEXT, 'fetchText');
}

/** GET or POST a file (an XLSX, ...) and return its body's bytes, undecoded. Throws as fetchText does. */
export function fetchBytes(url: string, options: FetchBytesOptions = {}): Promise<Uint8Array> {
  return fetchBody(url, options, BYTES, 'fetchBytes');
}

async function fetchBody<T>(url: string, options: FetchTextOptions, reader: BodyReader<T>, name: string): Promise<T> {
  if (options.form && options.json !== undefined) throw new TypeError(`${name}: send either a form or JSON, not both`);
  const config = env();
  const source = options.source ?? safeHost(url);
  const timeoutMs = options.timeoutMs ?? config.SOURCE_TIMEOUT_MS;
  const retries = options.retries ?? config.SOURCE_RETRIES;
  const backoffMs = options.backoffMs ?? 1000;
  const maxBackoffMs = options.maxBackoffMs ?? 30_000;
  const { signal } = options;

  for (let attempt = 1; ; attempt++) {
    if (signal?.aborted) throw signal.reason;
    const result = await attemptOnce(url, source, timeoutMs, options, reader);
    if (result.ok) return result.body;
    const { error } = result;
    if (!error.retryable || attempt > retries) {
      throw attempt > 1 ? error.with({ attempts: attempt }) : error;
    }
    const wait = Math.max(backoffDelay(attempt, backoffMs, maxBackoffMs), Math.min(result.retryAfterMs ?? 0, maxBackoffMs));
    await sleep(wait, signal);
  }
}

async function attemptOnce<T>(url: string, source: string, timeoutMs: number, options: FetchTextOptions, reader: BodyReader<T>): Promise<Attempt<T>> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const method = options.form || options.json !== undefined ? 'POST' : (options.method ?? 'GET');
  const body = options.form ? new URLSearchParams(options.form) : options.json !== undefined ? JSON.stringify(options.json) : undefined;
  const headers: Record<string, string> = {
    ...options.headers,
    'User-Agent': userAgent(),
    Accept: options.accept ?? reader.accept,
  };
  if (options.json !== undefined) headers['Content-Type'] = 'application/json';
  try {
    const response = await fetch(url, {
      method,
      headers,
      body,
      redirect: 'follow',
      signal,
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      const reason = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
      return {
        ok: false,
        error: new SourceError({ kind: 'http', source, reason, url, status: response.status }),
        retryAfterMs: retryAfter(response.headers.get('retry-after')),
      };
    }
    // Read inside the try: the timeout covers the body too, and a body cut off mid-way is a network failure.
    return { ok: true, body: await reader.read(response) };
  } catch (error) {
    // The caller's abort wins over everything: it is a shutdown, not a source failure.
    if (options.signal?.aborted) throw options.signal.reason;
    if (timeout.aborted) {
      return { ok: false, error: new SourceError({ kind: 'timeout', source, reason: `no complete response within ${timeoutMs} ms`, url, cause: error }) };
    }
    return { ok: false, error: new SourceError({ kind: 'network', source, reason: `network error: ${describe(error)}`, url, cause: error }) };
  }
}

/** Exponential backoff with "equal jitter": half the step is fixed, half random, so workers spread out. */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number, random = Math.random): number {
  const step = Math.min(maxMs, baseMs * 2 ** (attempt - 1));
  return Math.round(step / 2 + random() * (step / 2));
}

function retryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/** "ECONNREFUSED 127.0.0.1:9" rather than undici's bare "fetch failed". */
function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  if (cause?.code) return cause.message?.includes(cause.code) ? cause.message : `${cause.code} ${cause.message ?? ''}`.trim();
  if (cause?.message) return cause.message;
  return error instanceof Error ? error.message : String(error);
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** setTimeout that an AbortSignal cuts short (rejecting with the signal's reason). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export interface Limiter {
  /** Runs the task when a worker is free and that worker's last start is at least delayMs ago. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks holding a worker (waiting out the delay or running). */
  readonly active: number;
  /** Tasks queued for a worker. */
  readonly pending: number;
}

/**
 * At most `concurrency` tasks in flight, and at least `delayMs` between the starts of consecutive tasks on
 * the same worker: the politeness rule the Wake trackers follow (3 in flight, ~1 s apart per worker).
 */
export function createLimiter({ concurrency, delayMs }: { concurrency: number; delayMs: number }): Limiter {
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`concurrency must be a positive integer, got ${concurrency}`);
  type Worker = { busy: boolean; lastStart: number };
  const workers: Worker[] = Array.from({ length: concurrency }, () => ({ busy: false, lastStart: -Infinity }));
  const queue: ((worker: Worker) => void)[] = [];

  const acquire = (): Promise<Worker> => {
    const free = workers.find((w) => !w.busy);
    if (free) {
      free.busy = true;
      return Promise.resolve(free);
    }
    return new Promise((resolve) => queue.push(resolve));
  };
  // A finished worker goes straight to the next queued task, so nothing can overtake the queue.
  const release = (worker: Worker) => {
    const next = queue.shift();
    if (next) next(worker);
    else worker.busy = false;
  };

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      const worker = await acquire();
      try {
        const wait = worker.lastStart + delayMs - Date.now();
        if (wait > 0) await sleep(wait);
        worker.lastStart = Date.now();
        return await task();
      } finally {
        release(worker);
      }
    },
    get active() {
      return workers.filter((w) => w.busy).length;
    },
    get pending() {
      return queue.length;
    },
  };
}

/**
 * A site's base URL without trailing slashes. The scraper passes its board source's (lib/ingest/board-sources.ts);
 * a call without one is a programming error, never a silent default to the real site.
 */
export function siteUrl(source: string, baseUrl: string | undefined): string {
  if (!baseUrl) throw new TypeError(`${source}: no base URL given (the board source's base_url)`);
  return baseUrl.replace(/\/+$/, '');
}
