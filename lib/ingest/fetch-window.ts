// How long a source may fetch (issue 36, docs/decisions/029-a-cycle-has-a-deadline.md). Every request has its own
// timeout, but a site that answers once and then trickles would keep a pass busy for hours, request after
// request: a source is cut off as a whole at the end of its window. And when the scraper is stopping (SIGTERM),
// no new request starts and those in flight get STOP_GRACE_MS to finish, so what was fetched is still written
// and the process ends well within its 30 s.

/** What requests in flight get to finish once the scraper is stopping. */
export const STOP_GRACE_MS = 5_000;

/** Why a window closed: the run records it; the abort's reason carries it too. */
export class FetchCutOff extends Error {
  constructor(
    message: string,
    readonly why: 'stopping' | 'budget',
  ) {
    super(message);
    this.name = 'FetchCutOff';
  }
}

export interface FetchWindow {
  /** Aborted when no new request may start (the scraper is stopping, or the window's time is up). */
  readonly stop: AbortSignal;
  /** Aborted when requests in flight are cut (STOP_GRACE_MS after a stop; at once when the time is up). */
  readonly cut: AbortSignal;
  /** Why requests stopped, for the run record; null while they may go on. */
  reason(): FetchCutOff | null;
  /** Clears its timers (the source is done). */
  close(): void;
}

/**
 * A window that closes `budgetMs` from now, or when `shutdown` aborts (then with STOP_GRACE_MS for what is in
 * flight). `label` names the source in the reason ("Wake inventory").
 */
export function openFetchWindow(options: { label: string; budgetMs: number; shutdown?: AbortSignal; graceMs?: number }): FetchWindow {
  const stop = new AbortController();
  const cut = new AbortController();
  const grace = options.graceMs ?? STOP_GRACE_MS;
  let why: FetchCutOff | null = null;
  const timers: NodeJS.Timeout[] = [];
  const close = (reason: FetchCutOff, cutAfterMs: number) => {
    if (why) return;
    why = reason;
    stop.abort(reason);
    if (cutAfterMs <= 0) cut.abort(reason);
    else timers.push(setTimeout(() => cut.abort(reason), cutAfterMs).unref());
  };
  const budget = options.budgetMs >= 60_000 ? `${Math.round((options.budgetMs / 60_000) * 10) / 10} min` : `${Math.round(options.budgetMs / 1000)} s`;
  timers.push(
    setTimeout(
      () => close(new FetchCutOff(`${options.label} was cut off after ${budget}: its pages came too slowly to finish within the cycle`, 'budget'), 0),
      Math.max(0, options.budgetMs),
    ).unref(),
  );
  const onShutdown = () => close(new FetchCutOff(`the scraper was stopping (SIGTERM): no new request to ${options.label} was started`, 'stopping'), grace);
  if (options.shutdown?.aborted) onShutdown();
  else options.shutdown?.addEventListener('abort', onShutdown, { once: true });
  return {
    stop: stop.signal,
    cut: cut.signal,
    reason: () => why,
    close() {
      for (const t of timers) clearTimeout(t);
      options.shutdown?.removeEventListener('abort', onShutdown);
    },
  };
}
