import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A Discord-shaped webhook receiver for tests: POST /api/webhooks/{id}/{token}?wait=true, answered as Discord
// answers (200 with the created message, its channel_id) unless the test scripts another answer for a
// webhook id (404 deleted, 429 with retry_after, 500, or a hang), for good or for its next requests only.
// Every request is kept, with when it came, for the test to read.

export interface ReceivedMessage {
  webhookId: string;
  token: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
  /** When it came (Date.now()); it is answered at once. */
  at: number;
  /** The status it was answered with (none while it hangs). */
  status?: number;
}

export type ScriptedAnswer = { status: number; body?: unknown; headers?: Record<string, string> } | 'hang';

export interface RunningDiscordReceiver {
  /** The origin to put in DISCORD_WEBHOOK_HOSTS. */
  origin: string;
  /** A webhook URL on this receiver. */
  webhookUrl(id?: string, token?: string): string;
  received: ReceivedMessage[];
  /** From now on, requests to this webhook id get `answer`. */
  answer(webhookId: string, answer: ScriptedAnswer): void;
  /** The next requests to this webhook id get these answers, one each, in turn; then the scripted or usual one. */
  answerNext(webhookId: string, ...answers: ScriptedAnswer[]): void;
  stop(): Promise<void>;
}

export const CHANNEL_ID = '112233445566778899';

export async function startDiscordReceiver(): Promise<RunningDiscordReceiver> {
  const received: ReceivedMessage[] = [];
  const scripted = new Map<string, ScriptedAnswer>();
  const queued = new Map<string, ScriptedAnswer[]>();
  let next = 0;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://receiver');
    const match = /^\/api\/webhooks\/(\d+)\/([\w-]+)$/.exec(url.pathname);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, body: unknown, headers: Record<string, string> = {}, request?: ReceivedMessage) => {
        if (request) request.status = status;
        if (status === 204) {
          res.writeHead(status, headers);
          return res.end();
        }
        res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || !match) return send(405, { message: '405: Method Not Allowed', code: 0 });
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return send(400, { message: 'Cannot send an empty message', code: 50006 });
      }
      const request: ReceivedMessage = { webhookId: match[1], token: match[2], query: url.searchParams, headers: req.headers, body, at: Date.now() };
      received.push(request);
      const answer = queued.get(match[1])?.shift() ?? scripted.get(match[1]);
      if (answer === 'hang') return; // never answers
      if (answer) return send(answer.status, answer.body ?? {}, answer.headers, request);
      send(200, { id: String(1_000_000_000_000_000 + next++), type: 0, channel_id: CHANNEL_ID, webhook_id: match[1], embeds: body.embeds ?? [] }, {}, request);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  let ids = 0;
  return {
    origin,
    webhookUrl: (id = `${223344556677889900n + BigInt(ids++)}`, token = `tok_${'x'.repeat(60)}`) => `${origin}/api/webhooks/${id}/${token}`,
    received,
    answer: (webhookId, answer) => scripted.set(webhookId, answer),
    answerNext: (webhookId, ...answers) => queued.set(webhookId, [...(queued.get(webhookId) ?? []), ...answers]),
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
