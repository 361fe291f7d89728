import { db } from '../db/index.ts';

export interface HealthReport {
  /** degraded: the database is unreachable, or the reference data (boards, stores, catalog) is missing. */
  status: 'ok' | 'degraded';
  database: {
    reachable: boolean;
    latency_ms: number | null;
    error?: string;
    /** How the database was set up (database_origin): a demo's history and scraper runs are generated. */
    set_up_as?: 'demo' | 'deployment' | null;
  };
  /** Rows of the reference data `npm run db:migrate` loads; the scraper can do nothing without them. */
  reference_data?: { boards: number; stores: number; products: number };
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

/** Database reachability, what the database holds and the last scrape run per source, for operators and load balancers. */
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
  const [data] = await db.$queryRaw<{ boards: number; stores: number; products: number; purpose: 'demo' | 'deployment' | null }[]>`
    SELECT (SELECT count(*)::int FROM boards) AS boards, (SELECT count(*)::int FROM stores) AS stores,
           (SELECT count(*)::int FROM products) AS products, (SELECT purpose::text FROM database_origin WHERE id = 1) AS purpose`;
  const runs = await db.$queryRaw<
    { source: string; status: string; started_at: Date; finished_at: Date | null; items_seen: number; changes_written: number; error: string | null; details: UnmatchedDetails }[]
  >`SELECT DISTINCT ON (source) source::text, status::text, started_at, finished_at, items_seen, changes_written, error,
           jsonb_build_object('unmatchedLines', details->'unmatchedLines', 'unmatchedAddresses', details->'unmatchedAddresses') AS details
    FROM scrape_runs ORDER BY source, started_at DESC`;
  const { purpose, ...reference } = data;
  return {
    status: reference.boards && reference.stores && reference.products ? 'ok' : 'degraded',
    database: { reachable: true, latency_ms: latency, set_up_as: purpose },
    reference_data: reference,
    scrapers: runs.map(({ details, ...r }) => ({
      ...r,
      started_at: r.started_at.toISOString(),
      finished_at: r.finished_at?.toISOString() ?? null,
      ...(details?.unmatchedLines ? { unmatched_store_lines: { count: details.unmatchedLines, examples: details.unmatchedAddresses ?? [] } } : {}),
    })),
  };
}
