import type { Limiter } from '../sources/http.ts';
import type { Judgement } from '../sources/judgement.ts';

// One reader per platform, each in its own file here: it fetches the board's pages for one product and hands
// what they printed to the one judgement of answers (sources/judgement.ts). The pass (poll-stores.ts) and
// everything after it — the snapshot diff, arrivals, delivery patterns, alerts, the screens — never know
// which platform a row came from.

export interface StoreReader {
  /** The board's politeness limiter: every product's fetch runs through it, never nested inside it. */
  limiter: Limiter;
  /** The judgement of the board's answer about one product (a failure included: it never throws a SourceError). */
  read(plu: string, signal?: AbortSignal): Promise<Judgement>;
  /** What opening the reader found out, for the run record (Greensboro: the location ids learned). */
  details: Record<string, unknown>;
}
