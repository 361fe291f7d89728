import { describe, expect, it } from 'vitest';
import {
  BOTTLES_PER_CASE_MAX,
  BOTTLES_PER_CASE_MIN,
  countByType,
  CUSTOM_NAME_MAX_LENGTH,
  customItemError,
  DEFAULT_PAGE_SIZE,
  defaultTypeKey,
  filterByType,
  formatPrice,
  formatSize,
  isPlu,
  normalizeSearch,
  pageOf,
  parseCustomItem,
  PLU_LENGTH,
  pluDigits,
  pluInCatalogMessage,
  premiumRuleText,
  SEARCH_MIN_LENGTH,
  searchError,
  TYPE_FILTERS,
  WATCHLIST_MESSAGES,
  type DefaultTypeKey,
} from './rules.ts';

describe('constants from spec section 9', () => {
  it('match the stated limits', () => {
    expect(DEFAULT_PAGE_SIZE).toBe(20);
    expect(TYPE_FILTERS).toEqual(['all', 'limited', 'allocation', 'premium', 'barrel']);
    expect(PLU_LENGTH).toBe(5);
    expect(CUSTOM_NAME_MAX_LENGTH).toBe(100);
    expect([BOTTLES_PER_CASE_MIN, BOTTLES_PER_CASE_MAX]).toEqual([1, 24]);
    expect(SEARCH_MIN_LENGTH).toBe(2);
  });

  it('carry the spec messages word for word', () => {
    expect(WATCHLIST_MESSAGES).toMatchObject({
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
    });
  });
});

describe('the default list', () => {
  it('takes Allocation, Limited and Barrel, new releases (Unknown), and Listed at or above the Premium price', () => {
    expect(defaultTypeKey('Allocation', 15.95, 60)).toBe('allocation');
    expect(defaultTypeKey('Limited', null, 60)).toBe('limited');
    expect(defaultTypeKey('Barrel', 40, 60)).toBe('barrel');
    expect(defaultTypeKey('Listed', 60, 60)).toBe('premium');
    expect(defaultTypeKey('Listed', 59.99, 60)).toBeNull();
    expect(defaultTypeKey('Listed', null, 60)).toBeNull();
    expect(defaultTypeKey('Listed', 59.99, 50)).toBe('premium');
    // A new release (a PLU or listing type the state has not classified yet) is hunted until it is.
    expect(defaultTypeKey('Unknown', 500, 60)).toBe('new');
    expect(defaultTypeKey('Unknown', null, 60)).toBe('new');
  });

  it('states the Premium rule with the configured price', () => {
    expect(premiumRuleText(60)).toBe(
      'Premium is not a state listing type: here it means Listed products priced at $60.00 or more.',
    );
  });

  const products = (['allocation', 'limited', 'limited', 'premium', 'barrel', 'premium', 'premium'] as DefaultTypeKey[]).map(
    (listing_type_key, i) => ({ plu: String(10000 + i), listing_type_key }),
  );

  it('filters by type and counts each filter', () => {
    // New releases have no filter of their own (the spec's filters): they show under All.
    const withNew = [...products, { plu: '99001', listing_type_key: 'new' as const }];
    expect(filterByType(withNew, 'all')).toHaveLength(8);
    expect(countByType(withNew)).toEqual({ all: 8, limited: 2, allocation: 1, premium: 3, barrel: 1 });
    expect(filterByType(products, 'all')).toHaveLength(7);
    expect(filterByType(products, 'premium').map((p) => p.plu)).toEqual(['10003', '10005', '10006']);
    expect(filterByType(products, 'allocation').map((p) => p.plu)).toEqual(['10000']);
    expect(countByType(products)).toEqual({ all: 7, limited: 2, allocation: 1, premium: 3, barrel: 1 });
    expect(countByType([])).toEqual({ all: 0, limited: 0, allocation: 0, premium: 0, barrel: 0 });
  });

  it('pages 20 at a time, clamping pages that do not exist', () => {
    const items = Array.from({ length: 45 }, (_, i) => i + 1);
    expect(pageOf(items, 1)).toMatchObject({ page: 1, totalPages: 3, from: 1, to: 20, total: 45 });
    expect(pageOf(items, 1).items).toHaveLength(20);
    expect(pageOf(items, 3)).toMatchObject({ page: 3, from: 41, to: 45, items: [41, 42, 43, 44, 45] });
    expect(pageOf(items, 9).page).toBe(3);
    expect(pageOf(items, 0).page).toBe(1);
    expect(pageOf(items, Number.NaN).page).toBe(1);
    expect(pageOf([], 1)).toEqual({ items: [], page: 1, totalPages: 1, from: 0, to: 0, total: 0 });
    expect(pageOf(items.slice(0, 20), 2)).toMatchObject({ page: 1, totalPages: 1, to: 20 });
  });
});

describe('search', () => {
  it('needs at least 2 characters after trimming', () => {
    expect(searchError('')).toBe('Please enter at least 2 characters to search');
    expect(searchError(' a ')).toBe('Please enter at least 2 characters to search');
    expect(searchError('ab')).toBeNull();
    expect(searchError('x'.repeat(101))).toBe(WATCHLIST_MESSAGES.searchTooLong);
    expect(normalizeSearch('  eagle   rare ')).toBe('eagle rare');
  });
});

