import type { CalibrationBucket } from '../forecast/types.ts';

// Calibration of stated likelihoods (issue 37 §4): does "8 in 10" come true about 8 times in 10? One rule for the
// forecast record (lib/forecast/record.ts, whose sums the database makes) and `npm run bench:forecast` (which sums
// the replayed world's forecasts itself): ten buckets of ten points of the likelihood a forecast stated when it
// was made, each with its mean and the share that came true; a bucket is judged from 50 forecasts and is off when
// the two are more than 10 points apart.

/** Buckets of stated likelihood: ten of ten points each. */
export const CALIBRATION_BUCKETS = 10;
/** A bucket is judged from this many forecasts… */
export const CALIBRATION_MIN_FORECASTS = 50;
/** …and is off when the share that came true is further than this from its mean stated likelihood. */
export const CALIBRATION_TOLERANCE = 0.1;

/** Range: 0 to CALIBRATION_BUCKETS − 1 for any number (1 falls in the top bucket; NaN and below 0 in the lowest). */
export function bucketOf(p: number): number {
  if (!(p > 0)) return 0;
  return Math.min(CALIBRATION_BUCKETS - 1, Math.floor(p * CALIBRATION_BUCKETS));
}

/** One bucket's closed forecasts, summed (the record's GROUP BY gives these; sumForecasts makes them from rows). */
export interface CalibrationSums {
  bucket: number;
  forecasts: number;
  stated_sum: number;
  came_true: number;
}

/** A forecast whose outcome is known: the likelihood it stated when made, and whether its store got the bottle. */
export interface JudgedForecast {
  likelihood: number;
  cameTrue: boolean;
}

/**
 * The sums of each bucket holding a forecast. A likelihood outside 0..1 counts as its nearer end; NaN says nothing
 * and is left out (as the record's query leaves it out).
 */
export function sumForecasts(rows: Iterable<JudgedForecast>): CalibrationSums[] {
  const sums = new Map<number, CalibrationSums>();
  for (const r of rows) {
    if (Number.isNaN(r.likelihood)) continue;
    const p = Math.min(1, Math.max(0, r.likelihood));
    const bucket = bucketOf(p);
    const s = sums.get(bucket) ?? { bucket, forecasts: 0, stated_sum: 0, came_true: 0 };
    s.forecasts++;
    s.stated_sum += p;
    if (r.cameTrue) s.came_true++;
    sums.set(bucket, s);
  }
  return [...sums.values()];
}

/**
 * The ten buckets, empty ones included, from the sums (a sum of no known bucket, or of no forecast, is not
 * counted). Means and shares are rounded to 0.001, as the screens show them.
 *
 * Range: CALIBRATION_BUCKETS buckets, lowest first; a bucket's mean inside its bounds and its share in 0..1, both
 * null when it holds no forecast.
 */
export function calibrationBuckets(sums: readonly CalibrationSums[]): CalibrationBucket[] {
  const round = (x: number) => Math.round(x * 1000) / 1000;
  const totals = Array.from({ length: CALIBRATION_BUCKETS }, () => ({ forecasts: 0, stated: 0, trueCount: 0 }));
  for (const g of sums) {
    if (!Number.isInteger(g.bucket) || g.bucket < 0 || g.bucket >= CALIBRATION_BUCKETS || !(g.forecasts > 0)) continue;
    totals[g.bucket].forecasts += g.forecasts;
    totals[g.bucket].stated += g.stated_sum;
    totals[g.bucket].trueCount += g.came_true;
  }
  return totals.map((b, i) => ({
    from: i / CALIBRATION_BUCKETS,
    to: (i + 1) / CALIBRATION_BUCKETS,
    forecasts: b.forecasts,
    // Clamped: the sums are of likelihoods in the bucket, but a float sum may stray by a hair.
    mean_stated: b.forecasts ? Math.min((i + 1) / CALIBRATION_BUCKETS, Math.max(i / CALIBRATION_BUCKETS, round(b.stated / b.forecasts))) : null,
    came_true: b.forecasts ? round(Math.min(1, Math.max(0, b.trueCount / b.forecasts))) : null,
  }));
}

/** The buckets of at least `minForecasts` forecasts whose share that came true is off their mean stated likelihood by more than `tolerance`. */
export function miscalibrated(buckets: readonly CalibrationBucket[], minForecasts = CALIBRATION_MIN_FORECASTS, tolerance = CALIBRATION_TOLERANCE): CalibrationBucket[] {
  return buckets.filter((b) => b.forecasts >= minForecasts && b.mean_stated !== null && b.came_true !== null && Math.abs(b.mean_stated - b.came_true) > tolerance);
}
