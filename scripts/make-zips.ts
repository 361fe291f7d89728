// npm run make-zips: writes lib/places/zips.json, the ZIP codes and North Carolina cities the product places hunters
// and stores by (lib/places/zip-table.ts), from the zipcodes package. The file is committed; lib/places/zips.test.ts
// fails when it is not what this writes (after a zipcodes upgrade, run this).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildZipTable } from '../lib/places/zip-table.ts';

const file = path.resolve(import.meta.dirname, '../lib/places/zips.json');
const table = buildZipTable();
const text = `${JSON.stringify(table)}\n`;
writeFileSync(file, text);
console.log(`lib/places/zips.json: ${Object.keys(table.near).length} ZIP codes near North Carolina, ${Object.keys(table.ncCities).length} cities, ${(text.length / 1024).toFixed(0)} KB`);
