import fc from 'fast-check';
import { describe, it } from 'vitest';
import { ok } from '../../testing/properties.ts';
import { ALERT_CHANNELS, hourLabel, inQuietHours, MIN_QUANTITY_MAX, noKindMessage, parseMinQuantity, storeOfWholeBoardMessage, wholeBoardNarrowed, type AlertBoardOption } from './rules.ts';

// Property-based tests of the alert settings' rules (issue 36), the card's and the server's: any hour, text or
// choice of boards ends at once with an answer inside what the card offers.

describe('alert settings rules', () => {
  it('quiet hours: a span of hours from start (included) to end (not), across midnight when start > end', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 23 }), (start, end, hour) => {
        const quiet = { start_hour: start, end_hour: end };
        if (start === end) return; // refused by the settings (ALERT_MESSAGES.quietHours)
        const inside = start < end ? hour >= start && hour < end : hour >= start || hour < end;
        ok(inQuietHours(hour, quiet) === inside && !inQuietHours(hour, null), `hour ${hour} in ${start}..${end}`);
        // The hours held and the hours not held add up to the day.
        const held = Array.from({ length: 24 }, (_, h) => inQuietHours(h, quiet)).filter(Boolean).length;
        ok(held === (end - start + 24) % 24, `${held} hours held`);
      }),
      { numRuns: 5_000 },
    );
  });

  it('an hour label is "1..12 AM|PM", a different one for each hour of the day', () => {
    const labels = Array.from({ length: 24 }, (_, h) => hourLabel(h));
    ok(new Set(labels).size === 24 && labels.every((l) => /^(1[0-2]|[1-9]) (AM|PM)$/.test(l)), labels.join(', '));
  });

  it('a minimum quantity is a whole number 1..MIN_QUANTITY_MAX or null, whatever is typed', () => {
    const typed = fc.oneof(fc.string({ maxLength: 12 }), fc.integer({ min: -5, max: 1200 }).map(String), fc.tuple(fc.constantFrom(' ', '\t', ''), fc.nat(200), fc.constantFrom(' ', '', 'x', '.0')).map(([a, n, b]) => `${a}${n}${b}`));
    fc.assert(
      fc.property(typed, (value) => {
        const n = parseMinQuantity(value);
        ok(n === null || (Number.isInteger(n) && n >= 1 && n <= MIN_QUANTITY_MAX), `${JSON.stringify(value)} → ${n}`);
        if (/^\s*\d+\s*$/.test(value) && Number(value) >= 1 && Number(value) <= MIN_QUANTITY_MAX && value.trim().length <= 3) ok(n === Number(value), `${JSON.stringify(value)} refused`);
      }),
      { numRuns: 10_000 },
    );
    // A long run of spaces is read at once (the pattern is anchored).
    const started = performance.now();
    ok(parseMinQuantity(`${' '.repeat(100_000)}5${' '.repeat(100_000)}x`) === null && performance.now() - started < 250, 'a long field');
  });

  it('names the whole-shipment board that narrowing to stores would silence, only when stores are chosen', () => {
    const boardArb: fc.Arbitrary<AlertBoardOption> = fc.record({
      board_id: fc.integer({ min: 1, max: 12 }),
      name: fc.string({ maxLength: 10 }),
      precision: fc.constantFrom('shelf', 'store_by_shipment', 'board'),
      stores: fc.nat(40),
      only_store: fc.constant(null),
    });
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 12 }), { maxLength: 25 }), fc.array(fc.nat(100), { maxLength: 50 }), fc.array(boardArb, { maxLength: 12 }), (boardIds, storeIds, boards) => {
        const b = wholeBoardNarrowed(boardIds, storeIds, boards);
        if (!storeIds.length) return ok(b === undefined, 'no store chosen');
        ok(b === boards.find((x) => x.precision === 'board' && boardIds.includes(x.board_id)), 'not the first such board');
        if (b) ok(storeOfWholeBoardMessage(b.name).includes(b.name), 'the message');
      }),
      { numRuns: 2_000 },
    );
    for (const channel of ALERT_CHANNELS) ok(noKindMessage(channel).length > 0, channel);
  });
});
