import { startMailServer } from './mail-server.ts';
import { sql } from './sql.ts';
import type { AlertSettingsDto } from '../../lib/alerts/rules.ts';

// Test helpers for arrival alerts: the test SMTP server (scripts/testing/mail-server.ts) with recipients that
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
  stop(): Promise<void>;
}

export async function startControlledMailServer(dir: string): Promise<ControlledMailServer> {
  const control = { stall: new Set<string>(), refuse: new Set<string>(), recipientsSeen: [] as string[] };
  const server = await startMailServer(dir, {
    onRecipient(to) {
      control.recipientsSeen.push(to);
      if (control.stall.has(to)) return 'stall';
      if (control.refuse.has(to)) return Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 });
      return 'accept';
    },
  });
  return { ...server, ...control };
}

/** Saves alert settings straight into the database (the API is tested on its own). */
export async function setAlertSettings(
  url: string,
  userId: number,
  settings: Partial<AlertSettingsDto> & { last_digest_at?: Date | null } = {},
): Promise<void> {
  const s = {
    enabled: true,
    mode: 'instant',
    digest_hour: 17,
    listing_types: ['Allocation', 'Limited', 'Barrel'],
    min_quantity: 1,
    board_ids: [179],
    store_ids: [] as number[],
    last_digest_at: null as Date | null,
    ...settings,
  };
  await sql(
    `INSERT INTO alert_settings (user_id, enabled, mode, digest_hour, listing_types, min_quantity, board_ids, store_ids, last_digest_at, updated_at)
     VALUES ($1, $2, $3::"AlertMode", $4, $5::"ListingType"[], $6, $7::int[], $8::int[], $9, now())
     ON CONFLICT (user_id) DO UPDATE SET enabled = EXCLUDED.enabled, mode = EXCLUDED.mode, digest_hour = EXCLUDED.digest_hour,
       listing_types = EXCLUDED.listing_types, min_quantity = EXCLUDED.min_quantity, board_ids = EXCLUDED.board_ids,
       store_ids = EXCLUDED.store_ids, last_digest_at = EXCLUDED.last_digest_at, updated_at = now()`,
    [userId, s.enabled, s.mode, s.digest_hour, s.listing_types, s.min_quantity, s.board_ids, s.store_ids, s.last_digest_at],
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
