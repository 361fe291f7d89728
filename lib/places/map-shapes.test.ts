import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { countyFinder, ncBorders, ncMapShapes, ncProjection } from './map-shapes.ts';
import { projectPoint } from './rules.ts';

// The county map (issue 39): the committed file is what npm run make-map writes, it is small enough for a phone,
// and the screens' projection of a point is d3's.

const committed = readFileSync(path.resolve(import.meta.dirname, '../../public/maps/nc-counties.json'), 'utf8');

describe('public/maps/nc-counties.json', () => {
  it('is what npm run make-map writes from us-atlas today', () => {
    expect(JSON.parse(committed)).toEqual(ncMapShapes());
  });

  it('holds the state\'s 100 counties and its outline, under 150 KB gzipped', () => {
    const shapes = JSON.parse(committed) as ReturnType<typeof ncMapShapes>;
    expect(shapes.counties).toHaveLength(100);
    expect(shapes.counties.find((c) => c.fips === '37183')?.name).toBe('Wake');
    for (const c of shapes.counties) expect(c.d).toMatch(/^M[\d.,-]+/);
    expect(shapes.outline.length).toBeGreaterThan(1000);
    expect(gzipSync(committed).length / 1024).toBeLessThan(150);
  });
});

describe('the lines between counties (the map drawn into the HTML)', () => {
  const vertices = (d: string): string[] => d.match(/-?[\d.]+,-?[\d.]+/g) ?? [];
  it('are drawn from the counties\' own edges, inside the state, in under two thirds of the bytes of the 100 shapes', () => {
    const shapes = ncMapShapes();
    const borders = ncBorders();
    const onCounties = new Set<string>(shapes.counties.flatMap((c) => vertices(c.d)));
    const lines = vertices(borders);
    expect(lines.length).toBeGreaterThan(500);
    for (const v of lines) expect(onCounties).toContain(v);
    // The state's edge is the outline's, not drawn again: a point of the outline alone is no border's.
    const outlineOnly = vertices(shapes.outline).filter((v) => !lines.includes(v));
    expect(outlineOnly.length).toBeGreaterThan(100);
    const all = shapes.counties.map((c) => c.d).join('');
    expect(gzipSync(borders).length).toBeLessThan(gzipSync(all).length / 1.5);
  });
});

const ncPoint = fc.record({ latitude: fc.double({ min: 33.8, max: 36.6, noNaN: true }), longitude: fc.double({ min: -84.3, max: -75.4, noNaN: true }) });

describe('points on the map', () => {
  const { projection, numbers } = ncProjection();
  test.prop([ncPoint])('projectPoint is d3-geo\'s projection, and stays inside the map', (p) => {
    const [x, y] = projection([p.longitude, p.latitude])!;
    const mine = projectPoint(numbers, p);
    expect(mine.x).toBeCloseTo(x, 6);
    expect(mine.y).toBeCloseTo(y, 6);
    expect(mine.x).toBeGreaterThanOrEqual(0);
    expect(mine.x).toBeLessThanOrEqual(1000);
  });

  it('finds the county a point is in: Raleigh in Wake, Asheville in Buncombe, the open sea in none', () => {
    const countyOf = countyFinder();
    expect(countyOf({ latitude: 35.78, longitude: -78.64 })).toBe('37183');
    expect(countyOf({ latitude: 35.6, longitude: -82.55 })).toBe('37021');
    expect(countyOf({ latitude: 34.5, longitude: -75.5 })).toBeNull();
  });
});
