// Product facts the catalog does not state: bottle size and bottles per case, derived from the name.

export type ListingTypeName = 'Listed' | 'Limited' | 'Allocation' | 'Barrel' | 'Unknown';

export const ALLOCATED_TYPES: readonly ListingTypeName[] = ['Allocation', 'Limited', 'Barrel'];

export interface CatalogRow {
  plu: string;
  name: string;
  listingType: ListingTypeName;
  retailPrice: string | null; // decimal text, e.g. "79.95"; null when the catalog has none
  supplier: string | null;
  broker: string | null;
  warehousePeak30d: number;
  warehouseCurrent: number;
}

export interface ProductSeed extends CatalogRow {
  sizeMl: number;
  bottlesPerCase: number;
}

export interface PackInfo {
  count: number;
  kind: 'can' | 'mini';
}

export interface ParsedSize {
  /** Total millilitres of one sellable unit, when the name states it (a pack counts all its containers). */
  sizeMl: number | null;
  pack: PackInfo | null;
}

// Ready-to-drink cocktails come in 4/6/8/12-packs of cans; "- 10Pk" style packs of spirits are 50 ml minis.
const RTD_HINT =
  /\b(rtd|seltzer|soda|lemonade|margarita|mule|cocktails?|tea|punch|spritz|paloma|sunrise|crush|tonic|long drink|mai ?tai|transfusion|sour|buck|bloody mary|cola|coke|coca|ginger|spiked|martini|russian|mom water|nutrl|high noon|cutwater|cans?|fresca|sun cruiser|surfside|monaco|tk mulligan|lucky one|stateside|variety)\b|(^|\s)-196\b/i;
const CAN_PACKS = new Set([4, 6, 8, 12, 15]);

/**
 * Size from the product name: "1.75L", ".375L", "(1L)", "200ML", "50ml"; packs: "4Pk" of RTD cans
 * (355 ml each) or "- 10Pk" of 50 ml minis; a stated unit wins ("Grey Goose Original 50ml 4Pk" = 4 × 50).
 * Anything after "w/" is a gift add-on ("w/ 2 50ml") and is ignored.
 */
export function parseSize(name: string): ParsedSize {
  const base = name.replace(/\s+w\/.*$/i, '');
  const unitMatch = base.match(/(\d*\.?\d+)\s*(ml|mls|l)\b/i);
  let unit: number | null = null;
  if (unitMatch) {
    const value = Number(unitMatch[1]);
    unit = Math.round(unitMatch[2].toLowerCase() === 'l' ? value * 1000 : value);
    if (!(unit > 0)) unit = null;
  }
  let count: number | null = null;
  let dashed = false;
  const packMatch = base.match(/(\s-\s*|-)?(\d+)\s*pk\b/i);
  if (packMatch) {
    count = Number(packMatch[2]);
    dashed = Boolean(packMatch[1]);
  } else if (/\btri-?p(?:ac)?k\b/i.test(base) && unit) {
    count = 3;
  }
  if (count && count > 1) {
    let kind: PackInfo['kind'];
    if (unit) kind = unit >= 250 ? 'can' : 'mini';
    else kind = !dashed && CAN_PACKS.has(count) && (RTD_HINT.test(base) || count === 8) ? 'can' : 'mini';
    const each = unit ?? (kind === 'can' ? 355 : 50);
    return { sizeMl: count * each, pack: { count, kind } };
  }
  return { sizeMl: unit, pack: null };
}

/**
 * Bottles per case (a documented rule of thumb, not Commission data):
 * packs: 24 cans or 120 minis per case, divided by the pack size; 1.75 L: 6; 1 L: 12;
 * 750 ml: 6 for Allocation/Limited/Barrel and for Listed bottles of $60 or more, otherwise 12;
 * 375 ml and 200 ml: 24; 100 ml: 48; 50 ml: 120 (under $3, plastic) or 60; larger formats (kegs): 2.
 */
export function bottlesPerCase(listingType: ListingTypeName, sizeMl: number, price: number | null, pack: PackInfo | null): number {
  if (pack) return Math.max(1, Math.round((pack.kind === 'can' ? 24 : 120) / pack.count));
  if (sizeMl >= 3000) return 2;
  if (sizeMl >= 1500) return 6;
  if (sizeMl >= 900) return 12;
  if (sizeMl >= 700) {
    if (ALLOCATED_TYPES.includes(listingType)) return 6;
    return price !== null && price >= 60 ? 6 : 12;
  }
  if (sizeMl >= 400) return 12;
  if (sizeMl >= 150) return 24;
  if (sizeMl >= 90) return 48;
  return price !== null && price < 3 ? 120 : 60;
}

/**
 * The catalog lists each size of a product under the same name with its own code and no size column
 * ("Bacardi Superior": 22.95, 14.95, 7.45, 3.95). Within such a group the upper-median price is taken as
 * the 750 ml bottle and the others are sized by price ratio: < 0.22 → 50 ml, < 0.42 → 200 ml,
 * < 0.75 → 375 ml, ≤ 1.25 → 750 ml, ≤ 1.5 → 1 L, above → 1.75 L. Names that state a size keep it;
 * Allocation/Limited/Barrel rows are left at 750 ml.
 */
function sizesFromPriceGroups(rows: CatalogRow[], parsed: ParsedSize[]): (number | null)[] {
  const groups = new Map<string, number[]>();
  rows.forEach((r, i) => {
    // Allocated duplicates are re-codes at a new price (Weller 12Y at 47.95 and 63.95), not sizes.
    if (parsed[i].sizeMl !== null || r.retailPrice === null || ALLOCATED_TYPES.includes(r.listingType)) return;
    const key = r.name.trim().toLowerCase();
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  const sizes: (number | null)[] = rows.map(() => null);
  for (const members of groups.values()) {
    if (members.length < 2) continue;
    const prices = members.map((i) => Number(rows[i].retailPrice)).sort((a, b) => a - b);
    const ref = prices[Math.floor(prices.length / 2)];
    if (!(ref > 0)) continue;
    for (const i of members) {
      const r = Number(rows[i].retailPrice) / ref;
      sizes[i] = r < 0.22 ? 50 : r < 0.42 ? 200 : r < 0.75 ? 375 : r <= 1.25 ? 750 : r <= 1.5 ? 1000 : 1750;
    }
  }
  return sizes;
}

/** size_ml (750 when nothing says otherwise) and bottles_per_case for every catalog row. */
export function deriveProducts(rows: CatalogRow[]): ProductSeed[] {
  const parsed = rows.map((r) => parseSize(r.name));
  const grouped = sizesFromPriceGroups(rows, parsed);
  return rows.map((r, i) => {
    const sizeMl = parsed[i].sizeMl ?? grouped[i] ?? 750;
    const price = r.retailPrice === null ? null : Number(r.retailPrice);
    return { ...r, sizeMl, bottlesPerCase: bottlesPerCase(r.listingType, sizeMl, price, parsed[i].pack) };
  });
}
