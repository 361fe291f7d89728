import { describe, expect, it } from 'vitest';
import { likeEscape, likePatterns, matchesSearch, matchesWords, MAX_SEARCH_WORDS, searchWords } from './search.ts';

// The one search rule of every search box (lib/text/search.ts). The server's SQL is built from the same
// words and patterns; app/api/inventory/allocated-current/route.db.test.ts checks that it finds what matchesSearch finds.

describe('searchWords', () => {
  it('folds the text and splits it at any white space, each word once, in the order typed', () => {
    expect(searchWords('  Eagle   RARE\t10y ')).toEqual(['eagle', 'rare', '10y']);
    expect(searchWords('Añejo\u00a0EXTRA')).toEqual(['anejo', 'extra']);
    expect(searchWords('rare rare eagle RARE')).toEqual(['rare', 'eagle']);
    expect(searchWords('Buzzard’s roost')).toEqual(["buzzard's", 'roost']);
  });

  it('has no words for an empty or blank text', () => {
    expect(searchWords('')).toEqual([]);
    expect(searchWords(' \t\n\u00a0 ')).toEqual([]);
  });

  it(`looks at the first ${MAX_SEARCH_WORDS} words only`, () => {
    const many = Array.from({ length: 20 }, (_, i) => `w${i}`).join(' ');
    expect(searchWords(many)).toEqual(Array.from({ length: MAX_SEARCH_WORDS }, (_, i) => `w${i}`));
  });
});

describe('matchesSearch', () => {
  const eagle = (q: string) => matchesSearch(q, 'Eagle Rare 10Y', '27169');

  it('finds the words in any order', () => {
    for (const q of ['eagle rare', 'rare eagle', 'RARE   Eagle', '10y eagle', 'rare 10', 'agle ar']) expect(eagle(q), q).toBe(true);
  });

  it('needs every word', () => {
    expect(eagle('eagle rare 12y')).toBe(false);
    expect(eagle('eagle blanton')).toBe(false);
  });

  it('sets case, accents, curly apostrophes and non-breaking spaces aside, on both sides', () => {
    expect(matchesSearch('extra anejo', 'Maestro Dobel 50 Cristalino Extra Añejo', '12345')).toBe(true);
    expect(matchesSearch('EXTRA AÑEJO', 'Maestro Dobel Extra Anejo', '12345')).toBe(true);
    expect(matchesSearch("buzzard's roost", 'Buzzard’s Roost Rye', '12345')).toBe(true);
    expect(matchesSearch('roost buzzard’s', "Buzzard's Roost Rye", '12345')).toBe(true);
    expect(matchesSearch('old\u00a0fitz', 'Old Fitzgerald 7Y', '12345')).toBe(true);
    // Other punctuation is part of the word: the apostrophe is not dropped.
    expect(matchesSearch('buzzards', 'Buzzard’s Roost Rye', '12345')).toBe(false);
  });

  it('matches a word at the start of the code, not inside it', () => {
    expect(eagle('271')).toBe(true);
    expect(eagle('27169')).toBe(true);
    expect(eagle('169')).toBe(false);
    expect(eagle('eagle 2716')).toBe(true);
    expect(matchesSearch('271', 'Eagle Rare 10Y', null)).toBe(false);
  });

  it("takes LIKE's wildcards literally", () => {
    expect(matchesSearch('%', 'Eagle Rare', '27169')).toBe(false);
    expect(matchesSearch('e_gle', 'Eagle Rare', '27169')).toBe(false);
    expect(matchesSearch('100%', 'Agave 100% Blue', '1')).toBe(true);
    expect(matchesSearch('w_ller', 'W_ller', '1')).toBe(true);
  });

  it('matches everything for an empty or blank text, and nothing without a name or code', () => {
    expect(eagle('')).toBe(true);
    expect(eagle('   ')).toBe(true);
    expect(matchesSearch('eagle', null, null)).toBe(false);
  });
});

describe('matchesWords', () => {
  it('takes each word from any of the texts', () => {
    const store = { texts: ['Brier Creek', '8320 Brier Creek Pkwy, Raleigh, NC 27617', 'Raleigh', 'North', '#12', '12'] };
    expect(matchesWords(searchWords('raleigh brier'), store)).toBe(true);
    expect(matchesWords(searchWords('#12 north'), store)).toBe(true);
    expect(matchesWords(searchWords('brier cary'), store)).toBe(false);
  });
});

describe('the SQL patterns', () => {
  it('escape LIKE wildcards and the escape character', () => {
    expect(likeEscape('100%_\\x')).toBe('100\\%\\_\\\\x');
    expect(likePatterns('e_gle')).toEqual({ anywhere: '%e\\_gle%', start: 'e\\_gle%' });
  });
});
