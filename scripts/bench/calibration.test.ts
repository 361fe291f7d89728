import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ok } from '../testing/properties.ts';
import { calibrationTable, miscalibrated, type CalibrationRow } from './calibration.ts';

const rows = fc.array(fc.record({ likelihood: fc.oneof(fc.double({ min: -0.5, max: 1.5, noNaN: true }), fc.constant(Number.NaN), fc.constantFrom(0, 0.1, 0.9999, 1)), cameTrue: fc.boolean() }), { maxLength: 300 });

describe('calibrationTable', () => {
  it('puts every forecast with a likelihood in exactly one bucket, whose bounds hold its mean, with a share in 0..1 (property)', () => {
    fc.assert(
      fc.property(rows, fc.integer({ min: 1, max: 20 }), (list, n) => {
        const table = calibrationTable(list, n);
        ok(table.length === n, 'one row per bucket');
        const counted = list.filter((r) => !Number.isNaN(r.likelihood));
        ok(table.reduce((t, b) => t + b.forecasts, 0) === counted.length, 'every forecast counted once');
        ok(Math.abs(table.reduce((t, b) => t + (b.forecasts ? b.shareTrue * b.forecasts : 0), 0) - counted.filter((r) => r.cameTrue).length) < 1e-6, 'every hit counted once');
        table.forEach((b, k) => {
          ok(Math.abs(b.from - k / n) < 1e-12 && Math.abs(b.to - (k + 1) / n) < 1e-12, 'equal widths');
          if (!b.forecasts) return ok(Number.isNaN(b.meanStated) && Number.isNaN(b.shareTrue), 'an empty bucket says nothing');
          ok(b.meanStated >= b.from - 1e-12 && (b.meanStated < b.to || (k === n - 1 && b.meanStated <= 1)), () => `mean ${b.meanStated} outside [${b.from}, ${b.to})`);
          ok(b.shareTrue >= 0 && b.shareTrue <= 1, 'a share');
        });
      }),
    );
  });

  it('does not depend on the order of the forecasts (property)', () => {
    fc.assert(
      fc.property(rows, fc.integer(), (list, salt) => {
        const shuffled = [...list].sort((a, b) => ((a.likelihood * 1e6 + salt) % 7) - ((b.likelihood * 1e6 + salt) % 7) || 0);
        const strip = (t: ReturnType<typeof calibrationTable>) => t.map((b) => [b.forecasts, b.forecasts ? b.shareTrue.toFixed(9) : '', b.forecasts ? b.meanStated.toFixed(9) : '']);
        ok(JSON.stringify(strip(calibrationTable(list))) === JSON.stringify(strip(calibrationTable(shuffled))), 'order changed the table');
      }),
    );
  });

  it('buckets a known set: 0.85 × 100 of which 80 came true is within 10 points; 0.35 × 60 of which 10 did is not', () => {
    const list: CalibrationRow[] = [
      ...Array.from({ length: 100 }, (_, i) => ({ likelihood: 0.85, cameTrue: i < 80 })),
      ...Array.from({ length: 60 }, (_, i) => ({ likelihood: 0.35, cameTrue: i < 10 })),
      ...Array.from({ length: 40 }, () => ({ likelihood: 0.05, cameTrue: true })), // far off, but under 50 forecasts
    ];
    const table = calibrationTable(list);
    expect(table[8]).toMatchObject({ forecasts: 100, shareTrue: 0.8 });
    expect(table[8].meanStated).toBeCloseTo(0.85, 6);
    expect(table[3]).toMatchObject({ forecasts: 60 });
    expect(table[0]).toMatchObject({ forecasts: 40, shareTrue: 1 });
    expect(miscalibrated(table).map((b) => b.from)).toEqual([0.3]);
    expect(calibrationTable([{ likelihood: 1, cameTrue: true }])[9].forecasts).toBe(1);
  });

  it('flags exactly the buckets of at least 50 forecasts off by more than the tolerance (property)', () => {
    fc.assert(
      fc.property(rows, fc.integer({ min: 1, max: 60 }), fc.double({ min: 0, max: 0.5, noNaN: true }), (list, min, tolerance) => {
        const table = calibrationTable(list);
        const flagged = new Set(miscalibrated(table, min, tolerance));
        for (const b of table) ok(flagged.has(b) === (b.forecasts >= min && Math.abs(b.meanStated - b.shareTrue) > tolerance), 'flag mismatch');
      }),
    );
  });
});