describe('PLUs', () => {
  it('strips non-digits and needs exactly 5 digits', () => {
    expect(pluDigits('99-999')).toBe('99999');
    expect(pluDigits(' PLU #01234 ')).toBe('01234');
    expect(isPlu('01234')).toBe(true);
    expect(isPlu('1234')).toBe(false);
    expect(isPlu('123456')).toBe(false);
    expect(isPlu('12a45')).toBe(false);
  });
});

describe('custom items', () => {
  const valid = { plu: '99999', custom_name: 'Secret Barrel' };

  it('accepts the required fields alone and cleans them', () => {
    expect(parseCustomItem({ plu: ' 99-999 ', custom_name: '  Secret Barrel  ' })).toEqual({
      ok: true,
      value: { plu: '99999', customName: 'Secret Barrel', retailPrice: null, bottlesPerCase: null },
    });
  });

  it('parses the optional price and bottles from text or numbers', () => {
    const parsed = (retail_price: unknown, bottles_per_case: unknown) =>
      parseCustomItem({ ...valid, retail_price, bottles_per_case } as Parameters<typeof parseCustomItem>[0]);
    expect(parsed('79.95', '6')).toMatchObject({ ok: true, value: { retailPrice: 79.95, bottlesPerCase: 6 } });
    expect(parsed(0, 1)).toMatchObject({ ok: true, value: { retailPrice: 0, bottlesPerCase: 1 } });
    expect(parsed('.5', '24')).toMatchObject({ ok: true, value: { retailPrice: 0.5, bottlesPerCase: 24 } });
    expect(parsed(12.345, 12)).toMatchObject({ ok: true, value: { retailPrice: 12.35 } });
    expect(parsed('', '  ')).toMatchObject({ ok: true, value: { retailPrice: null, bottlesPerCase: null } });
    expect(parsed(null, null)).toMatchObject({ ok: true, value: { retailPrice: null, bottlesPerCase: null } });
    expect(parsed('-0', undefined)).toMatchObject({ ok: true, value: { retailPrice: 0 } });
  });

  it.each([
    ['a blank PLU', { plu: '  ', custom_name: 'X' }, WATCHLIST_MESSAGES.customRequired],
    ['a blank name', { plu: '99999', custom_name: '   ' }, WATCHLIST_MESSAGES.customRequired],
    ['both blank', { plu: '', custom_name: '' }, WATCHLIST_MESSAGES.customRequired],
    ['4 digits', { plu: '9999', custom_name: 'X' }, WATCHLIST_MESSAGES.pluFormat],
    ['6 digits', { plu: '999999', custom_name: 'X' }, WATCHLIST_MESSAGES.pluFormat],
    ['no digits', { plu: 'abcde', custom_name: 'X' }, WATCHLIST_MESSAGES.pluFormat],
    ['a 101-character name', { plu: '99999', custom_name: 'n'.repeat(101) }, WATCHLIST_MESSAGES.customNameTooLong],
    ['a negative price', { ...valid, retail_price: '-1' }, WATCHLIST_MESSAGES.retailPrice],
    ['a negative number price', { ...valid, retail_price: -0.01 }, WATCHLIST_MESSAGES.retailPrice],
    ['a price in words', { ...valid, retail_price: 'cheap' }, WATCHLIST_MESSAGES.retailPrice],
    ['a hex price', { ...valid, retail_price: '0x10' }, WATCHLIST_MESSAGES.retailPrice],
    ['an exponent price', { ...valid, retail_price: '1e3' }, WATCHLIST_MESSAGES.retailPrice],
    ['a price with a thousands comma', { ...valid, retail_price: '1,000' }, WATCHLIST_MESSAGES.retailPrice],
    ['a price too large for the column', { ...valid, retail_price: '100000' }, WATCHLIST_MESSAGES.retailPriceTooHigh],
    ['0 bottles', { ...valid, bottles_per_case: '0' }, WATCHLIST_MESSAGES.bottlesPerCase],
    ['25 bottles', { ...valid, bottles_per_case: 25 }, WATCHLIST_MESSAGES.bottlesPerCase],
    ['6.5 bottles', { ...valid, bottles_per_case: '6.5' }, WATCHLIST_MESSAGES.bottlesPerCase],
    ['6.5 bottles as a number', { ...valid, bottles_per_case: 6.5 }, WATCHLIST_MESSAGES.bottlesPerCase],
    ['bottles in words', { ...valid, bottles_per_case: 'six' }, WATCHLIST_MESSAGES.bottlesPerCase],
  ])('refuses %s', (_label, input, message) => {
    expect(customItemError(input)).toBe(message);
  });

  it('accepts a name of exactly 100 characters once trimmed', () => {
    expect(customItemError({ plu: '99999', custom_name: ` ${'n'.repeat(100)} ` })).toBeNull();
  });

  it('names the catalog product and points to search for a known PLU', () => {
    const message = pluInCatalogMessage('27090', "Blanton's Single Barrel");
    expect(message).toContain("Blanton's Single Barrel");
    expect(message).toContain('27090');
    expect(message.toLowerCase()).toContain('search');
  });
});

describe('display', () => {
  it('formats prices and sizes', () => {
    expect(formatPrice(79.95)).toBe('$79.95');
    expect(formatPrice(60)).toBe('$60.00');
    expect(formatPrice(null)).toBe('—');
    expect(formatSize(750)).toBe('750 ml');
    expect(formatSize(1750)).toBe('1.75 L');
    expect(formatSize(1000)).toBe('1 L');
    expect(formatSize(null)).toBe('—');
  });
});
