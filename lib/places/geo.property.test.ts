import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import zipcodes from 'zipcodes';
import { coarse, inNorthCarolina, milesBetween } from './geo.ts';
import { milesWords } from './rules.ts';
import { buildZipTable } from './zip-table.ts';
import table from './zips.json' with { type: 'json' };
import { ncCityPoint, zipElsewhere, zipPoint } from './zips.ts';

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
    // Manhattan's is a real ZIP code, far away: no point, but known (a hunter hears "not in or near North Carolina").
    expect(zipPoint('10001')).toBeNull();
    expect(zipElsewhere('10001')).toBe(true);
    expect(zipElsewhere('00000')).toBe(false);
    // Near the state: Danville, Virginia, and North Myrtle Beach, South Carolina.
    expect(zipPoint('24541')).not.toBeNull();
    expect(zipPoint('29582')).not.toBeNull();
  });

  it('the committed table is what npm run make-zips writes from the zipcodes package today', () => {
    expect(table).toEqual(buildZipTable());
  });

  test.prop([fc.constantFrom(...Object.keys(zipcodes.codes).filter((z) => /^\d{5}$/.test(z)))])('any US ZIP code: the package\'s point when near the state, else known elsewhere', (zip) => {
    const c = zipcodes.lookup(zip)!;
    if (inNorthCarolina(c)) expect(zipPoint(zip)).toEqual({ latitude: c.latitude, longitude: c.longitude });
    else expect([zipPoint(zip), zipElsewhere(zip)]).toEqual([null, true]);
  });

  test.prop([fc.constantFrom(...zipcodes.lookupByState('NC').map((c) => c.city))])('any North Carolina city, in any case: the package\'s first ZIP code\'s point', (city) => {
    const [first] = zipcodes.lookupByName(city, 'NC');
    for (const name of [city, city.toLowerCase(), ` ${city} `]) expect(ncCityPoint(name)).toEqual({ latitude: first.latitude, longitude: first.longitude });
  });

  test.prop([fc.double({ min: 0, max: 600, noNaN: true })])('miles read as a tenth below ten, whole miles beyond', (miles) => {
    expect(milesWords(miles)).toMatch(miles < 10 ? /^\d\.\d mi$/ : /^\d+ mi$/);
  });
});
