// A year of the simulator's world through the forecasting model's pure functions, no database (issue 36). Each
// simulated day at 12:00 New York (after the day's extract): the shelf boards' deliveries and hunted arrivals of
// the day before are seen; each store's delivery pattern is inferred as the scraper infers it
// (lib/ingest/delivery-pattern.ts inferPattern over its delivery days of the last 120 days — here every delivery
// of every shelf board's store, as if its whole catalog were polled, so New Hanover's odd stores meet it too);
// each board with hunted shipments that day learns its model (lib/forecast/model.ts learnBoard over matchHistory
// of its last 120 days, as lib/forecast/forecast.ts reads them) and forecasts them (forecastShelfBoard, whose
// windows are storeWindow's). The world has stores whose trucks come twice a week, on shifted days and every 14
// days (simulator/delivery-patterns.ts, simulator/dataset.ts), so the model meets those patterns —
// among them a 14-day store whose last delivery fell on another weekday than its usual one, which made
// deliveryOnOrAfter loop forever before issue 36.
//
// Either world of board habits (issue 37, item 5; simulator/README.md, Dynamics): `world` 'classic' (the
// default) or 'varied' (rotation lists, a Saturday drop, tiers, business-day lags).
//
// bench/replay-model.test.ts runs it in a process of its own with a deadline. By hand:
//   npx tsx bench/replay-model-main.ts [--days 365] [--warm 60] [--seed 42] [--world classic|varied|both]
//   (prints each world's result as one line of JSON)
import { isHunted } from '../lib/catalog/hunted.ts';
import { inferPattern } from '../lib/ingest/delivery-pattern.ts';
import { forecastShelfBoard, learnBoard, matchHistory, modelWindow, type ArrivalFact, type DeliveryPattern, type ShipmentFact } from '../lib/forecast/model.ts';
import { WEEKDAY_NAMES, nyInstant, nyLocal, weekdayOf, ymd } from '../simulator/clock.ts';
import { SimWorld, type WorldHabits } from '../simulator/world.ts';

/** The history the model and the pattern inference look back over (lib/forecast/forecast.ts, lib/ingest/delivery-pattern.ts). */
const LOOKBACK_DAYS = 120;
/** Windows are checked against this horizon after the shipment's day (a store's second delivery after the board's lag). */
export const WINDOW_HORIZON_DAYS = 60;

export interface ReplayOptions {
  seed?: number;
  /** The world's board habits (default 'classic'). */
  world?: WorldHabits;
  warmDays?: number;
  days?: number;
}

export interface OddStorePattern {
  boardId: number;
  storeNumber: number;
  /** The truck's habits in the world. */
  world: string;
  /** The pattern inferred at the end. */
  learned: { deliveryDay: string | null; intervalDays: number | null; lastDelivery: string | null };
}

export interface ReplayResult {
  seed: number;
  world: WorldHabits;
  from: string;
  to: string;
  /** Days replayed (warm-up included). */
  days: number;
  /** Hunted shipments to shelf boards forecast, store forecasts made, and of them named. */
  shipments: number;
  forecasts: number;
  named: number;
  /** Scored (after the warm-up, before the last 12 days): arrivals of hunted products, and those a named forecast's window held. */
  arrivals: number;
  recalled: number;
  /** Named (store, window) pairs scored, and those that received the product. */
  namedScored: number;
  namedHits: number;
  /** Days × stores on which a store's inferred pattern was every 14 days with its last delivery on another weekday (issue 36's case). */
  offPhaseFortnightly: number;
  /** Days × stores whose inferred pattern had a delivery day (Monday..Friday or Random), when their board was forecast. */
  patternsInferred: number;
  /** The earliest window start and the latest window end, in days after the shipment's day. */
  windowStartMin: number;
  windowEndMax: number;
  oddStores: OddStorePattern[];
  /** The same per shelf board, with its habit in this world. */
  perBoard: { boardId: number; habit: string; arrivals: number; recalled: number; namedScored: number; namedHits: number }[];
  seconds: { world: number; model: number; total: number };
}

