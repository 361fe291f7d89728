import 'server-only';
import { changeStamp } from '../db/changes.ts';
import { db } from '../db/index.ts';
import { closeDeadRuns } from '../ingest/runs.ts';
import { todaysExtract } from '../reports/extract-days.ts';
import type { DayNote } from '../reports/shipment-days.ts';
import { WAKE_BOARD_ID } from '../reference/boards.ts';
import { nyDate } from '../time.ts';
import { scraperState, type ScraperState } from './scraper-stall.ts';
import type { RunStatus } from '../../generated/prisma/enums.ts';

// GET /api/health has two views. Anyone (load balancers, uptime checks, curious visitors) learns whether
// the service is up and how fresh each source's data is. Raw error text (database driver messages, the
// scrapers' errors, which name hosts and internals), the run counts and the store lines a run could not
// match only go to signed-in staff. Both say whether the reference data is loaded (without it the scraper
// can do nothing: `status: degraded`), whether the scraper keeps up ("scraper stalled since …" when no cycle
// has finished for two intervals in polling hours: `status: degraded`, lib/ops/scraper-stall.ts) and how the
// database was set up (a demo's history is generated).

/** One scraper source, as everyone sees it. */
export interface SourceHealth {
  /** A board source's key (board_sources), or wake_locator, warehouse, shipments, price_list, allocated_list. */
  source: string;
  /** The board it reads (a board source, Wake's locator), or null for the statewide warehouse and shipments. */
  board_id: number | null;
  /** The latest run's status (null: never run). */
  status: RunStatus | null;
  /** When the latest run started (ISO instant), or null. */
  last_run_at: string | null;
  /** When the latest successful run (ok or partial) finished: the age of the data this source feeds. */
  last_success_at: string | null;
  /** Whole minutes since then (null when it never succeeded). */
  minutes_since_success: number | null;
}

/** What staff see in addition, per source: the latest run in full. */
export interface SourceHealthDetail extends SourceHealth {
  started_at: string | null;
  finished_at: string | null;
  items_seen: number | null;
  changes_written: number | null;
  error: string | null;
  /** Store lines of the latest run that matched no known store (at most 25 shown), for the operator. */
  unmatched_store_lines?: { count: number; examples: UnmatchedLine[] };
  /** Store locations the board lists that no known store is (Greensboro's locator): an admin can add them. */
  new_locations?: NewLocation[];
}

/** A location from a board's store locator that matched no known store (lib/admin/stores.ts adds it). */
export interface NewLocation {
  board_id: number;
  location_id: string;
  name: string;
  address: string;
  city: string;
}

interface UnmatchedLine {
  plu: string;
  address: string;
  reason: string;
}

/** Rows of the reference data `npm run db:migrate` loads. */
export interface ReferenceData {
  boards: number;
  stores: number;
  products: number;
}

/** How the database was set up (database_origin): a demo's history and scraper runs are generated. */
type SetUpAs = 'demo' | 'deployment' | null;

export interface PublicHealth {
  view: 'public';
  status: 'ok' | 'degraded';
  database: { reachable: boolean; set_up_as?: SetUpAs };
  reference_data?: ReferenceData;
  /** Whether the scraper's cycles keep finishing (lib/ops/scraper-stall.ts); a stall makes the status degraded. */
  scraper?: ScraperState;
  scrapers: SourceHealth[];
}

export interface StaffHealth {
  view: 'staff';
  status: 'ok' | 'degraded';
  database: {
    reachable: boolean;
    latency_ms: number | null;
    error: string | null;
    set_up_as?: SetUpAs;
    /** Whether this web process keeps answers until Postgres announces a change (lib/db/changes.ts). */
    change_feed?: 'listening' | 'off';
  };
  reference_data?: ReferenceData;
  scraper?: ScraperState;
  scrapers: SourceHealthDetail[];
  /** Today's shipments extract (lib/reports/shipment-days.ts): pending, late, complete, truncated, … with its note. */
  shipments_extract?: DayNote;
}

export type HealthReport = PublicHealth | StaffHealth;

interface SourceRow {
  source: string;
  board_id: number | null;
  status: RunStatus | null;
  started_at: Date | null;
  finished_at: Date | null;
  items_seen: number | null;
  changes_written: number | null;
  error: string | null;
  details: { unmatchedLines?: number; unmatchedAddresses?: UnmatchedLine[]; locationsUnmatched?: UnmatchedLocation[] } | null;
  last_success_at: Date | null;
}

/** As Greensboro's reader records it (lib/ingest/readers/greensboro.ts). */
export interface UnmatchedLocation {
  locationId: string;
  reason: string;
  name?: string | null;
  address?: string | null;
  city?: string | null;
  kind?: string | null;
}

/** The unmatched locations an admin can add as stores: unknown to us, a store or outlet, with an address. */
export function newLocations(boardId: number, unmatched: UnmatchedLocation[] | undefined): NewLocation[] {
  return (unmatched ?? [])
    .filter((u) => u.reason === 'unknown' && u.name && u.address && u.city && (u.kind === 'store' || u.kind === 'mixed_beverage'))
    .map((u) => ({ board_id: boardId, location_id: u.locationId, name: u.name!, address: u.address!, city: u.city! }));
}

