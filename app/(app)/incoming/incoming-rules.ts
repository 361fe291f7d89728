/** Shipments shown before "Show more": a few screens on a phone, the hunter's watched products first. */
export const SHIPMENTS_SHOWN = 6;

/** The shipments still on their way, the hunter's watched products first, each group the latest first (the answer's order). */
export function openShipments<S extends { status: string; plu: string }>(incoming: readonly S[], watched: ReadonlySet<string>): S[] {
  return incoming.filter((s) => s.status === 'open').sort((a, b) => Number(watched.has(b.plu)) - Number(watched.has(a.plu)));
}

/** The title of the board view's map: the server's drawing and the interactive map say the same. */
export const BOARD_MAP_TITLE = 'Where it will likely land';
