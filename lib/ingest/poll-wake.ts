import { db } from '../db/index.ts';
import { WAKE_BOARD_ID } from '../reference/boards.ts';
import { learnProducts } from './learn-products.ts';
import type { RunOutcome } from './runs.ts';
import { isSourceError } from './sources/errors.ts';
import { matchStores, searchWakeInventory, wakeLimiter, type UnmatchedStore, type WakeProduct } from './sources/wake-inventory.ts';
import { applyStoreSnapshot } from './store-snapshot.ts';

/** After this many failed searches in a row (and none succeeding) Wake is considered down: stop asking. */
const BREAKER_FAILURES = 10;
/** Unmatched store lines reported in a run record (the count is always whole). */
const REPORTED_UNMATCHED = 25;

/**
 * Polls Wake's inventory search for each PLU (at most WAKE_CONCURRENCY in flight, WAKE_REQUEST_DELAY_MS
 * apart) and writes one snapshot. A search that answered (a results page, whether or not it lists the
 * product) counts; a failed one (an error page, a changed layout, a timeout) keeps that product's last
 * known stock. A product whose listing has a store line that matches no known store keeps its last known
 * stock at the stores the listing does not name; the line is reported in the run record. When `signal`
 * aborts (SIGTERM), no new searches start, the ones in flight finish, and what was fetched is still written.
 */
export async function pollWakeInventory(plus: string[], options: { checkedAt: Date; signal?: AbortSignal }): Promise<RunOutcome> {
  const stores = await db.store.findMany({ where: { boardId: WAKE_BOARD_ID }, select: { id: true, addressKey: true, city: true } });
  const limiter = wakeLimiter();
  const found: WakeProduct[] = [];
  const failures: { plu: string; error: string }[] = [];
  const notCarried: string[] = [];
  let skipped = 0;
  let failuresInRow = 0;
  const breakerOpen = () => failuresInRow >= BREAKER_FAILURES && found.length + notCarried.length === 0;

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

  const answeredCount = found.length + notCarried.length;
  if (answeredCount === 0) {
    const reason = breakerOpen()
      ? `Wake inventory search looks down: the first ${failuresInRow} searches failed (${failures[0].error}); the other ${skipped} were not tried`
      : (failures[0]?.error ?? (skipped ? 'stopped before any product was fetched' : 'no product was searched'));
    return { status: 'failed', itemsSeen: 0, changesWritten: 0, error: reason, details: summary([]) };
  }

  // New releases (PLUs the catalog does not know) are learned from the page that showed them.
  await learnProducts(found.map((p) => ({ plu: p.plu, name: p.name, retailPrice: p.price, sizeMl: p.sizeMl })));

  const { matched, unmatched } = matchStores(found, stores.map((s) => ({ id: s.id, addressKey: s.addressKey, city: s.city })));
  const partial = new Set(unmatched.map((u) => u.plu));
  const listings = found.reduce((n, p) => n + p.stores.length, 0);
  const stock = [...matched].flatMap(([plu, perStore]) => [...perStore].map(([storeId, quantity]) => ({ storeId, plu, quantity })));
  const result = await applyStoreSnapshot({
    boardId: WAKE_BOARD_ID,
    checkedAt: options.checkedAt,
    answeredPlus: [...found.map((p) => p.plu).filter((plu) => !partial.has(plu)), ...notCarried],
    partialPlus: [...partial],
    storeIds: stores.map((s) => s.id),
    stock,
  });

  // Every store line unreadable as a known store: the layout or the addresses changed, not the stock.
  const nothingMatched = listings > 0 && unmatched.length === listings;
  const complete = failures.length === 0 && skipped === 0 && unmatched.length === 0;
  return {
    status: nothingMatched ? 'failed' : complete ? 'ok' : 'partial',
    itemsSeen: answeredCount,
    changesWritten: result.historyRows,
    error: complete
      ? null
      : [
          failures.length && `${failures.length} product search(es) failed: ${failures[0].error}`,
          skipped && `${skipped} product(s) skipped because the scraper was stopping`,
          unmatched.length &&
            `${unmatched.length} of ${listings} store line(s) matched no known store, e.g. "${unmatched[0].address}" (PLU ${unmatched[0].plu}); ` +
              `those products kept their last known stock at the stores not listed`,
        ]
          .filter(Boolean)
          .join('; '),
    details: { ...summary(unmatched), arrivals: result.arrivals, baselineStores: result.baselineStores, baselineProducts: result.baselineProducts },
  };

  function summary(unmatched: UnmatchedStore[]) {
    return {
      requested: plus.length,
      fetched: found.length,
      notCarried: notCarried.length,
      skipped,
      failed: failures.slice(0, REPORTED_UNMATCHED),
      unmatchedLines: unmatched.length,
      unmatchedAddresses: unmatched.slice(0, REPORTED_UNMATCHED),
    };
  }
}
