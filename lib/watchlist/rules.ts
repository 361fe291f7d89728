// Watchlist rules shared by the /watchlist screen and the API (spec sections 4, 5, 8 and 9): every
// limit, every message and the default-list rule in one place, so the browser and the server can never
// disagree. Pure functions, no React and no I/O.

import { isHunted, isPremium, NEW_RELEASE_TYPE } from '../catalog/hunted.ts';

// ── constants (spec section 9) ──

/** The default list is shown 20 products at a time. */
export const DEFAULT_PAGE_SIZE = 20;
/** Search needs at least 2 characters. */
export const SEARCH_MIN_LENGTH = 2;
/** Longest search text accepted (the spec leaves it open); longer text is refused, not cut. */
export const SEARCH_MAX_LENGTH = 100;
/** At most this many search results are returned. */
export const SEARCH_RESULT_LIMIT = 50;
/** Custom items: the PLU is exactly 5 digits, the name at most 100 characters, 1 to 24 bottles per case. */
export const PLU_LENGTH = 5;
export const CUSTOM_NAME_MAX_LENGTH = 100;
export const BOTTLES_PER_CASE_MIN = 1;
export const BOTTLES_PER_CASE_MAX = 24;
/** Highest retail price accepted (the column is numeric(10,2); the spec gives no upper bound). */
export const RETAIL_PRICE_MAX = 99_999.99;

/** Type filters of the default list, in the order the screen shows them. */
export const TYPE_FILTERS = ['all', 'limited', 'allocation', 'premium', 'barrel'] as const;
export type TypeFilter = (typeof TYPE_FILTERS)[number];
/** A default product's type: a filter's, or `new` (a new release, shown under All). */
export type DefaultTypeKey = Exclude<TypeFilter, 'all'> | 'new';

export const TYPE_LABELS: Record<TypeFilter | DefaultTypeKey, string> = {
  all: 'All',
  limited: 'Limited',
  allocation: 'Allocation',
  premium: 'Premium',
  barrel: 'Barrel',
  new: 'New release',
};

export const INTEREST_TYPES = ['interested', 'not_interested'] as const;
export type InterestType = (typeof INTEREST_TYPES)[number];

// ── messages (spec sections 5 and 8, word for word; the rest are ours) ──

export const WATCHLIST_MESSAGES = {
  searchTooShort: 'Please enter at least 2 characters to search',
  customRequired: 'PLU and Product Name are required',
  pluFormat: 'PLU must be exactly 5 digits (e.g., 99999)',
  retailPrice: 'Retail price must be a valid number greater than or equal to 0',
  bottlesPerCase: 'Bottles per case must be a number between 1 and 24',
  loadDefaults: 'Failed to load default products',
  loadItems: 'Failed to load custom items',
  noResults: 'No products found matching your search',
  searchFailed: 'Failed to search products',
  addFailed: 'Failed to add item',
  addToWatchlistFailed: 'Failed to add item to watchlist',
  updateFailed: 'Failed to update item',
  addCustomFailed: 'Failed to add custom item',
  removeFailed: 'Failed to remove item',
  // Not in the spec: limits it leaves open, and refusals of the API.
  customNameTooLong: `Product Name must be at most ${CUSTOM_NAME_MAX_LENGTH} characters`,
  retailPriceTooHigh: 'Retail price must be at most 99999.99',
  searchTooLong: `Search text must be at most ${SEARCH_MAX_LENGTH} characters`,
  itemNotFound: 'Watchlist item not found',
  productNotFound: 'Product not found in the catalog',
} as const;

/** A custom PLU that the catalog already knows: name the product and point to search. */
export function pluInCatalogMessage(plu: string, productName: string): string {
  return `PLU ${plu} is already in the product database as "${productName}". Use the search to add it to your watchlist.`;
}

/** Adding a product that is already one of the user's rows (same PLU twice). */
export function alreadyOnWatchlistMessage(productName: string, interest: InterestType): string {
  return interest === 'interested'
    ? `"${productName}" is already on your watchlist.`
    : `"${productName}" is switched off in your default list. Switch it back on there.`;
}

