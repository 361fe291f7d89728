import { query } from './harness.ts';

/** Catalog PLUs by kind, read from the seeded database (so the tests follow the data, not fixed numbers). */
export async function samplePlus(premiumMin = 60) {
  const pick = async (where: string, params: unknown[] = []) =>
    query<{ plu: string; name: string }>(`SELECT plu, name FROM products WHERE ${where} ORDER BY plu`, params);
  return {
    allocation: await pick(`listing_type = 'Allocation'`),
    limited: await pick(`listing_type = 'Limited'`),
    barrel: await pick(`listing_type = 'Barrel'`),
    premium: await pick(`listing_type = 'Listed' AND retail_price >= $1`, [premiumMin]),
    /** Everyday Listed products: not on the default list, so they can be added from search. */
    everyday: await pick(`listing_type = 'Listed' AND retail_price < $1`, [premiumMin]),
  };
}
