import type { Arrival } from '../reports/types.ts';

export interface ArrivalGroup {
  name: string;
  plu: string;
  price: number | string | null;
  listingType: string;
  /** Bottles added across the stores. */
  bottles: number;
  stores: Arrival[];
}

/**
 * Arrivals grouped by product name (the same bottle can appear under several PLUs only if the catalog
 * says so, so the name is the key people recognise). Groups keep the feed's order of first appearance
 * (newest first); stores inside a group are sorted by bottles added, then store number.
 */
export function groupArrivalsByProduct(arrivals: readonly Arrival[]): ArrivalGroup[] {
  const groups = new Map<string, ArrivalGroup>();
  for (const a of arrivals) {
    const name = (a.bourbon_name ?? '').trim() || `PLU ${a.plu}`;
    const key = name.toLowerCase();
    let group = groups.get(key);
    if (!group) {
      group = { name, plu: a.plu, price: a.price, listingType: a.listing_type, bottles: 0, stores: [] };
      groups.set(key, group);
    }
    group.bottles += Math.max(0, a.delta ?? 0);
    group.stores.push(a);
  }
  for (const g of groups.values()) {
    g.stores.sort((x, y) => (y.delta ?? 0) - (x.delta ?? 0) || x.store_number - y.store_number);
  }
  return [...groups.values()];
}

export interface ArrivalsSummary {
  increases: number;
  products: number;
  stores: number;
  bottles: number;
}

export function summarizeArrivals(arrivals: readonly Arrival[]): ArrivalsSummary {
  return {
    increases: arrivals.length,
    products: new Set(arrivals.map((a) => (a.bourbon_name ?? '').trim().toLowerCase())).size,
    stores: new Set(arrivals.map((a) => a.store_id)).size,
    bottles: arrivals.reduce((sum, a) => sum + Math.max(0, a.delta ?? 0), 0),
  };
}

export type NextDayOutcome = { kind: 'go'; date: string } | { kind: 'today'; date: string } | { kind: 'none' };

/**
 * What Next Day does with the neighbour the server found: go there; when there is none and a past date
 * is shown, jump to today; when already at (or past) today, say there is nothing later.
 */
export function nextDayOutcome(shown: string, found: string | null, today: string): NextDayOutcome {
  if (found) return { kind: 'go', date: found };
  if (shown < today) return { kind: 'today', date: today };
  return { kind: 'none' };
}
