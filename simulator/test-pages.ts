// Small structural readers of the simulator's pages for its own tests (both markups of sources.md), kept
// independent of lib/ingest's parsers so the simulator is checked against sources.md, not against the
// scraper it serves.
import type { SimWorld } from './world.ts';

export interface ReadWakeProduct {
  name: string;
  plu: string;
  price: string;
  size: string;
  outOfStock: boolean;
  /** As printed: documented "street, city line" (the <br> read as ", "); live the <li> text before the count. */
  stores: { address: string; quantity: number }[];
}

const decode = (text: string) => text.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** Reads every product block of a Wake search page, in either markup. */
export function readWakePage(html: string): { markup: 'documented' | 'live' | 'none'; products: ReadWakeProduct[] } {
  const blocks = html.split('<div class="wake-product">').slice(1);
  if (blocks.length === 0) return { markup: 'none', products: [] };
  const live = html.includes('<div class="product-row">');
  const products = blocks.map((block) => {
    const name = decode(/<h4>([^<]*)<\/h4>/.exec(block)?.[1] ?? '');
    const plu = /<p><small>PLU: (\d{5})<\/small><\/p>/.exec(block)?.[1] ?? '';
    const price = /<span class="price">([^<]*)<\/span>/.exec(block)?.[1] ?? '';
    const size = /<span class="size">([^<]*)<\/span>/.exec(block)?.[1] ?? '';
    const outOfStock = block.includes('<p class="out-of-stock">All Locations Out of Stock</p>');
    const stores = live
      ? [...block.matchAll(/<li>([^<]*?)\n\s+(\d+) in stock<\/li>/g)].map((m) => ({ address: decode(m[1]), quantity: Number(m[2]) }))
      : [...block.matchAll(/<li><span class="address">([^<]*)<br>([^<]*)<\/span>\s*<span class="quantity">(\d+) in stock<\/span><\/li>/g)].map((m) => ({
          address: decode(`${m[1]}, ${m[2]}`),
          quantity: Number(m[3]),
        }));
    return { name, plu, price, size, outOfStock, stores };
  });
  return { markup: live ? 'live' : 'documented', products };
}

/** How a store's printed address reads back from each markup (see readWakePage). */
export function addressAsRead(world: SimWorld, storeNumber: number, markup: 'documented' | 'live'): string {
  const store = world.data.stores.find((s) => s.storeNumber === storeNumber)!;
  const printed = world.printedAddress(store);
  const comma = printed.indexOf(',');
  const [line1, line2] = comma < 0 ? [printed.trim(), ''] : [printed.slice(0, comma).trim(), printed.slice(comma + 1).trim()];
  return markup === 'live' ? `${line1}${line2}` : `${line1}, ${line2}`;
}

/** The per-store quantities a page shows for a product, keyed by store number (stores not listed: absent). */
export function pageStock(world: SimWorld, product: ReadWakeProduct, markup: 'documented' | 'live'): Map<number, number> {
  const byAddress = new Map(world.data.retailStores.map((s) => [addressAsRead(world, s.storeNumber, markup), s.storeNumber]));
  const out = new Map<number, number>();
  for (const { address, quantity } of product.stores) {
    const storeNumber = byAddress.get(address);
    if (storeNumber === undefined) throw new Error(`no store prints as ${JSON.stringify(address)}`);
    if (out.has(storeNumber)) throw new Error(`store ${storeNumber} listed twice`);
    out.set(storeNumber, quantity);
  }
  return out;
}

export interface ReadWarehouseRow {
  cells: string[];
  /** The raw <tr ...> opening tag. */
  tag: string;
}

/** Reads the warehouse report's detail table (the table.table-bordered.table-striped whose header has Listing Type). */
export function readWarehousePage(html: string): { header: string[]; rows: ReadWarehouseRow[]; tables: string[] } {
  const tables = [...html.matchAll(/<table class="table\s+table-bordered table-striped"[^>]*>([\s\S]*?)<\/table>/g)].map((m) => m[0]);
  const detail = tables.find((t) => /<th>Listing Type<\/th>/.test(t));
  if (!detail) throw new Error('no detail table');
  const trs = [...detail.matchAll(/(<tr[^>]*>)([\s\S]*?)<\/tr>/g)];
  const cellsOf = (body: string, tag: 'td' | 'th') =>
    [...body.matchAll(new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => decode(m[1].trim()));
  const headerTr = trs.find((m) => m[2].includes('<th>'))!;
  const rows = trs.filter((m) => m !== headerTr).map((m) => ({ cells: cellsOf(m[2], 'td'), tag: m[1] }));
  return { header: cellsOf(headerTr[2], 'th'), rows, tables };
}
