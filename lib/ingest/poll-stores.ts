import type { ShelfSource } from './board-sources.ts';
import { learnProducts } from './learn-products.ts';
import type { RunOutcome } from './runs.ts';
import type { UnmatchedStoreLine } from './sources/board-stock.ts';
import { snapshotParts, type Judgement } from './sources/judgement.ts';
import { boardStores, openStoreReader } from './store-readers.ts';
import { applyStoreSnapshot, recordAsked } from './store-snapshot.ts';
import { isSourceError } from './sources/errors.ts';
import { retryOnLostConnection } from '../db/lost-connection.ts';
import type { FetchWindow } from './fetch-window.ts';

export interface PollOptions {
  checkedAt: Date;
  /** When the pass must stop asking (lib/ingest/fetch-window.ts): its time is up, or the scraper is stopping. Absent (benches): never. */
  window?: FetchWindow;
  /**
   * Runs the pass's writes (new products, the snapshot). The cycle passes one that lets a board write only
   * while no other source is writing (runner.ts): the pages are read alongside the other sources, the
   * database is written one source at a time.
   */
  writeGate?: <T>(write: () => Promise<T>) => Promise<T>;
  /**
   * When the scraper will ask the board about each product again (its tier's cadence, lib/ingest/schedule.ts):
   * stock not confirmed by then ages (lib/reports/stock-age.ts). Absent (benches), none is recorded.
   */
  nextAskAt?: (plu: string) => Date;
}

/** After this many failed requests in a row (and none answering) the board's source is considered down: stop asking. */
const BREAKER_FAILURES = 10;
/** Failures and unmatched store lines reported in a run record (the counts are always whole). */
const REPORTED = 25;

/**
 * Polls one board source's shelves for each PLU (through the board's politeness limiter) and writes one
 * snapshot, whatever the platform (store-readers.ts), from each product's judgement (sources/judgement.ts).
 * Only `stock` and `none` write stock: the whole shelf (`complete` or `none`: a store not named has 0) or
 * only the stores named (`partial`). A failed request (an error page, a changed layout, a timeout) keeps
 * that product's last known stock, and so does a product the board said nothing about (`no_data`: not an
 * answer, not a failure either). When its fetch window closes (its time is up, or SIGTERM), no new request
 * starts, the ones in flight are cut (at once, or after the stop's grace), and what was fetched is still written.
 */
