import { mulberry32 } from '../simulator/random.ts';

// Deterministic randomness for the demo data: every stream is a mulberry32 generator seeded from a
// string (FNV-1a), so the same inputs always give the same data and streams do not disturb each other.

const BASE_SEED = 'nc-bourbon-tracker-demo-v1';

/** FNV-1a 32-bit hash of a string. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max] (inclusive). */
  int(min: number, max: number): number;
  /** Uniform in [min, max). */
  float(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Index drawn with probability proportional to weights (weights >= 0, not all 0). */
  weightedIndex(weights: readonly number[], total?: number): number;
  shuffle<T>(items: T[]): T[];
}

/** A generator for one named stream, e.g. rng('listed', storeId, plu). */
export function rng(...key: (string | number)[]): Rng {
  const next = mulberry32(hashString(`${BASE_SEED}|${key.join('|')}`));
  const r: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    float: (min, max) => min + next() * (max - min),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)],
    weightedIndex(weights, total) {
      const sum = total ?? weights.reduce((a, b) => a + b, 0);
      let x = next() * sum;
      for (let i = 0; i < weights.length; i++) {
        x -= weights[i];
        if (x < 0) return i;
      }
      return weights.length - 1;
    },
    shuffle(items) {
      for (let i = items.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [items[i], items[j]] = [items[j], items[i]];
      }
      return items;
    },
  };
  return r;
}

/** Splits `total` into `parts` positive integers (parts <= total), randomly. */
export function splitInteger(r: Rng, total: number, parts: number): number[] {
  const n = Math.max(1, Math.min(parts, total));
  if (total <= 0) return [];
  const cuts = new Set<number>();
  while (cuts.size < n - 1) cuts.add(r.int(1, total - 1));
  const sorted = [...cuts].sort((a, b) => a - b);
  const out: number[] = [];
  let prev = 0;
  for (const c of [...sorted, total]) {
    out.push(c - prev);
    prev = c;
  }
  return out;
}