/** Adding, as interested, a product the default list already watches. */
export function inDefaultListMessage(productName: string): string {
  return `"${productName}" is already in your default list, so it is watched without adding it.`;
}

export const NOT_DEFAULT_PRODUCT_MESSAGE = 'Only products of the default list can be switched off';
export const PREFERENCE_HAS_NO_ACTIVE_FLAG =
  'A switched-off default product has no active flag; switch it back on in the default list instead';

// ── the default list ──

/**
 * Which default-list type a catalog product has, or null when it is not on the default list. The list is
 * lib/catalog/hunted.ts's rule: the hunted types (Allocation, Limited, Barrel, and Unknown: a new release
 * the state has not classified yet) and Premium, a Listed product priced at or above `premiumMinPrice`
 * (PREMIUM_MIN_PRICE, 60 by default, set by the operator; the state publishes no "Premium" type).
 */
export function defaultTypeKey(
  listingType: string,
  retailPrice: number | null,
  premiumMinPrice: number,
): DefaultTypeKey | null {
  if (isPremium(listingType, retailPrice, premiumMinPrice)) return 'premium';
  if (!isHunted(listingType)) return null;
  return listingType === NEW_RELEASE_TYPE ? 'new' : (listingType.toLowerCase() as DefaultTypeKey);
}

/** One sentence for the screen: how Premium is defined right now. */
export function premiumRuleText(premiumMinPrice: number): string {
  return `Premium is not a state listing type: here it means Listed products priced at ${formatPrice(premiumMinPrice)} or more.`;
}

/** The products a type filter keeps. */
export function filterByType<T extends { listing_type_key: DefaultTypeKey }>(products: readonly T[], filter: TypeFilter): T[] {
  return filter === 'all' ? [...products] : products.filter((p) => p.listing_type_key === filter);
}

/** How many products each filter shows. */
export function countByType(products: readonly { listing_type_key: DefaultTypeKey }[]): Record<TypeFilter, number> {
  const counts: Record<TypeFilter, number> = { all: products.length, limited: 0, allocation: 0, premium: 0, barrel: 0 };
  for (const p of products) if (p.listing_type_key !== 'new') counts[p.listing_type_key]++;
  return counts;
}

export interface Page<T> {
  items: T[];
  /** 1-based, clamped to the pages that exist. */
  page: number;
  totalPages: number;
  /** 1-based positions of the first and last item shown (0 and 0 when empty). */
  from: number;
  to: number;
  total: number;
}

/** One page of a list; a page past the end shows the last page, and an empty list has one empty page. */
export function pageOf<T>(items: readonly T[], page: number, size = DEFAULT_PAGE_SIZE): Page<T> {
  const totalPages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, Math.floor(Number.isFinite(page) ? page : 1)), totalPages);
  const start = (current - 1) * size;
  const shown = items.slice(start, start + size);
  return {
    items: shown,
    page: current,
    totalPages,
    from: shown.length ? start + 1 : 0,
    to: start + shown.length,
    total: items.length,
  };
}

// ── search ──

/** The search text as sent: trimmed, with runs of spaces collapsed. */
export function normalizeSearch(value: string): string {
  return value.trim().replace(/\s+/g, ' ');
}

export function searchError(value: string): string | null {
  const q = normalizeSearch(value);
  if (q.length < SEARCH_MIN_LENGTH) return WATCHLIST_MESSAGES.searchTooShort;
  if (q.length > SEARCH_MAX_LENGTH) return WATCHLIST_MESSAGES.searchTooLong;
  return null;
}

// ── PLUs ──

/** A PLU as typed, with every non-digit removed ("99-999" → "99999"). */
export function pluDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * A PLU a client sent as a JSON number, as its 5-digit code (219 → "00219"). Anything but a whole number of
 * at most 5 digits becomes text without digits, which the format check refuses (-99108 must not lose its sign
 * and pass as "99108").
 */
