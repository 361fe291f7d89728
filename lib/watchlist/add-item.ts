import 'server-only';
import { ErrorCode } from '../api/error-codes.ts';
import { ApiError } from '../api/errors.ts';
import { productOrThrow } from '../catalog/products.ts';
import { db } from '../db/index.ts';
import { premiumMinPrice } from './default-products.ts';
import { money, toWatchItem } from './dto.ts';
import {
  alreadyOnWatchlistMessage,
  defaultTypeKey,
  inDefaultListMessage,
  NOT_DEFAULT_PRODUCT_MESSAGE,
  pluInCatalogMessage,
  WATCHLIST_MESSAGES,
  type CustomItem,
  type InterestType,
} from './rules.ts';
import type { WatchItem } from './types.ts';

// POST /api/watchlist: one row per user and PLU (unique user_id, plu). Three kinds of row:
// - interested, for a catalog product found by search: polled every scraper cycle while active;
// - interested, custom: a PLU the catalog does not know yet, with the name (and facts) the user typed;
// - not_interested, for a product of the default list: a preference that switches it off, never polled.

export interface Added {
  item: WatchItem;
  message: string;
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === 'P2002';

async function existingRow(userId: number, plu: string) {
  return db.watchItem.findUnique({ where: { userId_plu: { userId, plu } } });
}

/** The 409 for a PLU the user already has a row for. */
async function duplicate(userId: number, plu: string, fallbackName: string): Promise<ApiError> {
  const row = await existingRow(userId, plu);
  const product = await db.product.findUnique({ where: { plu }, select: { name: true } });
  const name = row?.customName ?? product?.name ?? fallbackName;
  return new ApiError('conflict', alreadyOnWatchlistMessage(name, row?.interestType ?? 'interested'), { code: ErrorCode.DUPLICATE });
}

interface NewRow {
  plu: string;
  interestType: InterestType;
  customName?: string;
  retailPrice?: number | null;
  bottlesPerCase?: number | null;
}

async function create(userId: number, data: NewRow, name: string) {
  try {
    return await db.watchItem.create({ data: { userId, active: true, ...data } });
  } catch (error) {
    // Two requests for the same PLU at once: the unique index decides, the loser gets the 409.
    if (isUniqueViolation(error)) throw await duplicate(userId, data.plu, name);
    throw error;
  }
}

/** Adds a catalog product as interested (from search), or switches a default product off (not_interested). */
export async function addProduct(userId: number, plu: string, interest: InterestType): Promise<Added> {
  const product = productOrThrow(
    await db.product.findUnique({
      where: { plu },
      select: { plu: true, name: true, listingType: true, retailPrice: true, sizeMl: true, bottlesPerCase: true, alcoholType: true },
    }),
    plu,
    WATCHLIST_MESSAGES.productNotFound,
  );
  const isDefault = defaultTypeKey(product.listingType, money(product.retailPrice), premiumMinPrice()) !== null;

  if (interest === 'not_interested' && !isDefault) throw new ApiError('unprocessable', NOT_DEFAULT_PRODUCT_MESSAGE);
  if (interest === 'interested' && isDefault) {
    throw new ApiError('conflict', inDefaultListMessage(product.name), { code: ErrorCode.IN_DEFAULT_LIST });
  }

  const existing = await existingRow(userId, plu);
  let row;
  if (existing) {
    // A switched-off product that has since left the default list (its price or PREMIUM_MIN_PRICE
    // changed) is no longer shown anywhere: adding it from search turns that stale preference into an item.
    const stale = interest === 'interested' && existing.interestType === 'not_interested' && !isDefault;
    if (!stale) throw await duplicate(userId, plu, product.name);
    row = await db.watchItem.update({
      where: { id: existing.id },
      data: { interestType: 'interested', active: true, createdAt: new Date() },
    });
  } else {
    row = await create(userId, { plu, interestType: interest }, product.name);
  }
  return {
    item: toWatchItem(row, product),
    message:
      interest === 'interested'
        ? `Added "${product.name}" to your watchlist.`
        : `Switched off "${product.name}" in your default list.`,
  };
}

/** Adds a product the catalog does not know yet; a known PLU is refused with a pointer to search. */
export async function addCustomItem(userId: number, item: CustomItem): Promise<Added> {
  const product = await db.product.findUnique({ where: { plu: item.plu }, select: { name: true } });
  if (product) throw new ApiError('conflict', pluInCatalogMessage(item.plu, product.name), { code: ErrorCode.PLU_IN_CATALOG });
  if (await existingRow(userId, item.plu)) throw await duplicate(userId, item.plu, item.customName);

  const row = await create(
    userId,
    {
      plu: item.plu,
      interestType: 'interested',
      customName: item.customName,
      retailPrice: item.retailPrice,
      bottlesPerCase: item.bottlesPerCase,
    },
    item.customName,
  );
  return { item: toWatchItem(row, null), message: `Added custom item "${item.customName}" to your watchlist.` };
}
