// Seeded randomness for the simulator. Two kinds:
// - a sequential stream (mulberry32) consumed tick by tick, so the world's evolution depends only on the
//   seed, the start and the ticks processed (never on how the caller chunks its advance() calls);
// - stateless hashes of (seed, ...keys) for facts that must be known ahead of time or recomputed on
//   demand (a store's delivery day in a given week, the delivery tick, a product's receipt schedule).

/** mulberry32: small and fast, plenty for a simulation. Returns uniforms in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit avalanche mix (murmur3 finaliser). */
function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Hash of integers and strings to an unsigned 32-bit integer. */
export function hash32(...keys: (number | string)[]): number {
  let h = 0x9e3779b9;
  for (const key of keys) {
    if (typeof key === 'number') {
      h = fmix(h ^ Math.imul((key | 0) + 0x7f4a7c15, 0x27d4eb2f));
      // keep the high part of large numbers (epoch ms, day numbers) too
      h = fmix(h ^ Math.floor(key / 4294967296));
    } else {
      for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
      h = fmix(h);
    }
  }
  return h;
}

/** Hash to a uniform in [0, 1). */
export function hashUnit(...keys: (number | string)[]): number {
  return hash32(...keys) / 4294967296;
}

/** Hash to an integer in [min, max]. */
export function hashInt(min: number, max: number, ...keys: (number | string)[]): number {
  return min + Math.floor(hashUnit(...keys) * (max - min + 1));
}

export class Rng {
  readonly next: () => number;

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  /** Index drawn in proportion to the cumulative weights (ascending, last = total). */
  cumulativeIndex(cumulative: Float64Array | number[]): number {
    const x = this.next() * cumulative[cumulative.length - 1];
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** k distinct items of `items` (k clamped to its length), in random order. */
  sample<T>(items: readonly T[], k: number): T[] {
    const pool = items.slice();
    const n = Math.min(k, pool.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (pool.length - i));
      [pool[i], pool[j]] = [pool[j], pool[i]];
    }
    return pool.slice(0, n);
  }
}

/** Index drawn in proportion to cumulative weights (ascending, last = total) for a given uniform u in [0, 1). */
export function cumulativeIndexOf(cumulative: Float64Array | number[], u: number): number {
  const x = u * cumulative[cumulative.length - 1];
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid] > x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** k distinct items of `items` (k clamped to its length), chosen by stateless hashes of `keys`. */
export function hashSample<T>(items: readonly T[], k: number, ...keys: (number | string)[]): T[] {
  const pool = items.slice();
  const n = Math.min(k, pool.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(hashUnit(...keys, i) * (pool.length - i));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, n);
}
