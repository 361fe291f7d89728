import zipcodes from 'zipcodes';
import { inNorthCarolina } from './geo.ts';

// The ZIP table the product reads (lib/places/zips.json, written by npm run make-zips), built from the `zipcodes`
// package's offline table of every US ZIP code. The package holds 44,000 codes and takes ~74 MB of a process's
// memory once loaded; the product needs the points of the ~1,900 ZIP codes in and near North Carolina (where a
// hunter's place or a store can be), North Carolina's cities, and only whether any other code exists (to tell a
// hunter "not in or near North Carolina" rather than "not a ZIP code we know"). Used by the script and its test only.

export interface ZipTable {
  /** Where the points come from. */
  source: string;
  /** Each ZIP code whose centre is in or near North Carolina (inNorthCarolina): [latitude, longitude]. */
  near: Record<string, [number, number]>;
  /** Each North Carolina city (upper case) at its first ZIP code's centre in the package's order. */
  ncCities: Record<string, [number, number]>;
  /** Every other US ZIP code, sorted, space-separated. */
  elsewhere: string;
}

export function buildZipTable(): ZipTable {
  const near: ZipTable['near'] = {};
  const elsewhere: string[] = [];
  for (const [zip, c] of Object.entries(zipcodes.codes)) {
    if (!/^\d{5}$/.test(zip)) continue; // Canada's codes: no hunter's or store's
    if (inNorthCarolina(c)) near[zip] = [c.latitude, c.longitude];
    else elsewhere.push(zip);
  }
  const ncCities: ZipTable['ncCities'] = {};
  for (const c of zipcodes.lookupByState('NC')) {
    const city = c.city.toUpperCase();
    if (!(city in ncCities)) ncCities[city] = [c.latitude, c.longitude];
  }
  const version = (zipcodes as unknown as { version?: string }).version;
  return { source: `zipcodes${version ? `@${version}` : ''}`, near: sortKeys(near), ncCities: sortKeys(ncCities), elsewhere: elsewhere.sort().join(' ') };
}

const sortKeys = <T>(o: Record<string, T>): Record<string, T> => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
