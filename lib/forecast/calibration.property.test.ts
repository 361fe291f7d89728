import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ok } from '../../testing/properties.ts';
import { bucketOf, CALIBRATION_BUCKETS, calibrationBuckets, miscalibrated, sumForecasts, type JudgedForecast } from './calibration.ts';

// The calibration rule the record and bench:forecast share (issue 37 §4): every stated likelihood lands in the one
// bucket of ten points that holds it, the buckets keep every forecast, and a bucket is judged off exactly when it
// holds enough forecasts and its share that came true strays from its mean.

const judged = fc.array(
  fc.record({ likelihood: fc.oneof(fc.double({ min: -0.5, max: 1.5, noNaN: true }), fc.constant(Number.NaN), fc.constantFrom(0, 0.1, 0.9999, 1)), cameTrue: fc.boolean() }),
  { maxLength: 300 },
);
const table = (rows: JudgedForecast[]) => calibrationBuckets(sumForecasts(rows));

describe('bucketOf', () => {
  it('puts every likelihood in the bucket of ten points that holds it, 1 in the top one (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), (p) => {
        const b = bucketOf(p);
        ok(Number.isInteger(b) && b >= 0 && b < CALIBRATION_BUCKETS, `bucket ${b}`);
        ok(p === 1 ? b === CALIBRATION_BUCKETS - 1 : b / CALIBRATION_BUCKETS <= p && p < (b + 1) / CALIBRATION_BUCKETS, `${p} in bucket ${b}`);
      }),
    );
  });
  it('is total: NaN, negatives and more than 1 land in the end buckets (property)', () => {
    fc.assert(
      fc.property(fc.double(), (p) => {
        const b = bucketOf(p);
        ok(Number.isInteger(b) && b >= 0 && b < CALIBRATION_BUCKETS, `bucket ${b} for ${p}`);
      }),
    );
  });
});

describe('sumForecasts and calibrationBuckets', () => {
  it('count every forecast with a likelihood once, in a bucket whose bounds hold its mean, with a share in 0..1 (property)', () => {
    fc.assert(
      fc.property(judged, (rows) => {
        const buckets = table(rows);
        ok(buckets.length === CALIBRATION_BUCKETS, 'ten buckets');
        const counted = rows.filter((r) => !Number.isNaN(r.likelihood));
        ok(buckets.reduce((t, b) => t + b.forecasts, 0) === counted.length, 'every forecast counted once');
        const hits = buckets.reduce((t, b) => t + (b.forecasts ? b.came_true! * b.forecasts : 0), 0);
        ok(Math.abs(hits - counted.filter((r) => r.cameTrue).length) <= 0.0005 * counted.length + 1e-6, 'every hit counted once');
        buckets.forEach((b, k) => {
          ok(b.from === k / 10 && b.to === (k + 1) / 10, 'equal widths');
          if (!b.forecasts) return ok(b.mean_stated === null && b.came_true === null, 'an empty bucket says nothing');
          ok(b.mean_stated! >= b.from && b.mean_stated! <= b.to, () => `mean ${b.mean_stated} outside [${b.from}, ${b.to}]`);
          ok(b.came_true! >= 0 && b.came_true! <= 1, 'a share');
        });
      }),
    );
  });

  it('do not depend on the order of the forecasts (property)', () => {
    fc.assert(
      fc.property(judged, fc.integer(), (rows, salt) => {
        const shuffled = [...rows].sort((a, b) => ((a.likelihood * 1e6 + salt) % 7) - ((b.likelihood * 1e6 + salt) % 7) || 0);
        ok(JSON.stringify(table(rows)) === JSON.stringify(table(shuffled)), 'order changed the table');
      }),
    );
  });

  it('read a known set: 0.85 × 100 of which 80 came true is within 10 points; 0.35 × 60 of which 10 did is not', () => {
    const rows: JudgedForecast[] = [
      ...Array.from({ length: 100 }, (_, i) => ({ likelihood: 0.85, cameTrue: i < 80 })),
      ...Array.from({ length: 60 }, (_, i) => ({ likelihood: 0.35, cameTrue: i < 10 })),
      ...Array.from({ length: 40 }, () => ({ likelihood: 0.05, cameTrue: true })), // far off, but under 50 forecasts
    ];
    const buckets = table(rows);
    expect(buckets[8]).toEqual({ from: 0.8, to: 0.9, forecasts: 100, mean_stated: 0.85, came_true: 0.8 });
    expect(buckets[3]).toMatchObject({ forecasts: 60, came_true: 0.167 });
    expect(buckets[0]).toMatchObject({ forecasts: 40, came_true: 1 });
    expect(miscalibrated(buckets).map((b) => b.from)).toEqual([0.3]);
    expect(table([{ likelihood: 1, cameTrue: true }])[9].forecasts).toBe(1);
  });
});

describe('miscalibrated', () => {
  it('flags exactly the buckets of enough forecasts off by more than the tolerance (property)', () => {
    fc.assert(
      fc.property(judged, fc.integer({ min: 1, max: 60 }), fc.double({ min: 0, max: 0.5, noNaN: true }), (rows, min, tolerance) => {
        const buckets = table(rows);
        const flagged = new Set(miscalibrated(buckets, min, tolerance));
        for (const b of buckets) ok(flagged.has(b) === (b.forecasts >= min && Math.abs(b.mean_stated! - b.came_true!) > tolerance), 'flag mismatch');
      }),
    );
  });
});
