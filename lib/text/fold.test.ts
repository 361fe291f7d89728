import { describe, expect, it } from 'vitest';
import { foldText, SQL_FOLD } from './fold.ts';

describe('foldText', () => {
  it.each([
    ['Jose Cuervo Tradicional AÑEJO', 'jose cuervo tradicional anejo'],
    ['Buzzard’s Roost', "buzzard's roost"],
    ["Buzzard's Roost", "buzzard's roost"],
    ['Keeper’s Heart Irish\u00a0+ Bourbon', "keeper's heart irish + bourbon"],
    ['Sunshine Punch Orange Rum Crème', 'sunshine punch orange rum creme'],
    ['  Weller 12Y ', 'weller 12y'],
  ])('%j → %j', (text, expected) => {
    expect(foldText(text)).toBe(expected);
  });

  it('gives SQL one replacement per folded character, none of them ASCII (an ASCII name folds by lower-casing)', () => {
    expect([...SQL_FOLD.from]).toHaveLength([...SQL_FOLD.to].length);
    expect(new Set(SQL_FOLD.from).size).toBe([...SQL_FOLD.from].length);
    expect([...SQL_FOLD.from].filter((c) => c.charCodeAt(0) < 128)).toEqual([]);
  });
});
