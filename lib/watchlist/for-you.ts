import 'server-only';
import { getSettings } from '../alerts/settings.ts';
import { defaultListSql } from '../catalog/hunted.ts';
import { db, Prisma } from '../db/index.ts';
import { env } from '../env.ts';
import { milesBetween } from '../places/geo.ts';
import { hunterPlace } from '../places/hunter.ts';
import { readPlacedStores, type PlacedStore } from '../places/nearby.ts';
import { addDays, nyDate, nyDayRange } from '../time.ts';

// "For you" on the home page (issue 39): a short answer to "anything for me today?". The hunter's watched products
// (the watch set their alerts use: items added by name, the default list of the types chosen, minus the ones
// switched off) that arrived today, were shipped on the latest report day, or are forecast to land, at the places
// their alerts follow (the boards and stores chosen, and every store within the alert radius of their place),
// nearest first when they keep a place. Nothing when there is nothing.

export type ForYouKind = 'arrived' | 'shipped' | 'forecast';

export interface ForYouItem {
  kind: ForYouKind;
  plu: string;
  name: string;
  /** The store (a shelf, a one-store board's store, a named forecast), or null: the board as a whole. */
  store: { id: number; nickname: string } | null;
  board: { id: number; name: string };
  bottles: number;
  /** arrived: when the shelf showed it; shipped: the report's day; forecast: the window, YYYY-MM-DD. */
  at: string;
  windowEnd?: string;
  likelihood?: number;
  /** From the hunter's place; absent without one. A board as a whole: its nearest store. */
  away?: { miles: number; approximate: boolean };
}

export interface ForYou {
  items: ForYouItem[];
  /** Items past the first FOR_YOU_SHOWN. */
  more: number;
}

export const FOR_YOU_SHOWN = 8;
/** A shipment report older than this is not today's news. */
const SHIPMENT_DAYS_BACK = 3;
const KIND_ORDER: Record<ForYouKind, number> = { arrived: 0, shipped: 1, forecast: 2 };

