import { describe, expect, it } from 'vitest';
import { isWeeksBack, WEEKS_BACK_VALUES, weeksBackLabel } from './options.ts';
import { matchesSearch } from '../text/search.ts';
import { compareListingTypes, normalizeListingType, toggleType, typePasses } from './listing-types.ts';
import { usDate, usDateTime, price } from './format.ts';

describe('weeks back', () => {
  it('labels 0 as this week and the rest as cumulative weeks', () => {
    expect(WEEKS_BACK_VALUES.map(weeksBackLabel)).toEqual([
      'This week (Mon–today)',
      'Last 2 weeks',
      'Last 3 weeks',
      'Last 4 weeks',
      'Last 5 weeks',
    ]);
  });

  it('accepts only 0 to 4', () => {
    expect(isWeeksBack(0)).toBe(true);
    expect(isWeeksBack(4)).toBe(true);
    expect(isWeeksBack(5)).toBe(false);
    expect(isWeeksBack('1')).toBe(false);
  });
});

describe('listing types', () => {
  it('normalises spellings and treats anything new as Unknown', () => {
    expect(normalizeListingType('allocated')).toBe('Allocation');
    expect(normalizeListingType(' LIMITED ')).toBe('Limited');
    expect(normalizeListingType('Barrel')).toBe('Barrel');
    expect(normalizeListingType('Listed')).toBe('Listed');
    expect(normalizeListingType('Special')).toBe('Unknown');
    expect(normalizeListingType(null)).toBe('Unknown');
  });

  it('toggles badges; an empty selection lets every type through', () => {
    let selected: Set<string> = new Set();
    expect(typePasses('Limited', selected)).toBe(true);
    selected = toggleType(selected, 'Allocation');
    expect(typePasses('Allocation', selected)).toBe(true);
    expect(typePasses('Limited', selected)).toBe(false);
    selected = toggleType(selected, 'Limited');
    expect(typePasses('Limited', selected)).toBe(true);
    selected = toggleType(toggleType(selected, 'Allocation'), 'Limited');
    expect(selected.size).toBe(0);
  });

  it('sorts hunted types first', () => {
    expect(['Listed', 'Barrel', 'Allocation', 'Limited'].sort(compareListingTypes)).toEqual(['Allocation', 'Limited', 'Barrel', 'Listed']);
  });

  it('searches names (case- and accent-insensitive) and codes by prefix', () => {
    expect(matchesSearch('blanton', "Blanton's Single Barrel", '12345')).toBe(true);
    expect(matchesSearch('ANEJO', 'Añejo Reserve', '1')).toBe(true);
    expect(matchesSearch('123', 'Other', '12345')).toBe(true);
    expect(matchesSearch('345', 'Other', '12345')).toBe(false);
    expect(matchesSearch('  ', 'Anything', null)).toBe(true);
  });
});

describe('formatting', () => {
  it('shows dates as MM/DD/YYYY in New York time', () => {
    expect(usDate('2026-05-04')).toBe('05/04/2026');
    expect(usDate('2026-05-05T02:30:00Z')).toBe('05/04/2026'); // 10:30 PM on the 4th in New York
    expect(usDate(null)).toBe('—');
    expect(usDateTime('2026-01-15T14:05:00Z')).toBe('01/15/2026 9:05 AM');
  });

  it('formats prices, keeping the feed text for unavailable ones', () => {
    expect(price(59.99)).toBe('$59.99');
    expect(price('Not Available')).toBe('Not Available');
    expect(price(null)).toBe('Price not available');
  });
});

describe('small formatters', async () => {
  const { usTime, bottleSize, plural } = await import('./format.ts');
  it('formats times, sizes and counts', () => {
    expect(usTime('2026-07-01T18:30:00Z')).toBe('2:30 PM');
    expect(usTime('garbage')).toBe('—');
    expect(bottleSize(750)).toBe('750 ml');
    expect(bottleSize(1750)).toBe('1.75 L');
    expect(bottleSize(null)).toBe('');
    expect(plural(1, 'bottle')).toBe('1 bottle');
    expect(plural(1200, 'bottle')).toBe('1,200 bottles');
  });
});
