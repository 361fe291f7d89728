import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';
import webpush from 'web-push';
import { startDiscordReceiver, type RunningDiscordReceiver } from './discord-receiver.ts';
import { startPushService, type RunningPushService } from './push-service.ts';

// The notification channels' far ends for a test file, started before anything reads the configuration
// (call it with top-level await): a real push service (web-push-testing), a push service that answers what
// the test asks for (http://127.0.0.1:<port>/status/<code>[?retry_after=s]), and a Discord-shaped receiver,
// with a fresh VAPID key pair. The configuration points at them the way an operator's would.

export interface TestChannels {
  push: RunningPushService;
  /** An endpoint on the scripted push service that answers `status` (with Retry-After when given). */
  scriptedEndpoint(status: number, retryAfter?: number): string;
  /** An allowed test endpoint where nothing listens (connection refused). */
  unreachableEndpoint: string;
  discord: RunningDiscordReceiver;
  vapid: { publicKey: string; privateKey: string; subject: string };
}

/** The discard port: nothing listens there on a test machine. */
const UNREACHABLE = 'http://127.0.0.1:9';

export async function startTestChannels(): Promise<TestChannels> {
  const push = await startPushService();
  const discord = await startDiscordReceiver();
  const scripted = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://scripted');
    const status = Number(/^\/status\/(\d{3})$/.exec(url.pathname)?.[1] ?? 400);
    req.resume();
    req.on('end', () => {
      const retry = url.searchParams.get('retry_after');
      res.writeHead(status, retry ? { 'Retry-After': retry } : {});
      res.end(status >= 400 ? `scripted ${status}` : '');
    });
  });
  await new Promise<void>((resolve) => scripted.listen(0, '127.0.0.1', resolve));
  const scriptedOrigin = `http://127.0.0.1:${(scripted.address() as AddressInfo).port}`;
  const keys = webpush.generateVAPIDKeys();
  const vapid = { ...keys, subject: 'mailto:ops@ncbourbon.test' };
  Object.assign(process.env, {
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: vapid.subject,
    PUSH_TEST_ORIGINS: `${push.origin},${scriptedOrigin},${UNREACHABLE}`,
    DISCORD_WEBHOOK_HOSTS: `discord.com,${discord.origin}`,
  });
  afterAll(async () => {
    await push.stop();
    await discord.stop();
    scripted.closeAllConnections();
    await new Promise<void>((resolve) => scripted.close(() => resolve()));
  });
  return {
    push,
    discord,
    vapid,
    unreachableEndpoint: `${UNREACHABLE}/push/nobody`,
    scriptedEndpoint: (status, retryAfter) => `${scriptedOrigin}/status/${status}${retryAfter === undefined ? '' : `?retry_after=${retryAfter}`}`,
  };
}
