import { describe, expect, it } from 'vitest';
import { normalizeAddress } from './address.ts';
import { loadReferenceData } from '../reference/reference.ts';

describe('normalizeAddress', () => {
  it('keeps the street line, lowercased, without punctuation', () => {
    expect(normalizeAddress('7200 Sandy Fork Rd., Raleigh, NC 27609')).toBe('7200 sandy fork rd');
    expect(normalizeAddress('209 S Salisbury St, Raleigh, NC 27601')).toBe('209 s salisbury st');
    expect(normalizeAddress('209 S. Salisbury St')).toBe('209 s salisbury st');
  });

  it('reads the address as the inventory page prints it (a <br> before the city)', () => {
    expect(normalizeAddress('7112 Sandy Forks Rd<br>Raleigh, NC 27609')).toBe('7112 sandy forks rd');
    expect(normalizeAddress('  420 Woodburn Rd.<br/>\n Raleigh, NC 27605 ')).toBe('420 woodburn rd');
    expect(normalizeAddress('420 Woodburn Rd.\nRaleigh, NC 27605')).toBe('420 woodburn rd');
  });

  it('unifies street words and directions', () => {
    const same = [
      ['200 New Rand Road', '200 New Rand Rd'],
      ['3615 SW Cary Parkway', '3615 SW Cary Pkwy'],
      ['3615 Southwest Cary Parkway', '3615 SW Cary Pkwy.'],
      ['1793 West Williams St.', '1793 W. Williams Street'],
      ['6809 Davis Circle', '6809 Davis Cir'],
      ['665 Cary Towne Boulevard', '665 Cary Towne Blvd.'],
      ['1222 New Bern Avenue', '1222 New Bern Ave.'],
      ['4501 Vineyard Pine Lane', '4501 Vineyard Pine Ln.'],
      ['704 Money Court', '704 Money Ct.'],
      ['1505 Banyon Place', '1505 Banyon Pl.'],
      ['4009 Davis Drive', '4009 Davis Dr.'],
      ['1415 Highway 55', '1415 Hwy 55'],
    ];
    for (const [a, b] of same) expect(normalizeAddress(a), `${a} ~ ${b}`).toBe(normalizeAddress(b));
    expect(normalizeAddress('3615 SW Cary Parkway')).toBe('3615 sw cary pkwy');
  });

  it('drops suite numbers and notes', () => {
    expect(normalizeAddress('2109-106 Avent Ferry Rd., Raleigh, NC 27606')).toBe('2109 avent ferry rd');
    expect(normalizeAddress('2109-100 Avent Ferry Rd')).toBe('2109 avent ferry rd');
    expect(normalizeAddress('1601-61 Cross Link Rd.')).toBe('1601 cross link rd');
    expect(normalizeAddress('100 Main St Suite 5')).toBe('100 main st');
    expect(normalizeAddress('100 Main St Ste. 5B')).toBe('100 main st');
    expect(normalizeAddress('100 Main St #12, Cary, NC 27511')).toBe('100 main st');
    expect(normalizeAddress('603 W. Harden St (MXB)')).toBe('603 w harden st');
    expect(normalizeAddress('1793 W. Williams St - Hwy 55')).toBe('1793 w williams st');
  });

  it('is idempotent and does not merge different stores', () => {
    const { stores } = loadReferenceData();
    const keys = stores.map((s) => normalizeAddress(s.address));
    expect(new Set(keys).size).toBe(stores.length);
    for (const k of keys) expect(normalizeAddress(k)).toBe(k);
    expect(normalizeAddress('4215 The Circle at North Hills Rd')).not.toBe(normalizeAddress('4261 The Circle At North Hills St'));
  });

  it('matches the committed store keys, and most locator spellings on their own', () => {
    const { stores } = loadReferenceData();
    for (const s of stores) expect(s.address_key).toBe(normalizeAddress(s.address));
    // The locator spells these differently enough that they were paired by hand.
    const byHand = new Set([1, 2, 16, 18, 22, 26]);
    for (const s of stores) {
      if (byHand.has(s.store_number)) continue;
      expect(normalizeAddress(s.locator_address), s.nickname).toBe(s.address_key);
    }
  });
});
