/** Shipments shown before "Show more": a few screens on a phone, the hunter's watched products first. */
export const SHIPMENTS_SHOWN = 6;
