import { DEPRECATED_ALIASES, env, WAKE_ALIASES, type Env } from '../env.ts';
import { db } from '../db/index.ts';
import { WAKE_BOARD_ID } from '../reference/boards.ts';
import type { BoardSourceEntry, Platform, StoreKey } from '../reference/board-sources.ts';
import { createLimiter, type Limiter } from './sources/http.ts';

// The boards whose shelves the scraper reads, as it reads them: the enabled rows of board_sources (loaded from
// prisma/seed-data/board-sources.json, decision 021) with the operator's overrides applied — BOARD_SOURCE_URLS,
// _POLL_MINUTES, _CONCURRENCY, _REQUEST_DELAY_MS by key ("*": every entry), then Wake's own variables and the
// deprecated per-board ones. The runner, the readers and their limiters read nothing else.

/** An entry as the scraper uses it, with its board's short name ("Durham County") for logs and run records. */
export interface ShelfSource extends BoardSourceEntry {
  boardName: string;
}

type Field = 'baseUrl' | 'pollMinutes' | 'concurrency' | 'delayMs';
const OVERRIDES: Record<Field, keyof Env> = {
  baseUrl: 'BOARD_SOURCE_URLS',
  pollMinutes: 'BOARD_SOURCE_POLL_MINUTES',
  concurrency: 'BOARD_SOURCE_CONCURRENCY',
  delayMs: 'BOARD_SOURCE_REQUEST_DELAY_MS',
};

let deprecationLogged = false;

/** The deprecated variables set, one line each (logged once per process by effectiveSources). */
export function deprecatedVariables(config: Env = env()): string[] {
  return Object.entries(DEPRECATED_ALIASES)
    .filter(([name]) => config[name as keyof Env] !== undefined)
    .map(([name, alias]) => `${name} is deprecated: use ${alias.instead} (${alias.key.startsWith('platform:') ? 'by key, or *' : `${alias.key}=…`})`);
}

/** One entry with the configuration's overrides applied. */
export function withOverrides(entry: ShelfSource, config: Env = env()): ShelfSource {
  const out = { ...entry };
  for (const field of Object.keys(OVERRIDES) as Field[]) {
    const byKey = config[OVERRIDES[field]] as Record<string, string | number>;
    const alias = aliasValue(entry, field, config);
    const value = byKey[entry.key] ?? alias ?? byKey['*'];
    if (value !== undefined) (out as Record<Field, string | number>)[field] = value;
  }
  return out;
}

/** The value a Wake or deprecated per-board variable gives this entry's field, if one is set. */
function aliasValue(entry: ShelfSource, field: Field, config: Env): string | number | undefined {
  if (entry.boardId === WAKE_BOARD_ID && entry.platform === 'wake') {
    const name = (Object.keys(WAKE_ALIASES) as (keyof typeof WAKE_ALIASES)[]).find((n) => WAKE_ALIASES[n] === field);
    if (name && config[name] !== undefined) return config[name];
  }
  for (const [name, alias] of Object.entries(DEPRECATED_ALIASES)) {
    const applies = alias.key === entry.key || alias.key === `platform:${entry.platform}`;
    const value = config[name as keyof Env] as string | number | undefined;
    if (applies && alias.field === field && value !== undefined) return value;
  }
  return undefined;
}

/** Every enabled board source, Wake first then by board name, as the scraper reads it now. */
export async function effectiveSources(): Promise<ShelfSource[]> {
  const config = env();
  if (!deprecationLogged) {
    deprecationLogged = true;
    for (const line of deprecatedVariables(config)) console.warn(`configuration: ${line}`);
  }
  const rows = await db.boardSource.findMany({ where: { enabled: true }, include: { board: { select: { nameClean: true } } } });
  return rows
    .map(
      (r): ShelfSource => ({
        key: r.key,
        boardId: r.boardId,
        platform: r.platform as Platform,
        baseUrl: r.baseUrl,
        storeKey: r.storeKey as StoreKey,
        pollMinutes: r.pollMinutes,
        concurrency: r.concurrency,
        delayMs: r.delayMs,
        boardName: r.board.nameClean,
      }),
    )
    .sort((a, b) => Number(b.boardId === WAKE_BOARD_ID) - Number(a.boardId === WAKE_BOARD_ID) || a.boardName.localeCompare(b.boardName))
    .map((entry) => withOverrides(entry, config));
}

/** The enabled source with this key, as the scraper reads it, or undefined. */
export async function effectiveSource(key: string): Promise<ShelfSource | undefined> {
  return (await effectiveSources()).find((s) => s.key === key);
}

const limiters = new Map<string, { limiter: Limiter; concurrency: number; delayMs: number }>();

/** One politeness limiter per source key, at the entry's concurrency and delay (a new one when they change). */
export function limiterFor(source: Pick<ShelfSource, 'key' | 'concurrency' | 'delayMs'>): Limiter {
  const kept = limiters.get(source.key);
  if (kept && kept.concurrency === source.concurrency && kept.delayMs === source.delayMs) return kept.limiter;
  const limiter = createLimiter({ concurrency: source.concurrency, delayMs: source.delayMs });
  limiters.set(source.key, { limiter, concurrency: source.concurrency, delayMs: source.delayMs });
  return limiter;
}
