import 'server-only';
import { ErrorCode } from '../api/error-codes.ts';
import { ApiError, foundOrThrow } from '../api/errors.ts';
import { db } from '../db/index.ts';
import { toWatchItem, type CatalogFacts } from './dto.ts';
import { PREFERENCE_HAS_NO_ACTIVE_FLAG, WATCHLIST_MESSAGES } from './rules.ts';
import type { Preference, WatchItem } from './types.ts';

// Reading and changing one user's watch_items rows. Every query is scoped by user_id: another user's
// watch_id is answered exactly like one that does not exist (404), whatever the method.

const CATALOG_FACTS = { plu: true, name: true, retailPrice: true, sizeMl: true, bottlesPerCase: true, alcoholType: true } as const;

async function catalogFacts(plus: string[]): Promise<Map<string, CatalogFacts>> {
  if (!plus.length) return new Map();
  const products = await db.product.findMany({ where: { plu: { in: plus } }, select: CATALOG_FACTS });
  return new Map(products.map((p) => [p.plu, p]));
}

/** The user's own items (custom and added from search), newest first. Switched-off defaults are not items. */
/** The user's own watchlist item (or the count of them a write touched), or the answer for one that is not theirs or not there. */
const watchItemOrThrow = <T>(found: T) => foundOrThrow(found, WATCHLIST_MESSAGES.itemNotFound, ErrorCode.WATCH_ITEM_NOT_FOUND);

export async function listItems(userId: number): Promise<WatchItem[]> {
  const rows = await db.watchItem.findMany({
    where: { userId, interestType: 'interested' },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  });
  const facts = await catalogFacts(rows.map((r) => r.plu));
  return rows.map((r) => toWatchItem(r, facts.get(r.plu)));
}

/** Every row of the user, of either interest type: the screen reads the switched-off defaults from it. */
export async function listPreferences(userId: number): Promise<Preference[]> {
  const rows = await db.watchItem.findMany({
    where: { userId },
    select: { id: true, plu: true, interestType: true },
    orderBy: { id: 'asc' },
  });
  return rows.map((r) => ({ watch_id: r.id, plu: r.plu, interest_type: r.interestType }));
}

async function ownRow(userId: number, watchId: number) {
  return watchItemOrThrow(await db.watchItem.findFirst({ where: { id: watchId, userId } }));
}

export async function getItem(userId: number, watchId: number): Promise<WatchItem> {
  const row = await ownRow(userId, watchId);
  return toWatchItem(row, (await catalogFacts([row.plu])).get(row.plu));
}

/** Pauses or resumes an item: only active interested items are polled every scraper cycle. */
export async function setItemActive(userId: number, watchId: number, active: boolean): Promise<WatchItem> {
  const row = await ownRow(userId, watchId);
  if (row.interestType !== 'interested') throw new ApiError('conflict', PREFERENCE_HAS_NO_ACTIVE_FLAG);
  // Scoped by user again, so a row that changed hands in between could never be touched.
  const { count } = await db.watchItem.updateMany({ where: { id: watchId, userId }, data: { active } });
  watchItemOrThrow(count);
  return toWatchItem({ ...row, active }, (await catalogFacts([row.plu])).get(row.plu));
}

/** Removes an item, or a switched-off preference (which switches that default product back on). */
export async function removeItem(userId: number, watchId: number): Promise<void> {
  const { count } = await db.watchItem.deleteMany({ where: { id: watchId, userId } });
  watchItemOrThrow(count);
}
