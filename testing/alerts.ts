import http from 'node:http';
import { registerChannel } from '../lib/alerts/channels/index.ts';
import { startMailServer } from './mail-server.ts';
import { sql } from './sql.ts';
import type { AlertChannelName, AlertModeName, AlertSettingsDto, ChannelSettingsDto, QuietHoursDto } from '../lib/alerts/rules.ts';

// Test helpers for arrival alerts: the test SMTP server (testing/mail-server.ts) with recipients that
// can be made to stall (a send in flight when its process is killed) or be refused (a failed send to
// retry); and direct writes of settings and arrivals.

export interface ControlledMailServer {
  port: number;
  /** Recipients whose RCPT TO never gets an answer: the client waits until it is killed. */
  stall: Set<string>;
  /** Recipients refused with a temporary error: nodemailer reports the send as failed. */
  refuse: Set<string>;
  /** Every RCPT TO seen, in order. */
  recipientsSeen: string[];
  /** When each of them was seen (Date.now()). */
  recipientsSeenAt: number[];
  stop(): Promise<void>;
}

export async function startControlledMailServer(dir: string): Promise<ControlledMailServer> {
  const control = { stall: new Set<string>(), refuse: new Set<string>(), recipientsSeen: [] as string[], recipientsSeenAt: [] as number[] };
  const server = await startMailServer(dir, {
    onRecipient(to) {
      control.recipientsSeen.push(to);
      control.recipientsSeenAt.push(Date.now());
      if (control.stall.has(to)) return 'stall';
      if (control.refuse.has(to)) return Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 });
      return 'accept';
    },
  });
  return { ...server, ...control };
}

/**
 * Saves alert settings straight into the database (the API is tested on its own): `enabled`, `mode` and
 * `last_digest_at` are the e-mail channel's (alert_channels), as the API's are.
 */
export async function setAlertSettings(
  url: string,
  userId: number,
  settings: Partial<AlertSettingsDto> & { last_digest_at?: Date | null; quiet_hours?: QuietHoursDto | null } = {},
): Promise<void> {
  const s = {
    enabled: true,
    mode: 'instant',
    digest_hour: 17,
    listing_types: ['Allocation', 'Limited', 'Barrel'],
    min_quantity: 1,
    board_ids: [179],
    store_ids: [] as number[],
    radius_miles: null as number | null,
    last_digest_at: null as Date | null,
    quiet_hours: null as QuietHoursDto | null,
    ...settings,
  };
  await sql(
    `INSERT INTO alert_settings (user_id, digest_hour, listing_types, min_quantity, board_ids, store_ids,
                                 quiet_start_hour, quiet_end_hour, quiet_hold_email, radius_miles, updated_at)
     VALUES ($1, $2, $3::"ListingType"[], $4, $5::int[], $6::int[], $7, $8, $9, $10, now())
     ON CONFLICT (user_id) DO UPDATE SET digest_hour = EXCLUDED.digest_hour,
       listing_types = EXCLUDED.listing_types, min_quantity = EXCLUDED.min_quantity, board_ids = EXCLUDED.board_ids,
       store_ids = EXCLUDED.store_ids, quiet_start_hour = EXCLUDED.quiet_start_hour, quiet_end_hour = EXCLUDED.quiet_end_hour,
       quiet_hold_email = EXCLUDED.quiet_hold_email, radius_miles = EXCLUDED.radius_miles, updated_at = now()`,
    [userId, s.digest_hour, s.listing_types, s.min_quantity, s.board_ids, s.store_ids,
      s.quiet_hours?.start_hour ?? null, s.quiet_hours?.end_hour ?? null, s.quiet_hours?.hold_email ?? false, s.radius_miles],
    url,
  );
  await setAlertChannel(url, userId, { channel: 'email', enabled: s.enabled, mode: s.mode as AlertModeName, last_digest_at: s.last_digest_at });
}

/** One channel's settings straight into the database. */
export async function setAlertChannel(
  url: string,
  userId: number,
  c: Partial<ChannelSettingsDto> & { channel: AlertChannelName; last_digest_at?: Date | null },
): Promise<void> {
  await sql(
    `INSERT INTO alert_channels (user_id, channel, enabled, mode, kinds, last_digest_at, updated_at)
     VALUES ($1, $2::"AlertChannel", $3, $4::"AlertMode", $5::"AlertKind"[], $6, now())
     ON CONFLICT (user_id, channel) DO UPDATE SET enabled = EXCLUDED.enabled, mode = EXCLUDED.mode, kinds = EXCLUDED.kinds,
       last_digest_at = EXCLUDED.last_digest_at, updated_at = now()`,
    [userId, c.channel, c.enabled ?? true, c.mode ?? 'instant', c.kinds ?? ['arrival', 'shipment'], c.last_digest_at ?? null],
    url,
  );
}

