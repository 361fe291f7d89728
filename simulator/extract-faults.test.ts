import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from './clock.ts';
import { boardLeftOut, faultyExtract } from './extract-faults.ts';
import { SimWorld } from './world.ts';

// Monday 20 Jul 2026, 12:00 New York: today's extract (11:15) is out, yesterday's was the one before.
const START = '2026-07-20T16:00:00Z';
const MECKLENBURG = 53;
const BOONE = 43;

describe('faultyExtract', () => {
  const world = new SimWorld({ seed: 4, start: START });
  const current = world.extract();

  it('drop-boards: a valid extract without those boards’ records, every other record as it was', () => {
    const served = faultyExtract(4, current, undefined, { kind: 'drop-boards', boardIds: [MECKLENBURG] });
    expect(current.records.some((r) => r.board.id === MECKLENBURG)).toBe(true);
    expect(served.records.some((r) => r.board.id === MECKLENBURG)).toBe(false);
    expect(served.records).toEqual(current.records.filter((r) => r.board.id !== MECKLENBURG));
    expect(served.extractDatetime).toBe(current.extractDatetime);
  });

  it('drop-records: about that share of records goes, the same ones every time', () => {
    const served = faultyExtract(4, current, undefined, { kind: 'drop-records', percent: 60 });
    const share = served.records.length / current.records.length;
    expect(share).toBeGreaterThan(0.35);
    expect(share).toBeLessThan(0.45);
    expect(faultyExtract(4, current, undefined, { kind: 'drop-records', percent: 60 })).toEqual(served);
  });

  it('stale-extract: the previous extract (or the current when there is none); short-extract: without the busiest board', () => {
    const previous = { ...current, extractDatetime: 'yesterday', dayNumber: current.dayNumber - 1 };
    expect(faultyExtract(4, current, previous, { kind: 'stale-extract' })).toBe(previous);
    expect(faultyExtract(4, current, undefined, { kind: 'stale-extract' })).toBe(current);
    const leftOut = boardLeftOut(current)!;
    expect(faultyExtract(4, current, undefined, { kind: 'short-extract' }).records.some((r) => r.board.name === leftOut)).toBe(false);
  });
});

describe('SimWorld: served extracts (extractDays), scheduled shipments (scheduleShipment, shippedTo)', () => {
  it('records which days were published and to which boards whole', () => {
    const world = new SimWorld({ seed: 4, start: START });
    world.serveExtract(undefined, false); // cut off in transit: not published
    expect(world.extractDays()).toEqual([expect.objectContaining({ date: '2026-07-20', published: false, publishedTo: [] })]);
    world.serveExtract({ kind: 'drop-boards', boardIds: [MECKLENBURG] });
    const [day] = world.extractDays();
    expect(day.published).toBe(true);
    expect(day.boardIds).toContain(MECKLENBURG);
    expect(day.publishedTo).toEqual(day.boardIds.filter((id) => id !== MECKLENBURG));

    // The next day's extract is stale: yesterday's is served again, and the day itself never is.
    world.advance(DAY_MS);
    world.serveExtract({ kind: 'stale-extract' });
    expect(world.extractDays().map((d) => d.date)).toEqual(['2026-07-20']);
    expect(world.extractDays()[0].publishedTo).toEqual(day.boardIds); // Mecklenburg got the 20th's whole records now
    world.serveExtract();
    expect(world.extractDays().map((d) => [d.date, d.published])).toEqual([
      ['2026-07-20', true],
      ['2026-07-21', true],
    ]);
  });

  it('a scheduled shipment counts in its extract period and changes nothing else', () => {
    const a = new SimWorld({ seed: 4, start: START });
    const b = new SimWorld({ seed: 4, start: START });
    const plu = a.data.allocated[0].plu;
    // 12:30 Monday is after the 11:15 extract: it counts in Tuesday's.
    expect(b.scheduleShipment({ plu, boardId: BOONE, at: '2026-07-20T16:30:00Z', units: 12 })).toEqual({
      plu,
      boardId: BOONE,
      at: '2026-07-20T16:30:00.000Z',
      units: 12,
      extractDay: '2026-07-21',
    });
    a.advance(DAY_MS);
    b.advance(DAY_MS);
    const boone = (w: SimWorld) => w.extract().records.find((r) => r.board.id === BOONE && r.product.plu === plu)?.units ?? 0;
    expect(boone(b) - boone(a)).toBe(12);
    expect(b.shippedTo(BOONE, '2026-07-21', '2026-07-21').get(plu)! - (a.shippedTo(BOONE, '2026-07-21', '2026-07-21').get(plu) ?? 0)).toBe(12);
    expect(b.extract().records.filter((r) => r.board.id !== BOONE)).toEqual(a.extract().records.filter((r) => r.board.id !== BOONE));
    expect(b.warehouse(plu)).toBe(a.warehouse(plu));
  });

  it('refuses a shipment in the past, to an unknown board or product, or of a bad quantity', () => {
    const world = new SimWorld({ seed: 4, start: START });
    const plu = world.data.allocated[0].plu;
    const at = new Date(Date.parse(START) + HOUR_MS).toISOString();
    expect(() => world.scheduleShipment({ plu, boardId: BOONE, at: START, units: 6 })).toThrow(/after the simulated now/);
    expect(() => world.scheduleShipment({ plu, boardId: 999, at, units: 6 })).toThrow(/no board 999/);
    expect(() => world.scheduleShipment({ plu: '00000', boardId: BOONE, at, units: 6 })).toThrow(/no product/);
    expect(() => world.scheduleShipment({ plu, boardId: BOONE, at, units: 0 })).toThrow(/units/);
  });
});
