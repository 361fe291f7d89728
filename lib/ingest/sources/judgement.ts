// What a board's answer about one product means, decided here and nowhere else, for every platform
// (docs/decisions/006-ingestion-on-the-real-pages.md, "How each platform's answers are judged"). The
// adapters fetch and read pages; this module says what each shape they read is:
//
// - `stock`: bottles per store. `complete` when the whole shelf is known (a known store not in `stock` has 0),
//   `partial` when a line matched no known store or a source that lists every store left one out (only the
//   stores in `stock` are known; every other store keeps its last known stock).
// - `none`: 0 at every store, confirmed by positive evidence only — Wake's product block with the out-of-stock
//   marker, Durham's product page with price and badge and no store table (or every row Out of Stock),
//   Greensboro's item with every location at 0, ABC/GO's `details` answering a real `[]`.
// - `no_data`: the site answered but said nothing about this product — Wake's search that matched nothing
//   (a product out of stock everywhere is still printed, sources.md §1: a search index hiccup or a delisted
//   product), Durham's "Product Not Found", a Greensboro search without the code. Never a zero: last known
//   stock is kept, and ages (lib/reports/stock-age.ts) until the board answers again.
// - `failed`: no answer at all — an error, maintenance or firewall page, a page cut short, a changed layout,
//   JSON of the wrong shape (the adapters throw a SourceError; judged() turns it into this).
//
// Only `stock` and `none` write stock (lib/ingest/store-snapshot.ts).
//
// Every judge is total: any answer ends (in time linear in its lines × the board's stores) in one of the kinds
// above, for the PLU asked about (judgeGreensboro throws a SourceError for two items with one code, which
// judged() turns into `failed`); each printed line lands on one known store, in `unmatched`, or (Greensboro) on
// a location that is not a store, never dropped; `complete` only when nothing is unmatched or unlisted
// (judgement.property.test.ts).
import { placeAddressLines, type BoardStore, type Placement, type ProductFacts, type UnmatchedStoreLine } from './board-stock.ts';
import type { AbcgoStoreRow } from './abcgo.ts';
import type { DurhamProduct } from './durham.ts';
import { isSourceError, type SourceError } from './errors.ts';
import { greensboroItemsByCode, placeGreensboroItem, type GreensboroItem, type GreensboroLocationMatch } from './greensboro.ts';
import type { WakeProduct } from './wake-inventory.ts';

export interface StockJudgement<Id = number> extends Placement<Id> {
  kind: 'stock';
  plu: string;
  status: 'complete' | 'partial';
  /** Name, price, size as printed; null when the answer printed nothing about the product (ABC/GO details). */
  product: ProductFacts | null;
}

export interface NoneJudgement {
  kind: 'none';
  plu: string;
  /** The positive evidence, for tests and logs: "out-of-stock marker", "no store table", … */
  evidence: string;
  product: ProductFacts | null;
}

export interface NoDataJudgement {
  kind: 'no_data';
  plu: string;
  /** What the site said instead, for the run record. */
  reason: string;
}

export interface FailedJudgement {
  kind: 'failed';
  plu: string;
  error: SourceError;
}

export type Judgement<Id = number> = StockJudgement<Id> | NoneJudgement | NoDataJudgement | FailedJudgement;

/**
 * A placement as stock, or as `none` when it is a whole shelf with no bottles anywhere (every store the
 * source lists at 0: that is positive evidence). A placement with unmatched lines or stores left out is
 * partial, whatever its quantities: the stores it does not place are unknown, not empty.
 */
function fromPlacement<Id>(plu: string, placement: Placement<Id>, product: ProductFacts | null, evidence: string): StockJudgement<Id> | NoneJudgement {
  const partial = placement.unmatched.length > 0 || placement.unlisted.length > 0;
  if (!partial && [...placement.stock.values()].every((q) => q === 0)) return { kind: 'none', plu, evidence, product };
  return { kind: 'stock', plu, status: partial ? 'partial' : 'complete', ...placement, product };
}

/** Runs one product's read; a SourceError becomes `failed`, anything else (a shutdown's abort, a bug) is rethrown. */
export async function judged<Id>(plu: string, read: () => Promise<Judgement<Id>>): Promise<Judgement<Id>> {
  try {
    return await read();
  } catch (error) {
    if (isSourceError(error)) return { kind: 'failed', plu, error };
    throw error;
  }
}

/** Wake's search for a PLU (sources.md §1): the product block with that PLU, or nothing about it. */
export function judgeWake<Id extends number | string>(plu: string, products: WakeProduct[], knownStores: BoardStore<Id>[]): Judgement<Id> {
  const product = products.find((p) => p.plu === plu);
  if (!product) {
    return {
      kind: 'no_data',
      plu,
      reason: products.length
        ? `wake inventory: the search for ${plu} printed ${products.length} other product(s) and not this one`
        : `wake inventory: the search for ${plu} matched nothing (a product out of stock everywhere is still printed)`,
    };
  }
  const facts = { plu, name: product.name, retailPrice: product.price, sizeMl: product.sizeMl };
  // The parser accepts a block only with store lines or the out-of-stock marker, never both or neither.
  if (product.outOfStockEverywhere) return { kind: 'none', plu, evidence: 'out-of-stock marker', product: facts };
  return fromPlacement(plu, placeAddressLines(plu, product.stores, knownStores), facts, 'every store line at 0');
}

