// One error type for every source failure. Its message lands in the run record and the logs, so it says
// which source, what went wrong and where ("warehouse report: table header changed: ... (https://...)").

export type SourceErrorKind = 'timeout' | 'http' | 'network' | 'parse' | 'no_data';

export interface SourceErrorInit {
  kind: SourceErrorKind;
  /** Human name of the source: "wake inventory", "warehouse report", ... */
  source: string;
  /** Short, specific reason. */
  reason: string;
  url?: string;
  /** HTTP status, for kind 'http'. */
  status?: number;
  /** How many requests were made before giving up (fetch errors). */
  attempts?: number;
  cause?: unknown;
}

export class SourceError extends Error {
  readonly kind: SourceErrorKind;
  readonly source: string;
  readonly reason: string;
  readonly url: string | undefined;
  readonly status: number | undefined;
  readonly attempts: number | undefined;

  constructor(init: SourceErrorInit) {
    super(formatMessage(init), init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'SourceError';
    this.kind = init.kind;
    this.source = init.source;
    this.reason = init.reason;
    this.url = init.url;
    this.status = init.status;
    this.attempts = init.attempts;
  }

  /** Worth another attempt: timeouts, network failures, 5xx and 429. Never parse errors or other 4xx. */
  get retryable(): boolean {
    if (this.kind === 'timeout' || this.kind === 'network') return true;
    if (this.kind === 'http' && this.status !== undefined) return this.status >= 500 || this.status === 429;
    return false;
  }

  /** The same error with the URL filled in (parsers don't know it; adapters do). */
  withUrl(url: string): SourceError {
    return this.url ? this : this.with({ url });
  }

  /** A copy with some fields changed (the message is rebuilt). */
  with(changes: Partial<SourceErrorInit>): SourceError {
    const init: SourceErrorInit = {
      kind: this.kind,
      source: this.source,
      reason: this.reason,
      url: this.url,
      status: this.status,
      attempts: this.attempts,
      cause: this.cause,
    };
    return new SourceError({ ...init, ...changes });
  }
}

function formatMessage(init: SourceErrorInit): string {
  const tries = init.attempts && init.attempts > 1 ? ` after ${init.attempts} attempts` : '';
  const where = init.url ? ` (${init.url})` : '';
  return `${init.source}: ${init.reason}${tries}${where}`;
}

export function isSourceError(error: unknown): error is SourceError {
  return error instanceof SourceError;
}

/** Parsers throw this: the page was fetched but does not have the documented shape. */
export function parseError(source: string, reason: string): SourceError {
  return new SourceError({ kind: 'parse', source, reason });
}

/** Quote a piece of page text for an error message, shortened so log lines stay readable. */
export function quote(text: string, max = 80): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return `'${oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine}'`;
}

/** Runs a parser; a SourceError it throws gets the URL it was reading (parsers don't know it; adapters do). */
export function atUrl<T>(url: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw error instanceof SourceError ? error.withUrl(url) : error;
  }
}
