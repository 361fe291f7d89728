import { db } from '../db/index.ts';

export interface HealthReport {
  status: 'ok' | 'degraded';
  database: { reachable: boolean; latency_ms: number | null; error?: string };
  scrapers: {
    source: string;
    status: string;
    started_at: string;
    finished_at: string | null;
    items_seen: number;
    changes_written: number;
    error: string | null;
    /** Store lines of the last run that matched no known store (at most 25 shown), for the operator. */
    unmatched_store_lines?: { count: number; examples: { plu: string; address: string; reason: string }[] };
  }[];
}

type UnmatchedDetails = { unmatchedLines?: number; unmatchedAddresses?: { plu: string; address: string; reason: string }[] } | null;

/** Database reachability and the last scrape run per source, for operators and load balancers. */
export async function healthReport(): Promise<HealthReport> {
  const started = performance.now();
  try {
    await db.$queryRaw`SELECT 1`;
  } catch (error) {
    return {
      status: 'degraded',
      database: { reachable: false, latency_ms: null, error: (error as Error).message.split('\n')[0] },
      scrapers: [],
    };
  }
  const latency = Math.round(performance.now() - started);
  const runs = await db.$queryRaw<
    { source: string; status: string; started_at: Date; finished_at: Date | null; items_seen: number; changes_written: number; error: string | null; details: UnmatchedDetails }[]
  >`SELECT DISTINCT ON (source) source::text, status::text, started_at, finished_at, items_seen, changes_written, error,
           jsonb_build_object('unmatchedLines', details->'unmatchedLines', 'unmatchedAddresses', details->'unmatchedAddresses') AS details
    FROM scrape_runs ORDER BY source, started_at DESC`;
  return {
    status: 'ok',
    database: { reachable: true, latency_ms: latency },
    scrapers: runs.map(({ details, ...r }) => ({
      ...r,
      started_at: r.started_at.toISOString(),
      finished_at: r.finished_at?.toISOString() ?? null,
      ...(details?.unmatchedLines ? { unmatched_store_lines: { count: details.unmatchedLines, examples: details.unmatchedAddresses ?? [] } } : {}),
    })),
  };
}
