// Developer tool, never run by the app: regenerates the compact seed files in prisma/seed-data from the
// reference data set (the shared NC ABC snapshots). The app only reads prisma/seed-data.
//
//   npx tsx scripts/derive-reference-data.ts ../shared/data
//
// prisma/seed-data/wake-stores.json is maintained by hand (it pairs Wake's inventory-search addresses
// with the store locator's rows); this tool only checks that its locator fields still match.
// prisma/seed-data/board-stores.json (the stores of the other boards whose shelves the product reads) is
// derived from the locator rows of those boards, plus the hand-kept GREENSBORO_LOCATION_IDS below.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DURHAM_BOARD_ID, GREENSBORO_BOARD_ID, NEW_HANOVER_BOARD_ID, WAKE_BOARD_ID } from '../lib/reference/boards.ts';
import { loadBoardSources } from '../lib/reference/board-sources.ts';
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
  const row = locator.find((l) => l.address === s.locator_address);
  if (!row) console.warn(`wake-stores.json: store ${s.store_number} cites no locator row "${s.locator_address}"`);
  else if (row.phone !== s.phone || row.hours !== s.hours) {
    console.warn(`wake-stores.json: store ${s.store_number} phone/hours differ from the locator`);
  }
}

// The stores of Durham, Greensboro and New Hanover, as the Commission's store locator lists them.
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
/** Outlets that serve permit holders only: "(MXB)" in the address or "MXB" in the hours, "(LBD permit holders only)". */
const permitHoldersOnly = (address: string, hours: string) => /\(MXB\)/i.test(address) || /MXB/.test(hours) || /\bLBD permit holders only\b/i.test(address);
const located = parseCsvRecords(read('nc-stores.csv'), ['board_id', 'address', 'city', 'zip', 'phone', 'hours'] as const);
const boardStores: BoardStoreSeed[] = [];
// The boards beyond Wake whose shelves are read (prisma/seed-data/board-sources.json), in its order.
const otherStoreBoardIds = loadBoardSources(new Set(boards.map((b) => Number(b.board_id))))
  .map((s) => s.boardId)
  .filter((id) => id !== WAKE_BOARD_ID);
for (const boardId of otherStoreBoardIds) {
  const rows = located.filter((r) => Number(r.board_id) === boardId);
  rows.forEach((r, i) => {
    const outlet = permitHoldersOnly(r.address, r.hours);
    const street = r.address.replace(/\s*\([^)]*\)/g, '').trim(); // "(Retail)", "(and a MXB location)", "(LBD permit holders only)"
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
        `The stores of the boards beyond Wake whose shelves the product reads: ${otherStoreBoardIds.map((id) => `${boardName.get(id)} (board ${id})`).join(', ')}.`,
        'Derived by scripts/derive-reference-data.ts from the Commission store locator snapshot (nc-stores.csv, May 2026); do not edit by hand.',
        'address: the locator address without its notes ("(Retail)", "(and a MXB location)") + city, NC zip; address_key = normalizeAddress(address), what the scraper matches on.',
        'mixed_beverage: true for outlets that serve permit holders only ("(MXB Sales)" hours, "(LBD permit holders only)"); a store that also hosts an MXB counter is retail.',
        'store_number: our numbering within the board (locator order), not the board\'s; nickname: the street line; region: the city; no delivery pattern is known yet.',
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
  `wrote ${catalog.length} products, ${boards.length} boards and ${boardStores.length} stores of boards ${DURHAM_BOARD_ID}, ${GREENSBORO_BOARD_ID}, ${NEW_HANOVER_BOARD_ID} to ${out}`,
);
