// Reference data: boards, Wake's stores, the stores of the other boards whose shelves the product reads
// (Durham, Greensboro, New Hanover) and the product catalog, read from the committed files in
// prisma/seed-data (derived from the public NC ABC snapshots; see scripts/derive-reference-data.ts).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCsvRecords } from './csv.ts';
import { deriveProducts, type CatalogRow, type ListingTypeName, type ProductSeed } from './products.ts';


export interface BoardSeed {
  id: number;
  name: string;
  nameClean: string;
  /** Retail stores in the Commission's store locator: how large the board is. */
  retailStores: number;
}

/**
 * A Wake store (prisma/seed-data/wake-stores.json). No delivery day or interval: nobody publishes them, so a
 * deployment learns them from its own observations (docs/decisions/030-delivery-patterns-are-learned.md).
 */
export interface WakeStoreSeed {
  store_number: number;
  nickname: string;
  address: string;
  address_key: string;
  city: string;
  zip: string | null;
  region: string;
  phone: string | null;
  hours: string | null;
  mixed_beverage: boolean;
  locator_address: string;
}

/** A store of a board beyond Wake (prisma/seed-data/board-stores.json, derived from the store locator). */
export interface BoardStoreSeed {
  board_id: number;
  /** Our numbering within the board (locator order). */
  store_number: number;
  nickname: string;
  /** "1928 Holloway St, Durham, NC 27703": the locator's street line without its notes, city, NC zip. */
  address: string;
  address_key: string;
  city: string;
  zip: string | null;
  region: string;
  phone: string | null;
  hours: string | null;
  /** Serves permit holders only (MXB / LBD outlets); never on a public shelf. */
  mixed_beverage: boolean;
  /** The board's own id for the store, where its inventory names stores by id (Greensboro's location internalid). */
  source_store_key: string | null;
  /** The locator row as printed. */
  locator_address: string;
}

export interface ReferenceData {
  boards: BoardSeed[];
  /** Wake's stores (board 179): the 27 retail stores and the mixed-beverage outlet. */
  stores: WakeStoreSeed[];
  /** The stores of Durham (78), Greensboro (58) and New Hanover (135). */
  boardStores: BoardStoreSeed[];
  products: ProductSeed[];
}

/** prisma/seed-data, from the working directory (like prisma/migrations) or next to this file. */
export function seedDataDir(): string {
  const fromCwd = path.resolve(process.cwd(), 'prisma/seed-data');
  if (existsSync(fromCwd)) return fromCwd;
  return fileURLToPath(new URL('../../prisma/seed-data/', import.meta.url));
}

/** "Wake County ABC Board" → "Wake County"; names without the suffix are kept. */
export function cleanBoardName(name: string): string {
  return name.replace(/\s+ABC Board$/i, '').replace(/\s+Board$/i, '').trim();
}

const LISTING_TYPES = new Set<ListingTypeName>(['Listed', 'Limited', 'Allocation', 'Barrel', 'Unknown']);

let cached: ReferenceData | undefined;

export function loadReferenceData(dir = seedDataDir()): ReferenceData {
  if (cached && dir === seedDataDir()) return cached;
  const read = (name: string) => readFileSync(path.join(dir, name), 'utf8');

  const boards = parseCsvRecords(read('nc-boards.csv'), ['board_id', 'board_name', 'retail_stores'] as const).map(
    (r): BoardSeed => ({
      id: Number(r.board_id),
      name: r.board_name,
      nameClean: cleanBoardName(r.board_name),
      retailStores: Number(r.retail_stores),
    }),
  );

  const catalog = parseCsvRecords(read('nc-catalog.csv'), [
    'plu',
    'name',
    'listing_type',
    'retail_price',
    'supplier',
    'broker',
    'warehouse_peak_30d',
    'warehouse_current',
  ] as const).map((r): CatalogRow => {
    if (!/^\d{5}$/.test(r.plu)) throw new Error(`nc-catalog.csv: bad PLU "${r.plu}"`);
    const listingType = (LISTING_TYPES.has(r.listing_type as ListingTypeName) ? r.listing_type : 'Unknown') as ListingTypeName;
    const price = r.retail_price.trim();
    return {
      plu: r.plu,
      name: r.name,
      listingType,
      retailPrice: /^\d+(\.\d+)?$/.test(price) ? Number(price).toFixed(2) : null,
      supplier: r.supplier.trim() || null,
      broker: r.broker.trim() || null,
      warehousePeak30d: Number(r.warehouse_peak_30d) || 0,
      warehouseCurrent: Number(r.warehouse_current) || 0,
    };
  });

  const stores = (JSON.parse(read('wake-stores.json')) as { stores: WakeStoreSeed[] }).stores;
  const boardStores = (JSON.parse(read('board-stores.json')) as { stores: BoardStoreSeed[] }).stores;
  const boardIds = new Set(boards.map((b) => b.id));
  for (const s of boardStores) {
    if (!boardIds.has(s.board_id)) throw new Error(`board-stores.json: store "${s.address}" names board ${s.board_id}, which nc-boards.csv does not have`);
  }
  const data: ReferenceData = { boards, stores, boardStores, products: deriveProducts(catalog) };
  if (dir === seedDataDir()) cached = data;
  return data;
}