/** A source's new locations, less those an admin has added since its latest run (`knownKeys`: board:key). */
function newLocationsOf(boardId: number | null, unmatched: UnmatchedLocation[] | undefined, knownKeys: Set<string>): { new_locations?: NewLocation[] } {
  const found = boardId !== null ? newLocations(boardId, unmatched).filter((l) => !knownKeys.has(`${l.board_id}:${l.location_id}`)) : [];
  return found.length ? { new_locations: found } : {};
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Database reachability and every source's latest run and latest success; `staff` adds the details. */
export async function healthReport(options: { staff: boolean; now?: Date }): Promise<HealthReport> {
  const now = options.now ?? new Date();
  const started = performance.now();
  try {
    await db.$queryRaw`SELECT 1`;
  } catch (error) {
    const reachable = { status: 'degraded' as const, scrapers: [] };
    return options.staff
      ? { view: 'staff', ...reachable, database: { reachable: false, latency_ms: null, error: (error as Error).message.split('\n')[0] } }
      : { view: 'public', ...reachable, database: { reachable: false } };
  }
  const latency = Math.round(performance.now() - started);
  // A run whose scraper died (kill -9, a host restart) is closed now, not at the next scraper start hours
  // later: health never shows a dead run as running. Health must answer whatever happens here.
  await closeDeadRuns().catch((error) => console.error(`health: closing dead runs failed: ${(error as Error).message}`));
  const [data] = await db.$queryRaw<(ReferenceData & { purpose: SetUpAs })[]>`
    SELECT (SELECT count(*)::int FROM boards) AS boards, (SELECT count(*)::int FROM stores) AS stores,
           (SELECT count(*)::int FROM products) AS products, (SELECT purpose::text FROM database_origin WHERE id = 1) AS purpose`;
  const { purpose, ...reference } = data;
  const scraper = await scraperState(now);
  const status = reference.boards && reference.stores && reference.products && scraper.state !== 'stalled' ? ('ok' as const) : ('degraded' as const);
  // Every source, run or not: each enabled board source (Wake's first, then by board name, as a cycle runs
  // them), the fixed ones after Wake's; the (source, started_at) index finds the latest run and the latest success.
  const rows = await db.$queryRaw<SourceRow[]>`
    WITH shelves AS (
      SELECT bs.key, bs.board_id, row_number() OVER (ORDER BY bs.board_id <> ${WAKE_BOARD_ID}, b.name_clean) AS n
        FROM board_sources bs JOIN boards b ON b.id = bs.board_id WHERE bs.enabled
    ), s(source, board_id, position) AS (
      SELECT key, board_id, CASE WHEN n = 1 THEN 0 ELSE n + 10 END FROM shelves
      UNION ALL VALUES ('wake_locator', ${WAKE_BOARD_ID}, 1), ('warehouse', NULL::int, 2), ('shipments', NULL::int, 3),
                       ('price_list', NULL::int, 4), ('allocated_list', NULL::int, 5)
    )
    SELECT s.source, s.board_id, last.status::text AS status, last.started_at, last.finished_at, last.items_seen, last.changes_written, last.error,
           last.details, ok.finished_at AS last_success_at
    FROM s
    LEFT JOIN LATERAL (
      SELECT r.status, r.started_at, r.finished_at, r.items_seen, r.changes_written, r.error,
             jsonb_build_object('unmatchedLines', r.details->'unmatchedLines', 'unmatchedAddresses', r.details->'unmatchedAddresses',
                                'locationsUnmatched', r.details->'locationsUnmatched') AS details
      FROM scrape_runs r
      WHERE r.source = s.source ORDER BY r.started_at DESC LIMIT 1
    ) last ON true
    LEFT JOIN LATERAL (
      SELECT r.finished_at FROM scrape_runs r
      WHERE r.source = s.source AND r.status IN ('ok', 'partial') ORDER BY r.started_at DESC LIMIT 1
    ) ok ON true
    ORDER BY s.position`;
  const sources = rows.map((r) => ({
    source: r.source,
    board_id: r.board_id,
    status: r.status,
    last_run_at: iso(r.started_at),
    last_success_at: iso(r.last_success_at),
    minutes_since_success: r.last_success_at ? Math.max(0, Math.floor((now.getTime() - r.last_success_at.getTime()) / 60_000)) : null,
  }));
  const anyNew = options.staff && rows.some((r) => r.details?.locationsUnmatched?.length);
  const knownKeys = new Set(
    anyNew
      ? (await db.store.findMany({ where: { sourceStoreKey: { not: null } }, select: { boardId: true, sourceStoreKey: true } })).map((k) => `${k.boardId}:${k.sourceStoreKey}`)
      : [],
  );
  if (!options.staff) return { view: 'public', status, database: { reachable: true, set_up_as: purpose }, reference_data: reference, scraper, scrapers: sources };
  return {
    view: 'staff',
    status,
    database: {
      reachable: true,
      latency_ms: latency,
      error: null,
      set_up_as: purpose,
      change_feed: changeStamp([]) === null ? 'off' : 'listening', // (starts the feed where it belongs)
    },
    reference_data: reference,
    scraper,
    shipments_extract: await todaysExtract(nyDate(now), now),
    scrapers: sources.map((s, i) => ({
      ...s,
      started_at: iso(rows[i].started_at),
      finished_at: iso(rows[i].finished_at),
      items_seen: rows[i].items_seen,
      changes_written: rows[i].changes_written,
      error: rows[i].error,
      ...(rows[i].details?.unmatchedLines
        ? { unmatched_store_lines: { count: rows[i].details!.unmatchedLines!, examples: rows[i].details!.unmatchedAddresses ?? [] } }
        : {}),
      ...newLocationsOf(s.board_id, rows[i].details?.locationsUnmatched, knownKeys),
    })),
  };
}
