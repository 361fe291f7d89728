// The demo's delivery patterns: on which weekday each of Wake's retail stores gets its truck, and how often. Nobody
// publishes Wake's truck schedule, so these are invented for the demo: the simulator's world delivers by them
// (scripts/simulator/dataset.ts), the demo seed generates its history by them and writes them into a demo
// database's stores (scripts/demo/index.ts). They are not reference data: a deployment starts with no delivery day
// or interval and learns both from its own observations (lib/ingest/delivery-pattern.ts;
// docs/decisions/029-delivery-patterns-are-learned.md).
//
// Most stores get a truck weekly on one weekday; three every 14 days; three on a "Random" weekday (a seeded one
// each week).

export type DeliveryWeekday = 'Monday' | 'Tuesday' | 'Wednesday' | 'Thursday' | 'Friday';

export interface DemoDeliveryPattern {
  /** The usual weekday, or Random (another weekday each week). What the demo's stores table shows. */
  deliveryDay: DeliveryWeekday | 'Random';
  /** 7, or 14 (every other week, on a phase of the store's own). */
  intervalDays: 7 | 14;
}

/** Wake's 27 retail stores by store number (the mixed-beverage outlet, 28, gets no delivery on a shelf). */
export const WAKE_DEMO_DELIVERIES: Readonly<Record<number, DemoDeliveryPattern>> = {
  1: { deliveryDay: 'Monday', intervalDays: 7 },
  2: { deliveryDay: 'Tuesday', intervalDays: 14 },
  3: { deliveryDay: 'Monday', intervalDays: 7 },
  4: { deliveryDay: 'Tuesday', intervalDays: 7 },
  5: { deliveryDay: 'Friday', intervalDays: 7 },
  6: { deliveryDay: 'Tuesday', intervalDays: 7 },
  7: { deliveryDay: 'Tuesday', intervalDays: 7 },
  8: { deliveryDay: 'Wednesday', intervalDays: 7 },
  9: { deliveryDay: 'Thursday', intervalDays: 7 },
  10: { deliveryDay: 'Random', intervalDays: 7 },
  11: { deliveryDay: 'Monday', intervalDays: 7 },
  12: { deliveryDay: 'Tuesday', intervalDays: 7 },
  13: { deliveryDay: 'Wednesday', intervalDays: 7 },
  14: { deliveryDay: 'Thursday', intervalDays: 7 },
  15: { deliveryDay: 'Wednesday', intervalDays: 7 },
  16: { deliveryDay: 'Thursday', intervalDays: 7 },
  17: { deliveryDay: 'Friday', intervalDays: 7 },
  18: { deliveryDay: 'Random', intervalDays: 7 },
  19: { deliveryDay: 'Friday', intervalDays: 7 },
  20: { deliveryDay: 'Friday', intervalDays: 7 },
  21: { deliveryDay: 'Monday', intervalDays: 7 },
  22: { deliveryDay: 'Wednesday', intervalDays: 14 },
  23: { deliveryDay: 'Tuesday', intervalDays: 7 },
  24: { deliveryDay: 'Wednesday', intervalDays: 7 },
  25: { deliveryDay: 'Thursday', intervalDays: 14 },
  26: { deliveryDay: 'Thursday', intervalDays: 7 },
  27: { deliveryDay: 'Random', intervalDays: 7 },
};
