import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { coarse, inNorthCarolina, milesBetween, ncCityPoint, zipPoint } from './geo.ts';
import { milesWords } from './rules.ts';

// The pure parts of Near me (issue 39), over random points of the state and around it.

const ncPoint = fc.record({ latitude: fc.double({ min: 33.8, max: 36.6, noNaN: true }), longitude: fc.double({ min: -84.3, max: -75.4, noNaN: true }) });

describe('a hunter’s place is coarse', () => {
  test.prop([ncPoint])('never finer than two decimals, and within about a kilometre of the true point', (p) => {
    const c = coarse(p);
    expect(Math.round(c.latitude * 100) / 100).toBe(c.latitude);
    expect(Math.round(c.longitude * 100) / 100).toBe(c.longitude);
    expect(milesBetween(p, c)).toBeLessThanOrEqual(0.5);
  });
});

describe('distances as the crow flies', () => {
  test.prop([ncPoint, ncPoint])('symmetric, zero to itself, and no more than the state is wide', (a, b) => {
    expect(milesBetween(a, b)).toBe(milesBetween(b, a));
    expect(milesBetween(a, a)).toBe(0);
    expect(milesBetween(a, b)).toBeLessThan(560);
  });

  test.prop([ncPoint, ncPoint, ncPoint])('never shorter through a third point (to the tenth each is rounded to)', (a, b, c) => {
    expect(milesBetween(a, c)).toBeLessThanOrEqual(milesBetween(a, b) + milesBetween(b, c) + 0.1);
  });

  it('knows the state: Raleigh to Asheville is about 220 miles, Cary to Apex about 5', () => {
    const raleigh = zipPoint('27601')!;
    expect(milesBetween(raleigh, zipPoint('28801')!)).toBeGreaterThan(210);
    expect(milesBetween(raleigh, zipPoint('28801')!)).toBeLessThan(230);
    expect(milesBetween(zipPoint('27513')!, zipPoint('27502')!)).toBeLessThan(8);
  });
});

describe('places from the offline table', () => {
  it('a ZIP code (or ZIP+4) gives its centre, a city its first ZIP code’s; unknown ones nothing', () => {
    expect(zipPoint('27513')).toEqual({ latitude: 35.7956, longitude: -78.7941 });
    expect(zipPoint('27513-1234')).toEqual(zipPoint('27513'));
    expect(zipPoint('00000')).toBeNull();
    expect(zipPoint(null)).toBeNull();
    expect(ncCityPoint('Carthage')).toEqual(zipPoint('28327'));
    expect(ncCityPoint('Atlantis')).toBeNull();
    expect(inNorthCarolina(zipPoint('27513')!)).toBe(true);
    expect(inNorthCarolina(zipPoint('10001')!)).toBe(false);
  });

  test.prop([fc.double({ min: 0, max: 600, noNaN: true })])('miles read as a tenth below ten, whole miles beyond', (miles) => {
    expect(milesWords(miles)).toMatch(miles < 10 ? /^\d\.\d mi$/ : /^\d+ mi$/);
  });
});
