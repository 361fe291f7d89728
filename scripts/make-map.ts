// npm run make-map: writes North Carolina's county map (public/maps/nc-counties.json) from the us-atlas package's
// Census shapes (lib/places/map-shapes.ts). The file is committed; lib/places/map-shapes.test.ts fails when it is
// not what this writes (after a us-atlas or d3-geo upgrade, run this).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ncMapShapes } from '../lib/places/map-shapes.ts';

const file = path.resolve(import.meta.dirname, '../public/maps/nc-counties.json');
const text = JSON.stringify(ncMapShapes());
writeFileSync(file, text);
console.log(`public/maps/nc-counties.json: ${(text.length / 1024).toFixed(1)} KB, ${(gzipSync(text).length / 1024).toFixed(1)} KB gzipped`);
