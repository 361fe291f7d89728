import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

// The embedded default: PGlite (Postgres compiled to WebAssembly) served over the Postgres wire
// protocol on loopback, so the app, the scraper and the scripts all talk to it exactly as they would to
// a real server. PGlite is one backend session: lib/db/pglite-server.ts gives it to one connection's unit
// of work (an extended-protocol batch, a transaction) at a time.

export interface EmbeddedServer {
  url: string;
  stop(): Promise<void>;
}

interface ServerInfo {
  pid: number;
  url: string;
}

/** Where a running embedded server announces itself, so other processes share it instead of opening the data dir twice. */
export function serverInfoPath(dataDir: string): string {
  return path.join(path.dirname(path.resolve(dataDir)), 'embedded-server.json');
}

/** Starts PGlite on `dataDir` ('memory://' for a throwaway in-memory database) and serves it on 127.0.0.1. */
export async function startEmbeddedServer(options: {
  dataDir: string;
  port?: number;
  announce?: boolean;
}): Promise<EmbeddedServer> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { servePGlite } = await import('./pglite-server.ts');
  const inMemory = options.dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const pglite = await PGlite.create(inMemory ? undefined : options.dataDir);
  const server = await servePGlite(pglite, { port: options.port });
  const url = `postgresql://postgres:postgres@${server.address}/postgres?sslmode=disable`;
  const infoFile = serverInfoPath(options.dataDir);
  if (options.announce && !inMemory) {
    writeFileSync(infoFile, JSON.stringify({ pid: process.pid, url } satisfies ServerInfo));
  }
  let stopped = false;
  return {
    url,
    async stop() {
      if (stopped) return;
      stopped = true;
      if (options.announce && !inMemory) rmSync(infoFile, { force: true });
      await server.stop();
      await pglite.close();
    },
  };
}

/** The URL of an embedded server another process is already running on `dataDir`, if it is alive. */
export async function findRunningEmbeddedServer(dataDir: string): Promise<string | undefined> {
  const infoFile = serverInfoPath(dataDir);
  if (!existsSync(infoFile)) return undefined;
  let info: ServerInfo;
  try {
    info = JSON.parse(readFileSync(infoFile, 'utf8')) as ServerInfo;
    process.kill(info.pid, 0); // throws when the owner is gone
  } catch {
    return undefined;
  }
  const { port } = new URL(info.url);
  const reachable = await new Promise<boolean>((resolve) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
  return reachable ? info.url : undefined;
}
