// Developer tool, never run by the app: regenerates the compact seed files in prisma/seed-data from the
// reference data set (the shared NC ABC snapshots). The app only reads prisma/seed-data.
//
//   npx tsx scripts/derive-reference-data.ts ../shared/data
//
// prisma/seed-data/wake-stores.json is maintained by hand (it pairs Wake's inventory-search addresses
// with the store locator's rows); this tool only checks that its locator fields still match, and that it
// carries no delivery pattern (nobody publishes one: the scraper learns it, docs/decisions/030).
// prisma/seed-data/board-stores.json (the stores of every other board, whether or not the product reads their
// shelves) is derived from the locator rows, plus the hand-kept GREENSBORO_LOCATION_IDS below.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { WAKE_BOARD_ID } from '../lib/reference/boards.ts';
import { csvField, parseCsvRecords } from '../lib/reference/csv.ts';
import type { BoardStoreSeed, WakeStoreSeed } from '../lib/reference/reference.ts';
import { normalizeAddress } from '../lib/text/address.ts';

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
  const invented = Object.keys(s).filter((k) => k.startsWith('delivery'));
  if (invented.length) console.warn(`wake-stores.json: store ${s.store_number} carries ${invented.join(', ')}: a deployment learns them (docs/decisions/030)`);
  const row = locator.find((l) => l.address === s.locator_address);
  if (!row) console.warn(`wake-stores.json: store ${s.store_number} cites no locator row "${s.locator_address}"`);
  else if (row.phone !== s.phone || row.hours !== s.hours) {
    console.warn(`wake-stores.json: store ${s.store_number} phone/hours differ from the locator`);
  }
}

// The stores of every board but Wake (wake-stores.json), as the Commission's store locator lists them.
// Durham, Greensboro and New Hanover were the only boards loaded until issue 24: they come first, in their
// old order, so a fresh database numbers their 37 stores (ids 29-65) as before; tests, the e2e data and the
// bench use those ids. Every other board follows by board id; within a board, stores keep locator order.
const GREENSBORO_BOARD_ID = 58;
const LOADED_FIRST = [78 /* Durham */, GREENSBORO_BOARD_ID, 135 /* New Hanover */];
// Greensboro's storefront names its locations by id (Location.Service.ss internalid), never by address:
// sources.md documents 27 = "Store 11", 2731 Ring Road, ids 25-42 and 125 for the stores and 26 for the
// mixed-beverage outlet. The other pairs come from a public tracker's capture of Location.Service.ss
// (2026-07-22) and agree with those facts; the adapter refuses a keyed location whose locator address has
// another street number (lib/ingest/sources/greensboro.ts), so a wrong pair is reported, never used.
const GREENSBORO_LOCATION_IDS: Record<string, string> = {
  '3707-E Battleground Ave': '25',
  '115-B North Cedar St': '26', // the mixed-beverage outlet ("Store 10")
  '2731 Ring Rd': '27',
  '500 Hickory Branch Dr': '28',
  '2417 Lawndale Dr': '29',
  '4548 US Hwy 220 N': '30',
  '3919 Burlington Rd': '31',
  '2309 Fleming Rd': '32',
  '106 Bantiff Way': '33',
  '3100 E. Market St': '36',
  '3741 Farmington Dr': '37',
  '4633 W. Market St': '38',
  '307-A Pisgah Church Rd': '39',
  '115-C North Cedar St': '40',
  '4411 W. Wendover Ave': '41',
  '2701 Randleman Rd': '42',
};
/**
 * Outlets that serve permit holders only: "(MXB)" or "(MXB Outlet)" in the address, "MXB" or "Mixed Beverage
 * Customers Only" in the hours, "(LBD permit holders only)". "(and a MXB location)" and "+ LBD" are retail stores
 * with a counter for permit holders. Craven's "500 D Street - LBD" says no more than that, so it stays retail.
 */
const permitHoldersOnly = (address: string, hours: string) =>
  /\(MXB( Outlet)?\)/i.test(address) || /MXB|Mixed Beverage Customers Only/i.test(hours) || /\bLBD permit holders only\b/i.test(address);
