import { describe, expect, it } from 'vitest';
import { likelihoodWords } from './words.ts';

describe('likelihoodWords', () => {
  it('bands a likelihood into words a hunter can act on, with a number in ten', () => {
    expect(likelihoodWords(1)).toEqual({ words: 'very likely', inTen: '10 in 10' });
    expect(likelihoodWords(0.83)).toEqual({ words: 'very likely', inTen: '8 in 10' });
    expect(likelihoodWords(0.5)).toEqual({ words: 'likely', inTen: '5 in 10' });
    expect(likelihoodWords(0.2)).toEqual({ words: 'possible', inTen: '2 in 10' });
    expect(likelihoodWords(0.14)).toEqual({ words: 'unlikely', inTen: '1 in 10' });
  });
  it('gives one word to one number: 0.16 and 0.22 both read "possible · 2 in 10", 0.75 and 0.83 "very likely · 8 in 10"', () => {
    expect(likelihoodWords(0.16)).toEqual(likelihoodWords(0.22));
    expect(likelihoodWords(0.75)).toEqual(likelihoodWords(0.83));
    for (let i = 0; i <= 1000; i++) {
      const a = likelihoodWords(i / 1000);
      const b = likelihoodWords(Math.round(i / 100) / 10);
      expect(a).toEqual(b);
    }
  });
  it('never says 0 in 10 for a store still listed', () => {
    expect(likelihoodWords(0.01).inTen).toBe('1 in 10');
  });
});
