import { NEW_RELEASE_TYPE } from '../catalog/hunted.ts';
import { db } from '../db/index.ts';

// Products learned from a page that showed them (a store inventory listing). A PLU the catalog does not
// know is a new release: it is added as Unknown, which the hunted policy (lib/catalog/hunted.ts) polls
// every cycle, shows on the hunted screens and alerts on, until the warehouse report classifies it.
// For products the catalog knows, a page only fills what the catalog lacks (price, size): names and
// listing types come from the warehouse report and the reference catalog, which print them better.

export interface PageProduct {
  plu: string;
  name: string;
  retailPrice: number | null;
  sizeMl: number | null;
}

/** Adds unknown PLUs as new releases and fills missing prices and sizes. Returns how many were added. */
export async function learnProducts(products: PageProduct[]): Promise<number> {
  if (products.length === 0) return 0;
  const plus = products.map((p) => p.plu);
  const names = products.map((p) => p.name);
  const prices = products.map((p) => p.retailPrice);
  const sizes = products.map((p) => p.sizeMl);
  const [added] = await db.$transaction([
    db.$executeRaw`
      INSERT INTO products (plu, name, listing_type, retail_price, size_ml, created_at, updated_at)
      SELECT r.plu, r.name, ${NEW_RELEASE_TYPE}::"ListingType", r.price, r.size, now(), now()
        FROM unnest(${plus}::text[], ${names}::text[], ${prices}::numeric[], ${sizes}::int[]) AS r(plu, name, price, size)
      ON CONFLICT (plu) DO NOTHING`,
    db.$executeRaw`
      UPDATE products p
         SET retail_price = COALESCE(p.retail_price, r.price), size_ml = COALESCE(p.size_ml, r.size), updated_at = now()
        FROM unnest(${plus}::text[], ${prices}::numeric[], ${sizes}::int[]) AS r(plu, price, size)
       WHERE p.plu = r.plu AND ((p.retail_price IS NULL AND r.price IS NOT NULL) OR (p.size_ml IS NULL AND r.size IS NOT NULL))`,
  ]);
  return added;
}