const located = parseCsvRecords(read('nc-stores.csv'), ['board_id', 'address', 'city', 'zip', 'phone', 'hours'] as const);
const storeBoardIds = [...new Set(located.map((r) => Number(r.board_id)))].filter((id) => id !== WAKE_BOARD_ID && !LOADED_FIRST.includes(id));
const boardOrder = [...LOADED_FIRST, ...storeBoardIds.sort((a, b) => a - b)];
const boardStores: BoardStoreSeed[] = [];
for (const boardId of boardOrder) {
  const rows = located.filter((r) => Number(r.board_id) === boardId);
  rows.forEach((r, i) => {
    const outlet = permitHoldersOnly(r.address, r.hours);
    // Notes are not part of the address: "(Retail)", "(and a MXB location)", "(LBD permit holders only)", " - MXB Only", " + LBD".
    const street = r.address.replace(/\s*\([^)]*\)/g, '').replace(/\s*[-+]\s*(MXB|LBD)\b.*$/, '').trim();
    const kind = /\bLBD\b/.test(r.address) ? 'LBD' : 'MXB';
    const sourceKey = boardId === GREENSBORO_BOARD_ID ? GREENSBORO_LOCATION_IDS[r.address] : undefined;
    if (boardId === GREENSBORO_BOARD_ID && !sourceKey) console.warn(`board-stores.json: no Greensboro location id for "${r.address}"`);
    boardStores.push({
      board_id: boardId,
      store_number: i + 1,
      nickname: `${street.split(',')[0].split(' - ')[0]}${outlet ? ` (${kind})` : ''}`,
      address: `${street}, ${r.city.trim()}, NC ${r.zip.trim()}`,
      address_key: normalizeAddress(street),
      city: r.city.trim(),
      zip: r.zip.trim() || null,
      region: r.city.trim(),
      phone: r.phone.trim() || null,
      hours: r.hours.trim() || null,
      mixed_beverage: outlet,
      source_store_key: sourceKey ?? null,
      locator_address: r.address,
    });
  });
}
const boardName = new Map(boards.map((b) => [Number(b.board_id), b.board_name.trim()]));
writeFileSync(
  path.join(out, 'board-stores.json'),
  JSON.stringify(
    {
      _comment: [
        `The stores of every board but Wake (${new Set(boardStores.map((s) => s.board_id)).size} boards), whether or not the product reads their shelves (lib/reference/boards.ts says which it does).`,
        `Order: ${LOADED_FIRST.map((id) => `${boardName.get(id)} (board ${id})`).join(', ')} first, as before every board was loaded (a fresh database keeps their store ids), then by board id.`,
        'Derived by scripts/derive-reference-data.ts from the Commission store locator snapshot (nc-stores.csv, May 2026); do not edit by hand.',
        'address: the locator address without its notes ("(Retail)", "(and a MXB location)", " - MXB Only", " + LBD") + city, NC zip; address_key = normalizeAddress(address), what the scraper matches on.',
        'mixed_beverage: true for outlets that serve permit holders only ("(MXB)" or "(MXB Outlet)", "MXB" or "Mixed Beverage Customers Only" in the hours, "(LBD permit holders only)"); a store that also hosts an MXB or LBD counter is retail.',
        'store_number: our numbering within the board (locator order), not the board\'s; nickname: the street line; region: the city; no delivery pattern (the scraper learns it: docs/decisions/030).',
        'source_store_key: the board\'s own id for the store where its inventory names stores by id: Greensboro\'s storefront location internalid (see GREENSBORO_LOCATION_IDS in the tool).',
        'locator_address: the locator row as printed.',
      ],
      stores: boardStores,
    },
    null,
    2,
  ) + '\n',
);
console.log(
  `wrote ${catalog.length} products, ${boards.length} boards and ${boardStores.length} stores of ${new Set(boardStores.map((s) => s.board_id)).size} boards beyond Wake to ${out}`,
);
