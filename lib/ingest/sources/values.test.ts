import { describe, expect, it } from 'vitest';
import { parsePrice, parseQuantity, parseSizeMl } from './values.ts';

describe('value readers', () => {
  it('parseQuantity', () => {
    expect(parseQuantity('3 in stock')).toBe(3);
    expect(parseQuantity('1,234 in stock')).toBe(1234);
    expect(parseQuantity('12')).toBe(12);
    expect(parseQuantity('1,23 in stock')).toBeNull();
    expect(parseQuantity('Out of stock')).toBeNull();
  });
  it('parsePrice', () => {
    expect(parsePrice('79.95 USD')).toBe(79.95);
    expect(parsePrice('$1,299.99')).toBe(1299.99);
    expect(parsePrice('Not Available')).toBeNull();
    expect(parsePrice('')).toBeNull();
  });
  it('parseSizeMl', () => {
    expect(parseSizeMl('.750L')).toBe(750);
    expect(parseSizeMl('1.75L')).toBe(1750);
    expect(parseSizeMl('.050L')).toBe(50);
    expect(parseSizeMl('375ml')).toBe(375);
    expect(parseSizeMl('.75L')).toBe(750);
    expect(parseSizeMl('750ML')).toBe(750);
    expect(parseSizeMl('50ML')).toBe(50);
    expect(parseSizeMl('.05L')).toBe(50);
    expect(parseSizeMl('1L')).toBe(1000);
    expect(parseSizeMl('large')).toBeNull();
    expect(parseSizeMl('')).toBeNull();
  });
});