export function pluFromNumber(value: number): string {
  return Number.isInteger(value) && value >= 0 && value < 10 ** PLU_LENGTH ? String(value).padStart(PLU_LENGTH, '0') : 'not a code';
}

/** A catalog PLU: exactly 5 digits, leading zeros kept. */
export function isPlu(value: string): boolean {
  return new RegExp(`^\\d{${PLU_LENGTH}}$`).test(value);
}

// ── custom items ──

/** What the custom-item form (or the API body) holds: text from inputs, or numbers from JSON. */
export interface CustomItemInput {
  plu: string;
  custom_name: string;
  retail_price?: string | number | null;
  bottles_per_case?: string | number | null;
}

export interface CustomItem {
  plu: string;
  customName: string;
  retailPrice: number | null;
  bottlesPerCase: number | null;
}

const blank = (v: string | number | null | undefined) => v === null || v === undefined || (typeof v === 'string' && !v.trim());

/** A plain decimal: "12", "12.5", ".5", "+3". No exponents, hex or thousands separators. */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/** The retail price as a number rounded to cents, null when left out, or a message. */
function parseRetailPrice(value: string | number | null | undefined): { value: number | null } | { error: string } {
  if (blank(value)) return { value: null };
  const n = typeof value === 'number' ? value : DECIMAL.test(value!.trim()) ? Number(value!.trim()) : NaN;
  if (Number.isNaN(n) || n < 0) return { error: WATCHLIST_MESSAGES.retailPrice };
  const cents = Math.round(n * 100) / 100;
  if (cents > RETAIL_PRICE_MAX) return { error: WATCHLIST_MESSAGES.retailPriceTooHigh };
  return { value: cents === 0 ? 0 : cents }; // no -0
}

function parseBottlesPerCase(value: string | number | null | undefined): { value: number | null } | { error: string } {
  if (blank(value)) return { value: null };
  const n = typeof value === 'number' ? value : /^\+?\d+$/.test(value!.trim()) ? Number(value!.trim()) : NaN;
  if (!Number.isInteger(n) || n < BOTTLES_PER_CASE_MIN || n > BOTTLES_PER_CASE_MAX) {
    return { error: WATCHLIST_MESSAGES.bottlesPerCase };
  }
  return { value: n };
}

/**
 * Checks a custom item in the order the form reads: required fields, PLU, name length, price, bottles.
 * Returns the cleaned item (PLU digits only, name trimmed, numbers parsed) or the first message.
 * Whether the PLU is already in the catalog needs the database: the server checks that afterwards.
 */
export function parseCustomItem(input: CustomItemInput): { ok: true; value: CustomItem } | { ok: false; error: string } {
  const name = input.custom_name.trim();
  if (!input.plu.trim() || !name) return { ok: false, error: WATCHLIST_MESSAGES.customRequired };
  const plu = pluDigits(input.plu);
  if (!isPlu(plu)) return { ok: false, error: WATCHLIST_MESSAGES.pluFormat };
  if (name.length > CUSTOM_NAME_MAX_LENGTH) return { ok: false, error: WATCHLIST_MESSAGES.customNameTooLong };
  const price = parseRetailPrice(input.retail_price);
  if ('error' in price) return { ok: false, error: price.error };
  const bottles = parseBottlesPerCase(input.bottles_per_case);
  if ('error' in bottles) return { ok: false, error: bottles.error };
  return { ok: true, value: { plu, customName: name, retailPrice: price.value, bottlesPerCase: bottles.value } };
}

/** The first message for a custom item, or null when the form may be sent. */
export function customItemError(input: CustomItemInput): string | null {
  const result = parseCustomItem(input);
  return result.ok ? null : result.error;
}

// ── display ──

/** "$79.95", or "—" when there is no price. */
export function formatPrice(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return `$${value.toFixed(2)}`;
}

/** "750 ml", "1.75 L", or "—". */
export function formatSize(ml: number | null | undefined): string {
  if (!ml) return '—';
  return ml >= 1000 ? `${+(ml / 1000).toFixed(3)} L` : `${ml} ml`;
}
