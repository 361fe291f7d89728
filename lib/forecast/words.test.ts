import { describe, expect, it } from 'vitest';
import { likelihoodWords } from './words.ts';

describe('likelihoodWords', () => {
  it('bands a likelihood into words a hunter can act on, with a number in ten', () => {
    expect(likelihoodWords(1)).toEqual({ words: 'very likely', inTen: '10 in 10' });
    expect(likelihoodWords(0.83)).toEqual({ words: 'very likely', inTen: '8 in 10' });
    expect(likelihoodWords(0.5)).toEqual({ words: 'likely', inTen: '5 in 10' });
    expect(likelihoodWords(0.2)).toEqual({ words: 'possible', inTen: '2 in 10' });
    expect(likelihoodWords(0.19)).toEqual({ words: 'unlikely', inTen: '2 in 10' });
  });
  it('never says 0 in 10 for a store still listed', () => {
    expect(likelihoodWords(0.01).inTen).toBe('1 in 10');
  });
});
