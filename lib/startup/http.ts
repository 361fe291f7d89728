import net from 'node:net';

// Small network helpers for start-up: is the port free, a free port, and "has the first page been served".

/** Resolves when nothing listens on host:port yet; rejects with a readable message otherwise. */
export function assertPortFree(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `Port ${port} is already in use. Stop whatever uses it or start with another port, e.g. PORT=3001 npm start.`
            : `Cannot listen on ${host}:${port}: ${error.message}`,
        ),
      );
    });
    server.listen(port, host, () => server.close(() => resolve()));
  });
}

/** A port nothing listens on right now (for benchmarks and tests). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** One GET without following redirects; undefined when nothing answers yet. */
export async function probe(url: string, timeoutMs = 10_000): Promise<number | undefined> {
  try {
    const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer().catch(() => undefined);
    return response.status;
  } catch {
    return undefined;
  }
}

export interface FirstPage {
  url: string;
  status: number;
}

/**
 * Polls `${base}/api/health` until the server answers; when health does not exist (404), polls `/`
 * until it answers below 500. Stops early (undefined) when `cancelled()` turns true.
 */
export async function waitForFirstPage(
  base: string,
  options: { intervalMs?: number; cancelled?: () => boolean; onSlow?: (seconds: number) => void } = {},
): Promise<FirstPage | undefined> {
  const interval = options.intervalMs ?? 200;
  const started = Date.now();
  let nextSlowNotice = 60;
  let path = '/api/health';
  while (!options.cancelled?.()) {
    const status = await probe(base + path);
    if (status !== undefined) {
      if (path === '/api/health' && status === 404) {
        path = '/';
        continue;
      }
      // Health answers 503 when the database is unreachable: the server is up; report the status.
      if (path === '/api/health' || status < 500) return { url: base + path, status };
    }
    const elapsed = (Date.now() - started) / 1000;
    if (elapsed >= nextSlowNotice) {
      options.onSlow?.(Math.round(elapsed));
      nextSlowNotice += 60;
    }
    await new Promise((r) => setTimeout(r, interval));
  }
  return undefined;
}
