import table from './zips.json' with { type: 'json' };
import type { Point } from './geo.ts';

// ZIP codes and North Carolina's cities as points (issue 39), from the table npm run make-zips writes
// (lib/places/zip-table.ts): a ZIP code's centre for a hunter's place and for a store the locator did not place,
// a city's for a store whose ZIP code is a typo. A few hundred KB, where the whole package it comes from costs
// every process ~74 MB.

const near: Record<string, number[]> = table.near;
const cities: Record<string, number[]> = table.ncCities;
let elsewhere: Set<string> | undefined;

const point = (p: number[] | undefined): Point | null => (p ? { latitude: p[0], longitude: p[1] } : null);

/** The centre of a ZIP code in or near North Carolina (ZIP+4 read by its first five digits), or null. */
export function zipPoint(zip: string | null | undefined): Point | null {
  return zip ? point(near[zip.slice(0, 5)]) : null;
}

/** Whether a ZIP code exists but lies away from North Carolina (so a hunter hears "not in or near", not "unknown"). */
export function zipElsewhere(zip: string): boolean {
  elsewhere ??= new Set(table.elsewhere.split(' '));
  return elsewhere.has(zip.slice(0, 5));
}

/** A North Carolina city's centre (its first ZIP code in the table), or null. */
export function ncCityPoint(city: string | null | undefined): Point | null {
  return city ? point(cities[city.trim().toUpperCase()]) : null;
}
