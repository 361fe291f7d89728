// How a forecast's likelihood reads to a hunter, in words and as "N in 10", one rule for the screens' answers
// and the alerts. The bands follow what a hunter does with it: very likely (go), likely, possible (worth a
// look if nearby), unlikely. Named rows start at NAME_AT (0.2), so a named store is at least "possible". The band
// is read from the rounded number, so the words and "N in 10" never disagree.

export interface LikelihoodWords {
  words: 'very likely' | 'likely' | 'possible' | 'unlikely';
  inTen: string;
}

/** Range: one of the four bands, and "N in 10" with N from 1 to 10, whatever `p` holds. */
export function likelihoodWords(p: number): LikelihoodWords {
  // Guard: a NaN likelihood (Postgres `real` holds NaN) read "NaN in 10"; it says nothing, so it is the lowest band.
  if (Number.isNaN(p)) p = 0;
  const n = Math.min(10, Math.max(1, Math.round(p * 10)));
  // The words follow the number shown beside them: two stores both at "2 in 10" read the same word.
  const words = n >= 8 ? 'very likely' : n >= 5 ? 'likely' : n >= 2 ? 'possible' : 'unlikely';
  return { words, inTen: `${n} in 10` };
}
