import { HUNTED_TYPES } from '../catalog/hunted.ts';
import { db } from '../db/index.ts';
import { env } from '../env.ts';
import { money } from './dto.ts';
import { defaultTypeKey, type DefaultTypeKey } from './rules.ts';
import type { DefaultProduct } from './types.ts';

// The default list: the hunted products (Allocation, Limited, Barrel and new releases) plus Premium (Listed
// products priced at or above PREMIUM_MIN_PRICE): lib/catalog/hunted.ts's rule. The whole list is returned
// in one answer (about 600 products); the screen pages it 20 at a time and filters it by type.

const TYPE_ORDER: Record<DefaultTypeKey, number> = { new: 0, allocation: 1, limited: 2, barrel: 3, premium: 4 };

export const premiumMinPrice = (): number => env().PREMIUM_MIN_PRICE;

/** New releases, then Allocation, Limited, Barrel and Premium, each by name. */
export async function listDefaultProducts(premiumMin = premiumMinPrice()): Promise<DefaultProduct[]> {
  const rows = await db.product.findMany({
    where: {
      OR: [
        { listingType: { in: [...HUNTED_TYPES] } },
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
