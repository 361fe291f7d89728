import 'server-only';
import { env } from '../env.ts';
import { Prisma } from '../db/index.ts';

// How old a store's stock is (docs/decisions/006-ingestion-on-the-real-pages.md): the one rule, here. A board
// that stops answering about a product (its search said nothing, its pages failed), or a scraper that stops
// asking, never turns its stock into a zero: the last known stock is kept with the time it was last
// confirmed. Every screen and answer that shows a store's stock says how sure that number is:
//
// - `current`: confirmed by the board's latest ask, and that ask's next one is not overdue yet;
// - `last_seen`: not confirmed when it should have been — an ask since did not confirm it, or the next ask
//   the scraper planned (board_product_polls.next_ask_at) is CONFIRM_GRACE_MINUTES past with no confirmation
//   (the scraper stopped, a board's polls stopped): shown with "last seen …";
// - `unknown`: so, and last confirmed more than STOCK_UNKNOWN_AFTER_MINUTES (default a day) ago: shown as
//   unknown, never as in stock, and left out of counts and totals.
//
// By the clock, not per ask: the age follows the time even when nothing is written. The scraper plans the
// next ask per product (lib/ingest/schedule.ts nextAskAt): Wake's hunted, Premium and watched products the
// next cycle, its everyday ones the same slot the next day, the other boards' at their cadence; the night
// without cycles moves the next ask to 07:00, so stock is never overdue overnight.
//
// A store's stock was last confirmed at the latest of: its last change (store_inventory.last_updated), an
// answer that named it among some stores (confirmed_at), and its board's last whole answer about the
// product (board_product_polls.answered_at); lib/ingest/store-snapshot.ts writes them and the plan.

export type StockState = 'current' | 'last_seen' | 'unknown';

/**
 * After a product's planned next ask, how long its stock still counts as confirmed: a poll is stamped with
 * the time its cycle started and written minutes later, and a cycle that overran makes the next one skip.
 */
export const CONFIRM_GRACE_MINUTES = 30;

/**
 * The next ask assumed when none was recorded (stock written before next_ask_at existed, the demo's
 * generated shelves): a day, the longest the scraper leaves a product unasked.
 */
const UNPLANNED_ASK_MINUTES = 24 * 60;

const minutes = (n: number) => Prisma.sql`make_interval(mins => ${n}::int)`;

/**
 * `FROM store_inventory si JOIN stores s … ${stockAge('si', 's', now)}`: adds, for a store_inventory row and
 * its store, `age.confirmed_at` (when the row's quantity was last confirmed), `age.state` (a StockState at
 * `now`) and `age.changes_at` (when that state changes with time alone; null: never, it is unknown).
 */
export function stockAge(si: string, s: string, now: Date): Prisma.Sql {
  const limit = minutes(env().STOCK_UNKNOWN_AFTER_MINUTES);
  const [row, store] = [Prisma.raw(si), Prisma.raw(s)];
  return Prisma.sql`
    LEFT JOIN board_product_polls bp ON bp.board_id = ${store}.board_id AND bp.plu = ${row}.plu
    CROSS JOIN LATERAL (SELECT GREATEST(${row}.last_updated, ${row}.confirmed_at, bp.answered_at) AS confirmed_at) confirmed
    CROSS JOIN LATERAL (
      SELECT CASE WHEN bp.asked_at > confirmed.confirmed_at THEN confirmed.confirmed_at
                  ELSE COALESCE(bp.next_ask_at, confirmed.confirmed_at + ${minutes(UNPLANNED_ASK_MINUTES)}) + ${minutes(CONFIRM_GRACE_MINUTES)}
             END AS overdue_at
    ) due
    CROSS JOIN LATERAL (
      SELECT confirmed.confirmed_at,
             CASE WHEN due.overdue_at > ${now}::timestamptz THEN 'current'
                  WHEN confirmed.confirmed_at + ${limit} > ${now}::timestamptz THEN 'last_seen'
                  ELSE 'unknown' END AS state,
             CASE WHEN due.overdue_at > ${now}::timestamptz THEN due.overdue_at
                  WHEN confirmed.confirmed_at + ${limit} > ${now}::timestamptz THEN confirmed.confirmed_at + ${limit} END AS changes_at
    ) age`;
}

/**
 * `${stateChangesAt('cells')}`: SQL for the earliest `changes_at` of a set that has stockAge's columns, in
 * epoch milliseconds rounded down (null: no state of the set changes with time). Its stockStatesHoldUntil()
 * is when an answer read from the set stops holding.
 */
export const stateChangesAt = (rows: string) =>
  Prisma.sql`(SELECT floor(extract(epoch FROM min(changes_at)) * 1000)::float8 FROM ${Prisma.raw(rows)})`;

/**
 * Until when (epoch ms, exclusive) stock states read at some instant stay as they were if no data changes,
 * from the earliest `changes_at` among them (ms, or null). A kept answer built on stockAge is served only
 * before this instant (lib/db/changes.ts ChangeCache `valid`).
 */
export function stockStatesHoldUntil(earliestChangeMs: number | null): number {
  return earliestChangeMs ?? Infinity;
}