/** What the hunter's watched products did today at the places their alerts follow, nearest first. */
export async function forYou(userId: number, now = new Date()): Promise<ForYou> {
  const [settings, place, placed] = await Promise.all([getSettings(userId), hunterPlace(userId), readPlacedStores()]);
  const away = (s: Pick<PlacedStore, 'latitude' | 'longitude' | 'approximate'>) => (place ? { miles: milesBetween(place, s), approximate: s.approximate } : undefined);
  const chosenBoards = new Set(settings.board_ids);
  const chosenStores = new Set(settings.store_ids);
  const near = place && settings.radius_miles !== null ? placed.filter((s) => milesBetween(place, s) <= settings.radius_miles!) : [];
  const stores = new Set([
    ...placed.filter((s) => chosenBoards.has(s.board_id) && (chosenStores.size === 0 || chosenStores.has(s.store_id))).map((s) => s.store_id),
    ...near.map((s) => s.store_id),
  ]);
  const boards = new Set([...chosenBoards, ...near.map((s) => s.board_id)]);
  if (!stores.size && !boards.size) return { items: [], more: 0 };

  const watched = Prisma.sql`(p.plu IN (SELECT w.plu FROM watch_items w WHERE w.user_id = ${userId} AND w.interest_type = 'interested' AND w.active)
      OR (${Prisma.raw(defaultListSql('p.listing_type', 'p.retail_price', String(env().PREMIUM_MIN_PRICE)))} AND p.listing_type::text = ANY(${settings.listing_types}::text[])))
    AND p.plu NOT IN (SELECT w.plu FROM watch_items w WHERE w.user_id = ${userId} AND w.interest_type = 'not_interested')`;
  const today = nyDate(now);
  const storeIds = [...stores];
  const boardIds = [...boards];

  const [arrived, shipped, forecast] = await Promise.all([
    db.$queryRaw<{ plu: string; name: string; store_id: number; quantity: number; checked_at: Date }[]>`
      SELECT DISTINCT ON (h.plu, h.store_id) h.plu, p.name, h.store_id, h.new_quantity AS quantity, h.checked_at
        FROM inventory_history h JOIN products p ON p.plu = h.plu
       WHERE h.checked_at >= ${nyDayRange(today).start} AND h.change_type IN ('first', 'increase')
         AND h.store_id = ANY(${storeIds}::int[]) AND ${watched}
       ORDER BY h.plu, h.store_id, h.checked_at DESC`,
    // The latest report's shipments to boards whose shelves are not read (a shelf board's shelves say more).
    db.$queryRaw<{ plu: string; name: string; board_id: number; units: number; ship_date: string }[]>`
      SELECT sh.plu, p.name, sh.board_id, sh.units, to_char(sh.ship_date, 'YYYY-MM-DD') AS ship_date
        FROM shipments sh JOIN products p ON p.plu = sh.plu
       WHERE sh.ship_date = (SELECT max(ship_date) FROM shipments WHERE ship_date >= ${addDays(today, -SHIPMENT_DAYS_BACK)}::date)
         AND sh.board_id = ANY(${boardIds}::int[])
         AND NOT EXISTS (SELECT 1 FROM board_sources bs WHERE bs.board_id = sh.board_id AND bs.enabled)
         AND ${watched}`,
    db.$queryRaw<{ plu: string; name: string; board_id: number; store_id: number; units: number; likelihood: number; window_start: string; window_end: string }[]>`
      SELECT i.plu, p.name, i.board_id, f.store_id, i.units, f.likelihood,
             to_char(f.window_start, 'YYYY-MM-DD') AS window_start, to_char(f.window_end, 'YYYY-MM-DD') AS window_end
        FROM incoming i
        JOIN forecasts f ON f.incoming_id = i.id AND f.named AND f.outcome = 'open'
        JOIN products p ON p.plu = i.plu
       WHERE i.status = 'open' AND f.window_end >= ${today}::date AND f.store_id = ANY(${storeIds}::int[]) AND ${watched}`,
  ]);

  const byId = new Map(placed.map((s) => [s.store_id, s]));
  // Each board's placed stores, once: how many, the first, and the nearest to the hunter (the first of the nearest).
  const boardStores = new Map<number, { count: number; first: PlacedStore; nearest: PlacedStore; miles: number }>();
  for (const s of placed) {
    const miles = place ? milesBetween(place, s) : 0;
    const board = boardStores.get(s.board_id);
    if (!board) boardStores.set(s.board_id, { count: 1, first: s, nearest: s, miles });
    else {
      board.count++;
      if (miles < board.miles) Object.assign(board, { nearest: s, miles });
    }
  }
  const storeOf = (id: number) => {
    const s = byId.get(id);
    return s ? { store: { id, nickname: s.nickname }, board: { id: s.board_id, name: s.board_name }, away: away(s) } : null;
  };
  /** A shipment's place: a one-store board's store, else the board, as far as its nearest store. */
  const boardPlace = (boardId: number) => {
    const own = boardStores.get(boardId);
    return {
      store: own?.count === 1 ? { id: own.first.store_id, nickname: own.first.nickname } : null,
      board: { id: boardId, name: own?.first.board_name ?? 'its board' },
      away: own && away(own.nearest),
    };
  };

  const items: ForYouItem[] = [
    ...arrived.flatMap((a) => {
      const at = storeOf(a.store_id);
      return at ? [{ kind: 'arrived' as const, plu: a.plu, name: a.name, ...at, bottles: a.quantity, at: a.checked_at.toISOString() }] : [];
    }),
    ...shipped.map((s) => ({ kind: 'shipped' as const, plu: s.plu, name: s.name, ...boardPlace(s.board_id), bottles: s.units, at: s.ship_date })),
    ...forecast.flatMap((f) => {
      const at = storeOf(f.store_id);
      return at ? [{ kind: 'forecast' as const, plu: f.plu, name: f.name, ...at, bottles: f.units, at: f.window_start, windowEnd: f.window_end, likelihood: f.likelihood }] : [];
    }),
  ].map(({ away: a, ...item }) => (a ? { ...item, away: a } : item));

  items.sort(
    (a, b) =>
      (a.away?.miles ?? 0) - (b.away?.miles ?? 0) ||
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      a.name.localeCompare(b.name, 'en') ||
      (a.store?.id ?? 0) - (b.store?.id ?? 0),
  );
  return { items: items.slice(0, FOR_YOU_SHOWN), more: Math.max(0, items.length - FOR_YOU_SHOWN) };
}