/** An arrival as the scraper writes it (an inventory_history first/increase row). */
export async function insertArrival(
  url: string,
  a: { storeId: number; plu: string; at: Date; quantity: number; previous?: number },
): Promise<number> {
  const previous = a.previous ?? 0;
  const [row] = await sql<{ id: string }>(
    `INSERT INTO inventory_history (store_id, plu, checked_at, previous_quantity, new_quantity, delta, change_type)
     VALUES ($1, $2, $3, $4, $5, $6, $7::"ChangeType") RETURNING id::text`,
    [a.storeId, a.plu, a.at, previous, a.quantity, a.quantity - previous, previous === 0 ? 'first' : 'increase'],
    url,
  );
  return Number(row.id);
}

/** A dated shipment as the shipments extract writes it (lib/ingest/shipments.ts): a second one of the same day adds units to the row. */
export async function insertShipment(url: string, s: { plu: string; boardId: number; shipDate: string; units: number }): Promise<number> {
  const [row] = await sql<{ id: string }>(
    `INSERT INTO shipments (plu, board_id, ship_date, units) VALUES ($1, $2, $3::date, $4)
     ON CONFLICT (plu, board_id, ship_date) DO UPDATE SET units = shipments.units + EXCLUDED.units RETURNING id::text`,
    [s.plu, s.boardId, s.shipDate, s.units],
    url,
  );
  return Number(row.id);
}

/**
 * An incoming shipment with its forecasts as a shelf board's forecast writes them (lib/forecast/forecast.ts): named
 * rows (named at `createdAt`) and unnamed ones, each with a store (null: the board as a whole) and a window. Returns its id.
 */
export async function insertShelfForecast(
  url: string,
  shipmentId: number,
  createdAt: Date,
  rows: { storeId: number | null; likelihood: number; named: boolean; from: string; to: string }[],
): Promise<number> {
  const [incoming] = await sql<{ id: number }>(
    `INSERT INTO incoming (shipment_id, plu, board_id, ship_date, units, precision, created_at)
     SELECT id, plu, board_id, ship_date, units, 'shelf', $2 FROM shipments WHERE id = $1 RETURNING id::int`,
    [shipmentId, createdAt],
    url,
  );
  for (const r of rows) {
    await sql(
      `INSERT INTO forecasts (incoming_id, store_id, likelihood, first_likelihood, named, basis, window_start, window_end, named_at, updated_at)
       VALUES ($1, $2, $3, $3, $4, 'type', $5::date, $6::date, CASE WHEN $4 THEN $7::timestamptz END, $7)`,
      [incoming.id, r.storeId, r.likelihood, r.named, r.from, r.to, createdAt],
      url,
    );
  }
  return incoming.id;
}

export interface WebhookMessage {
  userId: number;
  kind: 'instant' | 'digest';
  /** The products the message lists, by name. */
  products: string[];
  receivedAt: number;
}

/**
 * A channel of this process (lib/alerts/channels) that delivers each batch as a JSON POST to a local HTTP
 * receiver, standing in for push or Discord where a test is about the pipeline (holds, modes, kinds) and not
 * their senders. Answers 503 for the users in `refuse` (a retryable failure). stop() takes the channel out.
 */
export async function startWebhookChannel(name: AlertChannelName): Promise<{ received: WebhookMessage[]; refuse: Set<number>; stop(): Promise<void> }> {
  const received: WebhookMessage[] = [];
  const refuse = new Set<number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const message = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Omit<WebhookMessage, 'receivedAt'>;
      if (refuse.has(message.userId)) {
        res.writeHead(503).end();
        return;
      }
      received.push({ ...message, receivedAt: Date.now() });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
  const unregister = registerChannel({
    name,
    async deliver(batch) {
      const body = { userId: batch.userId, kind: batch.kind, products: batch.content.products.map((p) => p.name) };
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return res.ok ? { status: 'sent' } : { status: 'retryable', error: `HTTP ${res.status}` };
    },
  });
  return {
    received,
    refuse,
    stop: async () => {
      unregister();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Each alert with its e-mail delivery (status, attempts, next_attempt_at, error, batch_id, sent_at), the relation
 * tests read e-mail's deliveries from: `SELECT status FROM ${EMAIL_ALERTS} WHERE user_id = $1`. An alert whose
 * user had e-mail off has no e-mail delivery, so it is not among them.
 */
export const EMAIL_ALERTS = `(SELECT l.id, l.user_id, l.history_id, l.shipment_id, l.incoming_id, l.run_checked_at, d.status, d.attempts,
         d.next_attempt_at, d.error, d.batch_id, d.sent_at, d.created_at
    FROM alert_log l JOIN alert_deliveries d ON d.alert_id = l.id AND d.channel = 'email') email_alerts`;