/** Durham's product page (sources.md §6): its store table, 0 everywhere, or "Product Not Found" (null). */
export function judgeDurham<Id extends number | string>(plu: string, page: DurhamProduct | null, knownStores: BoardStore<Id>[]): Judgement<Id> {
  if (!page) return { kind: 'no_data', plu, reason: `durham inventory: product ${plu}: 'Product Not Found': Durham does not list this code` };
  const facts = { plu, name: page.name, retailPrice: page.price, sizeMl: null };
  // The parser accepts a page without a table only when it shows both price and badge.
  if (page.carriedNowhere) return { kind: 'none', plu, evidence: 'product page with price and badge and no store table', product: facts };
  const lines = page.stores.map(({ address, quantity }) => ({ address, quantity }));
  return fromPlacement(plu, placeAddressLines(plu, lines, knownStores), facts, 'every store row Out of Stock');
}

/** A Greensboro items search for the code (sources.md §6): the item lists every location, zeros included. */
export function judgeGreensboro<Id extends number | string>(
  plu: string,
  items: GreensboroItem[],
  match: GreensboroLocationMatch<Id>,
  knownStores: BoardStore<Id>[],
): Judgement<Id> {
  const item = greensboroItemsByCode(items).get(plu);
  if (!item) {
    // The storefront's search is no proof the board has none: it said nothing about this code.
    return { kind: 'no_data', plu, reason: `greensboro items: the search for ${plu} did not return that code (${items.length} other item(s))` };
  }
  const facts = { plu, name: item.name, retailPrice: item.price, sizeMl: null };
  return fromPlacement(plu, placeGreensboroItem(item, match, knownStores), facts, 'every location at 0');
}

/** ABC/GO's `details` for the code (sources.md §6): one row per store holding it; a real `[]` is 0 everywhere. */
export function judgeAbcgo<Id extends number | string>(plu: string, rows: AbcgoStoreRow[], knownStores: BoardStore<Id>[]): Judgement<Id> {
  const lines = rows.map((r) => ({ address: [r.address, r.city].filter(Boolean).join(', '), quantity: r.onHand }));
  // Details print nothing about the product itself (search has name and price): no facts to learn.
  return fromPlacement(plu, placeAddressLines(plu, lines, knownStores), null, rows.length ? 'every row at 0' : 'details answered []');
}

// ---------------------------------------------------------------------------------------------------------
// One poll's judgements, as the store snapshot takes them

export interface SnapshotParts<Id> {
  /** Products whose whole shelf is known (`stock` complete, or `none`): store-snapshot's answeredPlus. */
  answeredPlus: string[];
  /** Products known only at the listed stores (store-snapshot's partialPlus). */
  partialPlus: string[];
  stock: { storeId: Id; plu: string; quantity: number }[];
  /** Requests that failed (not an answer: last known stock kept). */
  failures: { plu: string; error: string }[];
  /** Products the board said nothing about (`no_data`): last known stock kept, but the board was asked. */
  noData: { plu: string; reason: string }[];
  /** Products confirmed at 0 everywhere. */
  noneAnywhere: string[];
  unmatched: UnmatchedStoreLine[];
  /** Store ids left out of some product's answer by a source that lists every store. */
  unlisted: Id[];
  /** Products the answers printed, for learnProducts. */
  products: ProductFacts[];
}

/** Gather one poll's judgements into the store snapshot's parts. */
export function snapshotParts<Id>(judgements: Judgement<Id>[]): SnapshotParts<Id> {
  const parts: SnapshotParts<Id> = {
    answeredPlus: [],
    partialPlus: [],
    stock: [],
    failures: [],
    noData: [],
    noneAnywhere: [],
    unmatched: [],
    unlisted: [],
    products: [],
  };
  const unlisted = new Set<Id>();
  for (const j of judgements) {
    switch (j.kind) {
      case 'failed':
        parts.failures.push({ plu: j.plu, error: j.error.message });
        break;
      case 'no_data':
        parts.noData.push({ plu: j.plu, reason: j.reason });
        break;
      case 'none':
        parts.answeredPlus.push(j.plu);
        parts.noneAnywhere.push(j.plu);
        if (j.product) parts.products.push(j.product);
        break;
      case 'stock':
        (j.status === 'complete' ? parts.answeredPlus : parts.partialPlus).push(j.plu);
        for (const [storeId, quantity] of j.stock) parts.stock.push({ storeId, plu: j.plu, quantity });
        parts.unmatched.push(...j.unmatched);
        for (const id of j.unlisted) unlisted.add(id);
        if (j.product) parts.products.push(j.product);
        break;
    }
  }
  parts.unlisted = [...unlisted];
  return parts;
}
