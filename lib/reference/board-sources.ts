// The boards whose store shelves the scraper reads are data (docs/decisions/021-a-board-is-data.md): one entry
// each in prisma/seed-data/board-sources.json, checked here and upserted into board_sources by the reference
// refresh (refresh.ts). A bad entry stops `db:migrate` with a message naming it. The platforms' readers live in
// lib/ingest/platforms.ts; the rules an entry is checked against live here, once.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { seedDataDir } from './reference.ts';

/** How a board publishes its shelves: one reader per platform (lib/ingest/platforms.ts). */
export const PLATFORMS = ['wake', 'durham', 'suitecommerce', 'abcgo'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** How a board's store rows name the store: by address (stores.address_key) or by the board's own id (stores.source_store_key). */
export type StoreKey = 'address' | 'location_id';

/**
 * Each platform's rules: which store keys its pages can give, and whether its catalog is polled in tiers
 * (only Wake's: every product of the catalog on a cadence, lib/ingest/tiers.ts; the other boards are asked about
 * the hunted and watched products).
 */
export const PLATFORM_RULES: Record<Platform, { storeKeys: readonly StoreKey[]; catalogTiers: boolean }> = {
  wake: { storeKeys: ['address'], catalogTiers: true },
  durham: { storeKeys: ['address'], catalogTiers: false },
  suitecommerce: { storeKeys: ['location_id'], catalogTiers: false },
  abcgo: { storeKeys: ['address'], catalogTiers: false },
};

/** Sources that are not a board's shelves: their keys are never an entry's. */
export const FIXED_SOURCES = ['wake_locator', 'warehouse', 'shipments', 'price_list', 'allocated_list'] as const;
export type FixedSource = (typeof FIXED_SOURCES)[number];

/** One board whose shelves are read, as the file and the table hold it. */
export interface BoardSourceEntry {
  /** The runs' source (scrape_runs.source): "durham_inventory". */
  key: string;
  boardId: number;
  platform: Platform;
  baseUrl: string;
  storeKey: StoreKey;
  /** Minutes between polls (15–1440, on the scraper's 15-minute schedule). */
  pollMinutes: number;
  /** Requests in flight at most (1–3). */
  concurrency: number;
  /** Each worker's pause between requests. */
  delayMs: number;
}

export const POLL_MINUTES = { min: 15, max: 24 * 60 } as const;
export const CONCURRENCY = { min: 1, max: 3 } as const;

const entrySchema = z
  .strictObject({
    key: z
      .string()
      .regex(/^[a-z][a-z0-9_]{1,62}$/, 'must be lower-case letters, digits and _')
      .refine((k) => !(FIXED_SOURCES as readonly string[]).includes(k), `must not be one of ${FIXED_SOURCES.join(', ')}`),
    board_id: z.number().int().positive(),
    platform: z.enum(PLATFORMS),
    base_url: z.string().url().refine((u) => /^https?:\/\//.test(u), 'must be http(s)'),
    store_key: z.enum(['address', 'location_id']),
    poll_minutes: z.number().int().min(POLL_MINUTES.min).max(POLL_MINUTES.max),
    concurrency: z.number().int().min(CONCURRENCY.min).max(CONCURRENCY.max),
    delay_ms: z.number().int().min(0),
  })
  .refine((e) => PLATFORM_RULES[e.platform].storeKeys.includes(e.store_key), {
    message: 'store_key is not one the platform gives',
    path: ['store_key'],
  });

const fileSchema = z.object({ sources: z.array(entrySchema).min(1) });

/**
 * The entries of a board-sources file, checked: the shape, the platform's store keys, unique keys and boards,
 * and boards that nc-boards.csv knows. Throws one message naming every problem.
 */
export function parseBoardSources(text: string, knownBoardIds: ReadonlySet<number>, file = 'board-sources.json'): BoardSourceEntry[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file}: not JSON: ${(error as Error).message}`);
  }
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`${file}: bad entry:\n${lines.join('\n')}`);
  }
  const problems: string[] = [];
  const seen = (what: string, values: unknown[]) =>
    values.filter((v, i) => values.indexOf(v) !== i).forEach((v) => problems.push(`  ${what} ${v} is in two entries`));
  seen('key', parsed.data.sources.map((e) => e.key));
  seen('board_id', parsed.data.sources.map((e) => e.board_id));
  for (const e of parsed.data.sources) if (!knownBoardIds.has(e.board_id)) problems.push(`  ${e.key}: board_id ${e.board_id} is not in nc-boards.csv`);
  if (problems.length) throw new Error(`${file}:\n${problems.join('\n')}`);
  return parsed.data.sources.map((e) => ({
    key: e.key,
    boardId: e.board_id,
    platform: e.platform,
    baseUrl: e.base_url,
    storeKey: e.store_key,
    pollMinutes: e.poll_minutes,
    concurrency: e.concurrency,
    delayMs: e.delay_ms,
  }));
}

/** prisma/seed-data/board-sources.json, checked against the boards of nc-boards.csv. */
export function loadBoardSources(knownBoardIds: ReadonlySet<number>, dir = seedDataDir()): BoardSourceEntry[] {
  return parseBoardSources(readFileSync(path.join(dir, 'board-sources.json'), 'utf8'), knownBoardIds);
}
