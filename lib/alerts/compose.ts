// What one alert e-mail says, built from the user's claimed arrivals: one entry per product with its
// stores, the most wanted types first. Pure, so the grouping and the "more arrivals" count are unit-tested.

export type ArrivalType = 'first' | 'increase';

/** One claimed alert: an arrival (inventory_history first/increase row) with its product and store. */
export interface ArrivalRow {
  alertId: string;
  plu: string;
  productName: string;
  listingType: string;
  retailPrice: number | null;
  storeId: number;
  storeNumber: number;
  storeNickname: string;
  storeAddress: string;
  newQuantity: number;
  previousQuantity: number;
  delta: number;
  changeType: ArrivalType;
  checkedAt: Date;
}

export interface StoreLine {
  storeId: number;
  storeNumber: number;
  nickname: string;
  address: string;
  quantity: number;
  delta: number;
  changeType: ArrivalType;
  checkedAt: Date;
}

export interface ProductBlock {
  plu: string;
  name: string;
  listingType: string;
  retailPrice: number | null;
  stores: StoreLine[];
}

export interface AlertContent {
  /** Products listed one by one, at most `maxProducts`. */
  products: ProductBlock[];
  /** Arrivals not listed: products past the limit plus earlier arrivals held back by the daily cap. */
  moreArrivals: number;
  /** Distinct stores among the listed products. */
  storeCount: number;
}

const TYPE_RANK: Record<string, number> = { Allocation: 0, Limited: 1, Barrel: 2, Listed: 3, Unknown: 4 };

export function composeAlert(rows: ArrivalRow[], options: { maxProducts: number; earlierSuppressed?: number }): AlertContent {
  const byProduct = new Map<string, ProductBlock>();
  for (const row of rows) {
    let block = byProduct.get(row.plu);
    if (!block) {
      block = { plu: row.plu, name: row.productName, listingType: row.listingType, retailPrice: row.retailPrice, stores: [] };
      byProduct.set(row.plu, block);
    }
    // A product that arrived twice at one store (a digest spans several runs) is one line: the latest.
    const line: StoreLine = {
      storeId: row.storeId,
      storeNumber: row.storeNumber,
      nickname: row.storeNickname,
      address: row.storeAddress,
      quantity: row.newQuantity,
      delta: row.delta,
      changeType: row.changeType,
      checkedAt: row.checkedAt,
    };
    const existing = block.stores.findIndex((s) => s.storeId === row.storeId);
    if (existing < 0) block.stores.push(line);
    else if (block.stores[existing].checkedAt < row.checkedAt) block.stores[existing] = line;
  }
  const all = [...byProduct.values()];
  for (const block of all) {
    block.stores.sort((a, b) => b.quantity - a.quantity || a.nickname.localeCompare(b.nickname, 'en') || a.storeId - b.storeId);
  }
  all.sort(
    (a, b) =>
      (TYPE_RANK[a.listingType] ?? 9) - (TYPE_RANK[b.listingType] ?? 9) ||
      a.name.localeCompare(b.name, 'en') ||
      a.plu.localeCompare(b.plu),
  );
  const products = all.slice(0, Math.max(1, options.maxProducts));
  const overflow = all.slice(products.length).reduce((n, p) => n + p.stores.length, 0);
  return {
    products,
    moreArrivals: overflow + (options.earlierSuppressed ?? 0),
    storeCount: new Set(products.flatMap((p) => p.stores.map((s) => s.storeId))).size,
  };
}
