import { describe, expect, it } from 'vitest';
import { ymdToDayNumber } from '../lib/time.ts';
import { WAKE_DEMO_DELIVERIES } from '../simulator/delivery-patterns.ts';
import { deliverySchedule, Timeline } from './timeline.ts';

const day = ymdToDayNumber;

describe("the demo's timeline", () => {
  it("generate the demo's history by them: twice-weekly stores twice most weeks, a shifted store off its holidays", () => {
    const t = new Timeline(new Date('2026-09-30T16:00:00Z')); // 8 weeks back: early August, Labor Day inside
    const schedule = (n: number) =>
      deliverySchedule(t, { storeId: n, storeNumber: n, ...WAKE_DEMO_DELIVERIES[n] }).map((d) => t.startDay + d.dayIndex);
    const weekdays = (days: number[]) => days.map((d) => (d + 4) % 7);
    const northHills = schedule(26); // Thursday and Monday
    expect(northHills.length).toBeGreaterThanOrEqual(13);
    expect(weekdays(northHills).filter((w) => w === 1 || w === 4).length).toBeGreaterThanOrEqual(northHills.length - 2);
    expect([...northHills].sort((a, b) => a - b)).toEqual(northHills);
    const cary = schedule(3); // Monday, shifted
    expect(cary).not.toContain(day('2026-09-07'));
    expect(cary).toContain(day('2026-09-08'));
    expect(schedule(1)).toContain(day('2026-09-07')); // Sandy Forks, not shifted, keeps its Monday
  });
});
