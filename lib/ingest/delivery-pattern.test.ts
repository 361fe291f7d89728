import { describe, expect, it } from 'vitest';
import { inferPattern } from './delivery-pattern.ts';

describe('inferPattern', () => {
  it('finds a weekly Tuesday store', () => {
    expect(inferPattern(['2026-10-27', '2026-11-03', '2026-11-10', '2026-11-17'])).toEqual({
      lastDeliveryDate: '2026-11-17',
      deliveryDay: 'Tuesday',
      deliveryIntervalDays: 7,
    });
  });
  it('finds an every-other-week Thursday store, tolerating one shifted delivery', () => {
    expect(inferPattern(['2026-09-24', '2026-10-08', '2026-10-23', '2026-11-05', '2026-11-19'])).toMatchObject({
      deliveryDay: 'Thursday',
      deliveryIntervalDays: 14,
    });
  });
  it('calls a store without a dominant weekday Random', () => {
    expect(inferPattern(['2026-10-26', '2026-11-04', '2026-11-12', '2026-11-20'])).toMatchObject({ deliveryDay: 'Random' });
  });
  it('needs a few deliveries before guessing a pattern', () => {
    expect(inferPattern(['2026-11-17'])).toEqual({ lastDeliveryDate: '2026-11-17', deliveryDay: null, deliveryIntervalDays: null });
    expect(inferPattern([])).toEqual({ lastDeliveryDate: null, deliveryDay: null, deliveryIntervalDays: null });
  });
});
