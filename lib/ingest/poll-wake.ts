import { db } from '../db/index.ts';
import type { RunOutcome } from './runs.ts';
import { isSourceError } from './sources/errors.ts';
import { matchStores, searchWakeInventory, wakeLimiter, type WakeProduct } from './sources/wake-inventory.ts';
import { applyWakeSnapshot } from './wake-snapshot.ts';

export const WAKE_BOARD_ID = 179;
/** After this many failed searches in a row (and none succeeding) Wake is considered down: stop asking. */
const BREAKER_FAILURES = 10;
/** Above this share of unmatched store addresses the page is considered changed and nothing is written. */
const MAX_UNMATCHED_SHARE = 0.2;

/**
 * Polls Wake's inventory search for each PLU (at most WAKE_CONCURRENCY in flight, WAKE_REQUEST_DELAY_MS
 * apart) and writes one snapshot. Only PLUs whose search succeeded and returned the product count as
 * polled; failures keep their last known stock. When `signal` aborts (SIGTERM), no new searches start,
 * the ones in flight finish, and what was fetched is still written.
 */
export async function pollWakeInventory(plus: string[], options: { checkedAt: Date; signal?: AbortSignal }): Promise<RunOutcome> {
  const stores = await db.store.findMany({ where: { boardId: WAKE_BOARD_ID }, select: { id: true, addressKey: true } });
  const limiter = wakeLimiter();
  const found: WakeProduct[] = [];
  const failures: { plu: string; error: string }[] = [];
  const notCarried: string[] = [];
  let skipped = 0;
  let failuresInRow = 0;
  const breakerOpen = () => failuresInRow >= BREAKER_FAILURES && found.length === 0;

  await Promise.all(
    plus.map((plu) =>
      limiter.run(async () => {
        if (options.signal?.aborted || breakerOpen()) {
          skipped++;
          return;
        }
        try {
          const product = (await searchWakeInventory(plu)).find((p) => p.plu === plu);
          failuresInRow = 0;
          if (product) found.push(product);
          else notCarried.push(plu);
        } catch (error) {
          failuresInRow++;
          failures.push({ plu, error: isSourceError(error) ? error.message : String(error) });
        }
      }),
    ),
  );

  if (found.length === 0) {
    const reason = breakerOpen()
      ? `Wake inventory search looks down: the first ${failuresInRow} searches failed (${failures[0].error}); the other ${skipped} were not tried`
      : (failures[0]?.error ?? (skipped ? 'stopped before any product was fetched' : 'no product was found'));
    return { status: 'failed', itemsSeen: 0, changesWritten: 0, error: reason, details: summary([]) };
  }

  // Products Wake carries that our catalog lacks (a custom watchlist PLU): add them so history can refer to them.
  await db.product.createMany({
    data: found.map((p) => ({
      plu: p.plu,
      name: p.name,
      listingType: 'Unknown' as const,
      retailPrice: p.price ?? undefined,
      sizeMl: p.sizeMl ?? undefined,
    })),
    skipDuplicates: true,
  });

  const { matched, unmatched } = matchStores(found, stores.map((s) => ({ id: s.id, addressKey: s.addressKey })));
  const listings = found.reduce((n, p) => n + p.stores.length, 0);
  if (listings > 0 && unmatched.length / listings > MAX_UNMATCHED_SHARE) {
    // The address format changed: writing now would turn every unmatched store into a sell-out.
    return {
      status: 'failed',
      itemsSeen: found.length,
      changesWritten: 0,
      error: `${unmatched.length} of ${listings} store addresses matched no known store (e.g. "${unmatched[0].address}"); nothing was written`,
      details: summary(unmatched),
    };
  }
  const stock = [...matched].flatMap(([plu, perStore]) => [...perStore].map(([storeId, quantity]) => ({ storeId, plu, quantity })));
  const result = await applyWakeSnapshot({
    checkedAt: options.checkedAt,
    polledPlus: [...matched.keys()],
    storeIds: stores.map((s) => s.id),
    stock,
  });

  const complete = failures.length === 0 && skipped === 0 && unmatched.length === 0;
  return {
    status: complete ? 'ok' : 'partial',
    itemsSeen: found.length,
    changesWritten: result.historyRows,
    error: complete
      ? null
      : [
          failures.length && `${failures.length} product search(es) failed: ${failures[0].error}`,
          skipped && `${skipped} product(s) skipped because the scraper was stopping`,
          unmatched.length && `${unmatched.length} store address(es) matched no known store, e.g. "${unmatched[0].address}"`,
        ]
          .filter(Boolean)
          .join('; '),
    details: { ...summary(unmatched), arrivals: result.arrivals, baselineStores: result.baselineStores, baselineProducts: result.baselineProducts },
  };

  function summary(unmatched: { address: string }[]) {
    return {
      requested: plus.length,
      fetched: found.length,
      notCarried: notCarried.length,
      skipped,
      failed: failures.slice(0, 25),
      unmatchedAddresses: unmatched.slice(0, 25),
    };
  }
}
