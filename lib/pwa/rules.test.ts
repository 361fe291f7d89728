import { describe, expect, it } from 'vitest';
import { agoWords, LIVE_FOR_MS, savedCopy } from './rules.ts';

const MIN = 60_000;

describe('agoWords', () => {
  it('words an age the way a hunter reads it', () => {
    expect(agoWords(0)).toBe('less than a minute ago');
    expect(agoWords(-5 * MIN)).toBe('less than a minute ago'); // a phone clock behind the server's
    expect(agoWords(14 * MIN + 59_000)).toBe('14 min ago');
    expect(agoWords(2 * 60 * MIN + 10 * MIN)).toBe('2 h ago');
    expect(agoWords(47 * 60 * MIN)).toBe('47 h ago');
    expect(agoWords(3 * 24 * 60 * MIN)).toBe('3 days ago');
  });
});

describe('savedCopy', () => {
  const savedAt = '2026-11-26T14:14:00.000Z'; // 9:14 AM in New York
  const at = Date.parse(savedAt);

  it('says nothing about the live page', () => {
    expect(savedCopy(savedAt, at + LIVE_FOR_MS - 1, true)).toBeNull();
  });

  it('gives the age and the time of an older copy, and of any copy shown offline', () => {
    expect(savedCopy(savedAt, at + 2 * 60 * MIN, true)).toEqual({ words: 'Saved 2 h ago, as of 11/26/2026 9:14 AM', offline: false });
    expect(savedCopy(savedAt, at + 5_000, false)).toEqual({ words: 'Saved less than a minute ago, as of 11/26/2026 9:14 AM', offline: true });
  });

  it('claims nothing without a time', () => {
    expect(savedCopy(null, at, false)).toBeNull();
    expect(savedCopy('not a date', at, false)).toBeNull();
  });
});
