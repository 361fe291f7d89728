import { PLATFORM_RULES, type Platform, type StoreKey } from '../reference/board-sources.ts';
import type { ShelfSource } from './board-sources.ts';
import { abcgoReader } from './readers/abcgo.ts';
import { durhamReader } from './readers/durham.ts';
import { openSuiteCommerceReader } from './readers/greensboro.ts';
import type { StoreReader } from './readers/reader.ts';
import { wakeReader } from './readers/wake.ts';
import type { BoardStore } from './sources/board-stock.ts';

// Every platform a board can publish its shelves on, once: its reader (readers/*.ts), the store keys its
// pages give (checked against each board_sources entry) and whether its catalog is polled in tiers.

export interface PlatformSpec {
  /** Opens a pass over one board's shelves (a SuiteCommerce storefront first reads its store locator). */
  open(source: ShelfSource, stores: BoardStore[], signal?: AbortSignal): StoreReader | Promise<StoreReader>;
  storeKeys: readonly StoreKey[];
  /** Every product of the catalog on a cadence (lib/ingest/tiers.ts:productsToPoll), not only the hunted and watched ones. */
  catalogTiers: boolean;
}

export const PLATFORMS: Record<Platform, PlatformSpec> = {
  wake: { ...PLATFORM_RULES.wake, open: wakeReader },
  durham: { ...PLATFORM_RULES.durham, open: durhamReader },
  suitecommerce: { ...PLATFORM_RULES.suitecommerce, open: openSuiteCommerceReader },
  abcgo: { ...PLATFORM_RULES.abcgo, open: abcgoReader },
};
