import 'server-only';
import { env } from '../env.ts';
import { Prisma } from '../db/index.ts';

// How old a store's stock is (docs/decisions/006-ingestion-on-the-real-pages.md). A board that stops
// answering about a product (its search said nothing, its pages failed) never turns its stock into a zero:
// the last known stock is kept with the time it was last confirmed. Every screen and answer that shows a
// store's stock says how sure that number is:
//
// - `current`: the board's latest ask about the product confirmed it (or it was never asked since);
// - `last_seen`: the board was asked since and did not confirm it: shown with "last seen …";
// - `unknown`: not confirmed for STOCK_UNKNOWN_AFTER_MINUTES (default a day): shown as unknown, never as in
//   stock, and left out of counts and totals.
//
// A store's stock was last confirmed at the latest of: its last change (store_inventory.last_updated), an
// answer that named it among some stores (confirmed_at), and its board's last whole answer about the
// product (board_product_polls.answered_at); lib/ingest/store-snapshot.ts writes all three.

export type StockState = 'current' | 'last_seen' | 'unknown';

/** Stock not confirmed since this instant is unknown. */
export function unknownBefore(now = new Date()): Date {
  return new Date(now.getTime() - env().STOCK_UNKNOWN_AFTER_MINUTES * 60_000);
}

/**
 * `FROM store_inventory si JOIN stores s … ${stockAge('si', 's', now)}`: adds `age.confirmed_at` (when the
 * row's quantity was last confirmed) and `age.state` (a StockState) for a store_inventory row and its store.
 */
export function stockAge(si: string, s: string, now = new Date()): Prisma.Sql {
  return Prisma.sql`
    LEFT JOIN board_product_polls bp ON bp.board_id = ${Prisma.raw(s)}.board_id AND bp.plu = ${Prisma.raw(si)}.plu
    CROSS JOIN LATERAL (SELECT GREATEST(${Prisma.raw(si)}.last_updated, ${Prisma.raw(si)}.confirmed_at, bp.answered_at) AS confirmed_at) confirmed
    CROSS JOIN LATERAL (
      SELECT confirmed.confirmed_at,
             CASE WHEN bp.asked_at IS NULL OR bp.asked_at <= confirmed.confirmed_at THEN 'current'
                  WHEN confirmed.confirmed_at >= ${unknownBefore(now)}::timestamptz THEN 'last_seen'
                  ELSE 'unknown' END AS state
    ) age`;
}

/**
 * `(SELECT ${oldestLastSeen('cells')})`-style SQL: the earliest `confirmed_at` among the `last_seen` rows of a
 * set that has stockAge's `state` and `confirmed_at` columns, in epoch milliseconds rounded down (null: none).
 * The answer read from that set holds, as far as time goes, until stockStatesHoldUntil() of it.
 */
export const oldestLastSeen = (rows: string) =>
  Prisma.sql`(SELECT floor(extract(epoch FROM min(confirmed_at)) * 1000)::float8 FROM ${Prisma.raw(rows)} WHERE state = 'last_seen')`;

/**
 * Until when (epoch ms, exclusive) stock states read at some instant stay as they were if no data changes:
 * `last_seen` stock turns unknown STOCK_UNKNOWN_AFTER_MINUTES after it was last confirmed, and nothing else
 * changes with time (`current` depends on the data only, `unknown` stays unknown). A kept answer built on
 * stockAge is served only before this instant (lib/db/changes.ts ChangeCache `valid`).
 */
export function stockStatesHoldUntil(oldestLastSeenMs: number | null): number {
  return oldestLastSeenMs === null ? Infinity : oldestLastSeenMs + env().STOCK_UNKNOWN_AFTER_MINUTES * 60_000;
}
