import { createRequire } from 'node:module';
import { freePort } from '../lib/startup/http.ts';

// A real push service on this machine for tests: web-push-testing's server (RFC 8030/8291/8292), run in this
// process. It hands out subscriptions as a browser's push service would, checks each message's VAPID
// signature against the key the subscription was made with, decrypts it, and keeps the plaintext for the
// test to read. Its endpoints are http://localhost:<port>/notify/<client hash>: the app allows them only
// through PUSH_TEST_ORIGINS.

const require = createRequire(import.meta.url);

interface TestingServer {
  startServer(): void;
  _server: import('node:http').Server;
}

export interface PushServiceSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

export interface RunningPushService {
  /** The origin to put in PUSH_TEST_ORIGINS. */
  origin: string;
  /** A subscription as a browser would get it for `applicationServerKey` (our VAPID public key). */
  subscribe(applicationServerKey: string): Promise<PushServiceSubscription>;
  /** The decrypted payloads delivered to that subscription, oldest first. */
  messages(clientHash: string): Promise<string[]>;
  /** The browser unsubscribed: the service answers 410 from now on. */
  expire(clientHash: string): Promise<void>;
  stop(): Promise<void>;
}

/** `onNotify`: called as each message's request arrives (its subscription's client hash, the wall clock in ms). */
export async function startPushService(options: { onNotify?: (clientHash: string, at: number) => void } = {}): Promise<RunningPushService> {
  const Server = require('web-push-testing/src/server.js') as new (model: unknown, port: number) => TestingServer;
  const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as { PushApiModel: new () => unknown };
  const port = await freePort();
  const server = new Server(new PushApiModel(), port);
  const log = console.log;
  console.log = () => {}; // its "Server running on port …" line, written once it listens
  server.startServer();
  const { onNotify } = options;
  if (onNotify) {
    server._server.on('request', (req: import('node:http').IncomingMessage) => {
      const hash = req.method === 'POST' ? /^\/notify\/([^/?]+)/.exec(req.url ?? '')?.[1] : undefined;
      if (hash) onNotify(hash, Date.now());
    });
  }
  await new Promise<void>((resolve) => server._server.once('listening', () => resolve()));
  console.log = log;
  const origin = `http://localhost:${port}`;
  const call = async (path: string, body: unknown) => {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const text = await res.text();
    if (!res.ok) throw new Error(`push service ${path}: ${res.status} ${text}`);
    return text.startsWith('{') ? (JSON.parse(text) as { data: unknown }) : { data: null }; // expire answers "OK"
  };
  return {
    origin,
    async subscribe(applicationServerKey) {
      return (await call('/subscribe', { applicationServerKey, userVisibleOnly: 'true' })).data as PushServiceSubscription;
    },
    async messages(clientHash) {
      return ((await call('/get-notifications', { clientHash })).data as { messages: string[] }).messages;
    },
    async expire(clientHash) {
      await call(`/expire-subscription/${clientHash}`, {});
    },
    async stop() {
      server._server.closeAllConnections();
      await new Promise<void>((resolve) => server._server.close(() => resolve()));
    },
  };
}
