import { db } from '../../db/index.ts';
import type { BoardStore } from '../sources/board-stock.ts';
import { fetchGreensboroLocations, matchGreensboroLocations, searchGreensboroItems } from '../sources/greensboro.ts';
import { limiterFor, type ShelfSource } from '../board-sources.ts';
import { judged, judgeGreensboro } from '../sources/judgement.ts';
import type { StoreReader } from './reader.ts';

/**
 * A NetSuite SuiteCommerce storefront (Greensboro). It first reads its store locator (which location id is which store): a failure there fails the
 * pass, since no quantity can be placed without it; ids learned by exact address are kept
 * (stores.source_store_key) so the next pass starts from them. Then one item search per product.
 */
export async function openSuiteCommerceReader(source: ShelfSource, stores: BoardStore[], signal?: AbortSignal): Promise<StoreReader> {
  const limiter = limiterFor(source);
  const baseUrl = source.baseUrl;
  const match = matchGreensboroLocations(await fetchGreensboroLocations({ baseUrl, limiter, signal }), stores);
  for (const { storeId, locationId } of match.learned) {
    await db.store.updateMany({ where: { id: storeId, sourceStoreKey: null }, data: { sourceStoreKey: locationId } });
  }
  return {
    limiter,
    details: {
      locationsLearned: match.learned.map((l) => ({ storeId: l.storeId, locationId: l.locationId })),
      // With the locator's own fields, so an operator can add a store the board opened (lib/admin/stores.ts).
      locationsUnmatched: match.unmatched.map((u) => {
        const location = match.locations.get(u.locationId);
        return { ...u, name: location?.name ?? null, address: location?.address ?? null, city: location?.city ?? null, kind: location?.kind ?? null };
      }),
    },
    read: (plu, signal) => judged(plu, async () => judgeGreensboro(plu, await searchGreensboroItems(plu, { baseUrl, signal }), match, stores)),
  };
}
