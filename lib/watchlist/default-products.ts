import { db } from '../db/index.ts';
import { env } from '../env.ts';
import { money } from './dto.ts';
import { defaultTypeKey, type DefaultTypeKey } from './rules.ts';
import type { DefaultProduct } from './types.ts';

// The default list: Allocation, Limited and Barrel products, plus Premium (Listed products priced at or
// above PREMIUM_MIN_PRICE; see defaultTypeKey in rules.ts). The whole list is returned in one answer
// (about 600 products); the screen pages it 20 at a time and filters it by type.

const TYPE_ORDER: Record<DefaultTypeKey, number> = { allocation: 0, limited: 1, barrel: 2, premium: 3 };

export const premiumMinPrice = (): number => env().PREMIUM_MIN_PRICE;

/** Allocation, then Limited, Barrel and Premium, each by name. */
export async function listDefaultProducts(premiumMin = premiumMinPrice()): Promise<DefaultProduct[]> {
  const rows = await db.product.findMany({
    where: {
      OR: [
        { listingType: { in: ['Allocation', 'Limited', 'Barrel'] } },
        { listingType: 'Listed', retailPrice: { gte: premiumMin } },
      ],
    },
    select: { plu: true, name: true, listingType: true, retailPrice: true, sizeMl: true, bottlesPerCase: true },
  });
  const products: DefaultProduct[] = [];
  for (const r of rows) {
    const price = money(r.retailPrice);
    // The same rule as the query, in one pure function: the screen's counts can never drift from it.
    const key = defaultTypeKey(r.listingType, price, premiumMin);
    if (!key) continue;
    products.push({
      plu: r.plu,
      brand_name: r.name,
      listing_type: r.listingType,
      listing_type_key: key,
      retail_price: price,
      size_ml: r.sizeMl,
      bottles_per_case: r.bottlesPerCase,
    });
  }
  return products.sort(
    (a, b) =>
      TYPE_ORDER[a.listing_type_key] - TYPE_ORDER[b.listing_type_key] ||
      a.brand_name.localeCompare(b.brand_name, 'en') ||
      a.plu.localeCompare(b.plu),
  );
}
