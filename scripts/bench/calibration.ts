// Calibration of stated likelihoods (issue 37, item 4): "8 in 10" should come true about 8 times in 10. Pure:
// the bench (scripts/bench-forecast.ts) feeds it the store forecasts whose outcome is known, each with the
// likelihood it stated when first forecast (forecasts.first_likelihood); the app computes its own for the record.

export interface CalibrationRow {
  /** The likelihood stated, 0..1 (values outside are clamped; NaN rows are left out). */
  likelihood: number;
  /** Whether it came true: the store got the product within the forecast's window. */
  cameTrue: boolean;
}

export interface CalibrationBucket {
  /** The bucket's stated likelihoods: [from, to) (the last one includes 1). */
  from: number;
  to: number;
  forecasts: number;
  /** Mean stated likelihood of its forecasts (NaN when empty). */
  meanStated: number;
  /** Share of its forecasts that came true (NaN when empty). */
  shareTrue: number;
}

export const CALIBRATION_BUCKETS = 10;
/** A bucket is judged from this many forecasts… */
export const CALIBRATION_MIN_FORECASTS = 50;
/** …and is off when its share that came true is further than this from its mean stated likelihood. */
export const CALIBRATION_TOLERANCE = 0.1;

/** The rows in `buckets` buckets of equal width over 0..1 (10: 0–10%, 10–20%, …, 90–100%). */
export function calibrationTable(rows: Iterable<CalibrationRow>, buckets = CALIBRATION_BUCKETS): CalibrationBucket[] {
  const n = Math.max(1, Math.floor(buckets));
  const count = new Array<number>(n).fill(0);
  const stated = new Array<number>(n).fill(0);
  const hits = new Array<number>(n).fill(0);
  for (const r of rows) {
    if (Number.isNaN(r.likelihood)) continue;
    const l = Math.min(1, Math.max(0, r.likelihood));
    const k = Math.min(n - 1, Math.floor(l * n));
    count[k]++;
    stated[k] += l;
    if (r.cameTrue) hits[k]++;
  }
  return count.map((c, k) => ({ from: k / n, to: (k + 1) / n, forecasts: c, meanStated: c ? stated[k] / c : NaN, shareTrue: c ? hits[k] / c : NaN }));
}

/** The buckets of at least `minForecasts` forecasts whose share that came true is off their mean stated likelihood by more than `tolerance`. */
export function miscalibrated(table: readonly CalibrationBucket[], minForecasts = CALIBRATION_MIN_FORECASTS, tolerance = CALIBRATION_TOLERANCE): CalibrationBucket[] {
  return table.filter((b) => b.forecasts >= minForecasts && Math.abs(b.meanStated - b.shareTrue) > tolerance);
}