export async function pollStoreInventory(source: ShelfSource, plus: string[], options: PollOptions): Promise<RunOutcome> {
  const board = { id: source.boardId, name: source.boardName };
  const stores = await boardStores(board.id);
  const label = `${board.name} inventory`;
  let reader;
  try {
    reader = await openStoreReader(source, stores, options.window?.cut);
  } catch (error) {
    if (!isSourceError(error)) throw error;
    await recordAsked(board.id, plus, options.checkedAt, options.nextAskAt);
    return { status: 'failed', itemsSeen: 0, changesWritten: 0, error: error.message, details: { requested: plus.length } };
  }

  const results: Judgement[] = [];
  // Not asked, or asked and cut off, because the window closed: their stock is kept, like a failed request's.
  let skipped = 0;
  let failuresInRow = 0;
  let anyAnswer = false;
  const breakerOpen = () => failuresInRow >= BREAKER_FAILURES && !anyAnswer;
  await Promise.all(
    plus.map((plu) =>
      reader.limiter.run(async () => {
        if (options.window?.stop.aborted || breakerOpen()) {
          skipped++;
          return;
        }
        let result: Judgement;
        try {
          result = await reader.read(plu, options.window?.cut);
        } catch (error) {
          // A read cut off by the window is not the site's failure: it is simply not answered this time.
          if (!options.window?.cut.aborted) throw error;
          skipped++;
          return;
        }
        // A page saying nothing about the product still comes from a working source.
        const failed = result.kind === 'failed';
        failuresInRow = failed ? failuresInRow + 1 : 0;
        anyAnswer ||= !failed;
        results.push(result);
      }),
    ),
  );

  const parts = snapshotParts(results);
  const cutOff = options.window?.reason() ?? null;
  const answeredCount = parts.answeredPlus.length + parts.partialPlus.length;
  const summary = {
    requested: plus.length,
    answered: answeredCount,
    noneAnywhere: parts.noneAnywhere.length,
    /** Products the board said nothing about: their stock was kept (a few described, every PLU listed). */
    noPage: parts.noData.length,
    saidNothing: parts.noData.slice(0, REPORTED),
    noDataPlus: parts.noData.map((n) => n.plu),
    skipped,
    failed: parts.failures.slice(0, REPORTED),
    /** Every product whose request failed (kept its last stock), not just the ones described. */
    failedPlus: parts.failures.map((f) => f.plu),
    unmatchedLines: parts.unmatched.length,
    unmatchedAddresses: parts.unmatched.slice(0, REPORTED).map(reportedLine),
    unlistedStores: parts.unlisted,
    ...reader.details,
  };
  if (answeredCount === 0) {
    // Not one product answered. Only "nothing matched" from every search means the site's search looks
    // broken, not the shelves empty: that "nothing" is no evidence a product was absent, so, as for a failed
    // poll, nothing is written (no product or store baseline, no product marked as asked before its debut).
    const saidOnlyNothing = parts.failures.length === 0 && skipped === 0 && parts.noData.length > 0;
    const reason = breakerOpen()
      ? `${label} looks down: the first ${failuresInRow} requests failed (${parts.failures[0].error}); the other ${skipped} were not tried`
      : saidOnlyNothing
        ? `${label} said nothing about any of the ${parts.noData.length} product(s) asked (${parts.noData[0].reason}); their stock was kept`
        : (parts.failures[0]?.error ?? (skipped ? `no product was fetched: ${cutOff?.message ?? 'stopped'}` : 'no product was requested'));
    // The board was asked and did not answer (unless the scraper is stopping): that stock starts to age.
    if (cutOff?.why !== 'stopping') await retryOnLostConnection(() => recordAsked(board.id, plus, options.checkedAt, options.nextAskAt));
    return { status: 'failed', itemsSeen: 0, changesWritten: 0, error: reason, details: summary };
  }

  const write = options.writeGate ?? ((work) => work());
  // Written in one transaction: a connection lost meanwhile rolls it back, and the pages fetched are written again.
  const result = await write(() => retryOnLostConnection(async () => {
    // New releases (PLUs the catalog does not know) are learned from the page that showed them.
    await learnProducts(parts.products);
    return applyStoreSnapshot({
      boardId: board.id,
      checkedAt: options.checkedAt,
      answeredPlus: parts.answeredPlus,
      partialPlus: parts.partialPlus,
      noPagePlus: parts.noData.map((n) => n.plu),
      failedPlus: parts.failures.map((f) => f.plu),
      storeIds: stores.map((s) => s.id),
      stock: parts.stock,
      nextAskAt: options.nextAskAt,
    });
  }));

  // Every store line unreadable as a known store: the layout or the addresses changed, not the stock.
  const lines = parts.stock.length + parts.unmatched.length;
  const nothingMatched = lines > 0 && parts.unmatched.length === lines;
  const complete = parts.failures.length === 0 && skipped === 0 && parts.unmatched.length === 0 && parts.unlisted.length === 0;
  const first = parts.unmatched[0];
  return {
    status: nothingMatched ? 'failed' : complete ? 'ok' : 'partial',
    itemsSeen: answeredCount,
    changesWritten: result.historyRows,
    error: complete
      ? null
      : [
          parts.failures.length && `${parts.failures.length} product request(s) failed: ${parts.failures[0].error}`,
          skipped && `${skipped} product(s) not fetched: ${cutOff?.message ?? 'the scraper was stopping'}`,
          first &&
            `${parts.unmatched.length} of ${lines} store line(s) matched no known store, e.g. "${first.address}" (PLU ${first.plu}); ` +
              `those products kept their last known stock at the stores not listed`,
          parts.unlisted.length &&
            `${parts.unlisted.length} known store(s) missing from the answers; those stores kept their last known stock`,
        ]
          .filter(Boolean)
          .join('; '),
    details: { ...summary, arrivals: result.arrivals, baselineStores: result.baselineStores, baselineProducts: result.baselineProducts },
  };
}

/** An unmatched line as /api/health shows it (plu, address, reason). */
function reportedLine(line: UnmatchedStoreLine) {
  return { plu: line.plu, address: line.address, reason: line.reason, quantity: line.quantity };
}