/** Replays the world; synchronous and pure but for the clock. */
export function replayModel(options: ReplayOptions = {}): ReplayResult {
  const seed = options.seed ?? 42;
  const habits = options.world ?? 'classic';
  const warm = options.warmDays ?? 60;
  const days = options.days ?? 365;
  const started = performance.now();
  let worldMs = 0;
  let modelMs = 0;
  const world = new SimWorld({ seed, start: new Date(nyInstant(20458, 0, 0)), historyDays: 0, habits }); // Monday 2026-01-05
  const day0 = nyLocal(world.nowMillis()).dayNumber;
  const boards = world.shelfBoardIds();
  const storeId = (boardId: number, storeNumber: number) => boardId * 1000 + storeNumber;

  const deliveryDays = new Map<number, number[]>(); // store id → its delivery days (day numbers), ascending
  const shipments = new Map<number, ShipmentFact[]>(); // board → its hunted shipments, by day
  const arrivals = new Map<number, ArrivalFact[]>(); // board → hunted arrivals at its stores, by day
  const truth: { boardId: number; storeId: number; plu: string; day: number }[] = [];
  const namedWindows = new Map<string, { ws: number; we: number; hit: boolean }[]>();
  const result = { shipments: 0, forecasts: 0, named: 0, offPhaseFortnightly: 0, patternsInferred: 0, windowStartMin: Infinity, windowEndMax: -Infinity };
  const scoredFrom = day0 + warm + 15;
  const scoredTo = day0 + days + warm - 12;

  const patternOf = (id: number, today: number): DeliveryPattern => {
    const seen = (deliveryDays.get(id) ?? []).filter((d) => d >= today - LOOKBACK_DAYS).map(ymd);
    const p = inferPattern(seen);
    return { storeId: id, deliveryDay: p.deliveryDay, intervalDays: p.deliveryIntervalDays, lastDelivery: p.lastDeliveryDate ? parseDay(p.lastDeliveryDate) : null };
  };

  for (let d = day0; d < day0 + warm + days; d++) {
    let t = performance.now();
    world.setTime(nyInstant(d, 12, 0));
    const yesterday = ymd(d - 1);
    const seen = boards.map((boardId) => ({ boardId, deliveries: world.deliveriesOn(yesterday, boardId), arrived: world.arrivalsOn(yesterday, boardId), shipped: world.shippedTo(boardId, ymd(d), ymd(d)) }));
    worldMs += performance.now() - t;
    t = performance.now();
    for (const { boardId, deliveries, arrived, shipped } of seen) {
      for (const r of deliveries) {
        const id = storeId(boardId, r.storeNumber);
        const list = deliveryDays.get(id) ?? [];
        if (list.at(-1) !== d - 1) list.push(d - 1);
        deliveryDays.set(id, list);
      }
      const boardArrivals = arrivals.get(boardId) ?? [];
      for (const a of arrived) {
        if (!isHunted(world.product(a.plu)?.listingType)) continue;
        boardArrivals.push({ plu: a.plu, storeId: storeId(boardId, a.storeNumber), day: a.day, bottles: a.quantity });
        if (a.day >= scoredFrom && a.day < scoredTo) truth.push({ boardId, storeId: storeId(boardId, a.storeNumber), plu: a.plu, day: a.day });
      }
      arrivals.set(boardId, boardArrivals.filter((a) => a.day >= d - LOOKBACK_DAYS));
      const fresh: ShipmentFact[] = [];
      for (const [plu, units] of shipped) {
        const p = world.product(plu);
        if (!p || !isHunted(p.listingType) || units <= 0) continue;
        fresh.push({ plu, day: d, units, listingType: p.listingType, price: p.retailPrice === null ? null : Number(p.retailPrice) });
      }
      const history = (shipments.get(boardId) ?? []).filter((s) => s.day >= d - LOOKBACK_DAYS);
      if (fresh.length) {
        const patterns = new Map<number, DeliveryPattern>();
        for (const store of world.retailStoresOf(boardId)) {
          const id = storeId(boardId, store.storeNumber);
          const p = patternOf(id, d);
          patterns.set(id, p);
          if (p.deliveryDay) result.patternsInferred++;
          if (p.intervalDays === 14 && p.lastDelivery !== null && WEEKDAY_NAMES[weekdayOf(p.lastDelivery)] !== p.deliveryDay) result.offPhaseFortnightly++;
        }
        const model = learnBoard(matchHistory(history, arrivals.get(boardId) ?? []), patterns);
        for (const s of fresh) {
          result.shipments++;
          for (const f of forecastShelfBoard(model, s)) {
            result.forecasts++;
            // Every window is the store's own (modelWindow: storeWindow of its pattern for the type) and stays within the horizon.
            const w = modelWindow(model, f.storeId!, s);
            if (w.start !== f.windowStart || w.end !== f.windowEnd) throw new Error(`forecastShelfBoard's window differs from storeWindow's for store ${f.storeId}`);
            result.windowStartMin = Math.min(result.windowStartMin, f.windowStart - s.day);
            result.windowEndMax = Math.max(result.windowEndMax, f.windowEnd - s.day);
            if (!f.named) continue;
            result.named++;
            const key = `${boardId}|${f.storeId}|${s.plu}`;
            namedWindows.set(key, [...(namedWindows.get(key) ?? []), { ws: f.windowStart, we: f.windowEnd, hit: false }]);
          }
        }
      }
      shipments.set(boardId, [...history, ...fresh]);
    }
    modelMs += performance.now() - t;
  }

  const perBoard = new Map(boards.map((boardId) => [boardId, { boardId, habit: world.boardHabit(boardId)?.name ?? 'classic', arrivals: 0, recalled: 0, namedScored: 0, namedHits: 0 }]));
  let recalled = 0;
  for (const a of truth) {
    const covering = (namedWindows.get(`${a.boardId}|${a.storeId}|${a.plu}`) ?? []).filter((w) => w.ws <= a.day && a.day <= w.we);
    for (const w of covering) w.hit = true;
    perBoard.get(a.boardId)!.arrivals++;
    if (covering.length) {
      recalled++;
      perBoard.get(a.boardId)!.recalled++;
    }
  }
  let namedScored = 0;
  let namedHits = 0;
  for (const [key, list] of namedWindows) {
    const board = perBoard.get(Number(key.split('|')[0]))!;
    for (const w of list) {
      if (w.ws < scoredFrom || w.we >= scoredTo) continue;
      namedScored++;
      board.namedScored++;
      if (w.hit) {
        namedHits++;
        board.namedHits++;
      }
    }
  }

  const oddStores: OddStorePattern[] = [];
  for (const boardId of boards) {
    for (const store of world.retailStoresOf(boardId)) {
      if (!store.alsoDeliveryDay && !store.shiftedDays && store.deliveryIntervalDays === 7) continue;
      const p = patternOf(storeId(boardId, store.storeNumber), day0 + warm + days);
      const habits = [store.deliveryDay, store.alsoDeliveryDay].filter(Boolean).join(' + ');
      oddStores.push({
        boardId,
        storeNumber: store.storeNumber,
        world: `${habits}, every ${store.deliveryIntervalDays} days${store.shiftedDays ? ', shifted days' : ''}`,
        learned: { deliveryDay: p.deliveryDay, intervalDays: p.intervalDays, lastDelivery: p.lastDelivery === null ? null : `${ymd(p.lastDelivery)} (${WEEKDAY_NAMES[weekdayOf(p.lastDelivery)]})` },
      });
    }
  }
  return {
    seed,
    world: habits,
    from: ymd(day0),
    to: ymd(day0 + warm + days - 1),
    days: warm + days,
    ...result,
    arrivals: truth.length,
    recalled,
    namedScored,
    namedHits,
    oddStores,
    perBoard: [...perBoard.values()],
    seconds: { world: worldMs / 1000, model: modelMs / 1000, total: (performance.now() - started) / 1000 },
  };
}

function parseDay(ymdText: string): number {
  return Date.parse(`${ymdText}T00:00:00Z`) / 86_400_000;
}
