import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ok } from '../../testing/properties.ts';
import { bucketOf, CALIBRATION_BUCKETS } from './calibration.ts';
import { BOARD_KINDS, calibrationOf, type CalibrationGroup } from './record.ts';

// The record's calibration per kind of board (issue 37 §4): the buckets keep every forecast of their kind, with
// means inside their bucket and shares between 0 and 1 (the bucketing itself: calibration.property.test.ts).

const kind = fc.constantFrom(...BOARD_KINDS);

/** Closed forecasts as the database holds them: a first likelihood and whether it came true. */
const forecasts = fc.array(fc.record({ precision: kind, p: fc.double({ min: 0, max: 1, noNaN: true }), cameTrue: fc.boolean() }), { maxLength: 200 });

/** The database's GROUP BY, written plainly. */
function grouped(rows: { precision: (typeof BOARD_KINDS)[number]; p: number; cameTrue: boolean }[]): CalibrationGroup[] {
  const out = new Map<string, CalibrationGroup>();
  for (const r of rows) {
    const bucket = bucketOf(r.p);
    const key = `${r.precision}:${bucket}`;
    const g = out.get(key) ?? { precision: r.precision, bucket, forecasts: 0, stated_sum: 0, came_true: 0 };
    g.forecasts += 1;
    g.stated_sum += r.p;
    g.came_true += Number(r.cameTrue);
    out.set(key, g);
  }
  return [...out.values()];
}

describe('calibrationOf', () => {
  it('keeps every forecast, in ten buckets per kind, with the mean in its bucket and the share that came true', () => {
    fc.assert(
      fc.property(forecasts, (rows) => {
        const out = calibrationOf(grouped(rows));
        ok(out.length === BOARD_KINDS.length, 'one entry per kind');
        for (const k of out) {
          const mine = rows.filter((r) => r.precision === k.precision);
          ok(k.buckets.length === CALIBRATION_BUCKETS, 'ten buckets');
          ok(k.forecasts === mine.length, `${k.precision}: ${k.forecasts} of ${mine.length}`);
          k.buckets.forEach((b, i) => {
            const inBucket = mine.filter((r) => bucketOf(r.p) === i);
            ok(b.forecasts === inBucket.length, `bucket ${i} count`);
            ok(b.from === i / 10 && b.to === (i + 1) / 10, `bucket ${i} bounds`);
            if (!b.forecasts) return ok(b.mean_stated === null && b.came_true === null, 'empty bucket says nothing');
            ok(b.mean_stated! >= b.from && b.mean_stated! <= b.to, `mean ${b.mean_stated} in [${b.from}, ${b.to}]`);
            const share = inBucket.filter((r) => r.cameTrue).length / inBucket.length;
            ok(Math.abs(b.came_true! - share) <= 0.0005 + 1e-9, `share ${b.came_true} vs ${share}`);
          });
        }
      }),
    );
  });

  it('reads a worked example: 8 in 10 stated, 3 of 4 came true', () => {
    const out = calibrationOf([{ precision: 'shelf', bucket: 8, forecasts: 4, stated_sum: 3.4, came_true: 3 }]);
    expect(out.map((k) => k.precision)).toEqual(['shelf', 'store_by_shipment', 'board']);
    expect(out[0].buckets[8]).toEqual({ from: 0.8, to: 0.9, forecasts: 4, mean_stated: 0.85, came_true: 0.75 });
    expect(out[1].forecasts).toBe(0);
  });
});
