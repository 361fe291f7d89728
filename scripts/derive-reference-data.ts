// Developer tool, never run by the app: regenerates the compact seed files in prisma/seed-data from the
// reference data set (the shared NC ABC snapshots). The app only reads prisma/seed-data.
//
//   npx tsx scripts/derive-reference-data.ts ../shared/data
//
// prisma/seed-data/wake-stores.json is maintained by hand (it pairs Wake's inventory-search addresses
// with the store locator's rows); this tool only checks that its locator fields still match.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { csvField, parseCsvRecords } from '../lib/reference/csv.ts';
import type { WakeStoreSeed } from '../lib/reference/reference.ts';

const source = process.argv[2];
if (!source) {
  console.error('usage: npx tsx scripts/derive-reference-data.ts <reference data dir>');
  process.exit(2);
}
const out = path.resolve(process.cwd(), 'prisma/seed-data');
const read = (name: string) => readFileSync(path.join(source, name), 'utf8');
const line = (values: (string | number | null)[]) => values.map(csvField).join(',');

const catalogColumns = [
  'nc_code',
  'product_name',
  'listing_type',
  'retail_price',
  'supplier',
  'broker',
  'warehouse_peak_30d',
  'warehouse_current',
] as const;
const catalog = parseCsvRecords(read('nc-catalog.csv'), catalogColumns);
writeFileSync(
  path.join(out, 'nc-catalog.csv'),
  [
    line(['plu', 'name', 'listing_type', 'retail_price', 'supplier', 'broker', 'warehouse_peak_30d', 'warehouse_current']),
    ...catalog.map((r) => line(catalogColumns.map((c) => r[c].trim()))),
  ].join('\n') + '\n',
);

// Boards, with their retail store count from the locator (weights shipments towards large boards).
const stores = parseCsvRecords(read('nc-stores.csv'), ['board_id', 'address', 'hours', 'phone'] as const);
const retail = new Map<string, number>();
for (const s of stores) {
  if (/\(MXB\)/i.test(s.address) || /MXB/.test(s.hours)) continue;
  retail.set(s.board_id, (retail.get(s.board_id) ?? 0) + 1);
}
const boards = parseCsvRecords(read('nc-boards.csv'), ['board_id', 'board_name'] as const);
writeFileSync(
  path.join(out, 'nc-boards.csv'),
  [
    line(['board_id', 'board_name', 'retail_stores']),
    ...boards.map((b) => line([b.board_id, b.board_name.trim(), retail.get(b.board_id) ?? 0])),
  ].join('\n') + '\n',
);

// Check the hand-made Wake store file against the locator rows it cites.
const wake = JSON.parse(readFileSync(path.join(out, 'wake-stores.json'), 'utf8')) as { stores: WakeStoreSeed[] };
const locator = stores.filter((s) => s.board_id === '179');
for (const s of wake.stores) {
  const row = locator.find((l) => l.address === s.locator_address);
  if (!row) console.warn(`wake-stores.json: store ${s.store_number} cites no locator row "${s.locator_address}"`);
  else if (row.phone !== s.phone || row.hours !== s.hours) {
    console.warn(`wake-stores.json: store ${s.store_number} phone/hours differ from the locator`);
  }
}
console.log(`wrote ${catalog.length} products and ${boards.length} boards to ${out}`);
