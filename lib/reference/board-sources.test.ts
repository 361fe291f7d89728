import { describe, expect, it } from 'vitest';
import { loadBoardSources, parseBoardSources } from './board-sources.ts';
import { loadReferenceData } from './reference.ts';

// The registry of boards whose shelves are read (prisma/seed-data/board-sources.json): a bad entry stops
// db:migrate with a message that names it.

const BOARDS = new Set(loadReferenceData().boards.map((b) => b.id));
const entry = { key: 'carteret_inventory', board_id: 2, platform: 'abcgo', base_url: 'https://carteret.abcgo.app', store_key: 'address', poll_minutes: 240, concurrency: 2, delay_ms: 2000 };
const file = (...sources: object[]) => JSON.stringify({ sources });

describe('board-sources.json', () => {
  it('holds the four boards read today, on their platforms, New Hanover on ABC/GO', () => {
    expect(loadBoardSources(BOARDS).map((s) => [s.key, s.boardId, s.platform, s.storeKey])).toEqual([
      ['wake_inventory', 179, 'wake', 'address'],
      ['durham_inventory', 78, 'durham', 'address'],
      ['greensboro_inventory', 58, 'suitecommerce', 'location_id'],
      ['new_hanover_inventory', 135, 'abcgo', 'address'],
    ]);
    expect(loadBoardSources(BOARDS).find((s) => s.boardId === 135)?.baseUrl).toBe('https://nh.abcgo.app');
  });

  it('reads an entry in the table\'s words', () => {
    expect(parseBoardSources(file(entry), BOARDS)).toEqual([
      { key: 'carteret_inventory', boardId: 2, platform: 'abcgo', baseUrl: 'https://carteret.abcgo.app', storeKey: 'address', pollMinutes: 240, concurrency: 2, delayMs: 2000 },
    ]);
  });

  it.each([
    ['a platform no reader reads', { ...entry, platform: 'shopify' }, /sources\.0\.platform/],
    ["a store key the platform's pages do not give", { ...entry, store_key: 'location_id' }, /sources\.0\.store_key: store_key is not one the platform gives/],
    ['a poll more often than the schedule', { ...entry, poll_minutes: 5 }, /sources\.0\.poll_minutes/],
    ['more than 3 requests in flight', { ...entry, concurrency: 4 }, /sources\.0\.concurrency/],
    ['a fixed source\'s key', { ...entry, key: 'shipments' }, /must not be one of wake_locator, warehouse, shipments/],
    ['a field the table does not have', { ...entry, enabled: true }, /sources\.0/],
    ['a board nc-boards.csv does not know', { ...entry, board_id: 999 }, /carteret_inventory: board_id 999 is not in nc-boards.csv/],
  ])('refuses %s', (_what, bad, message) => {
    expect(() => parseBoardSources(file(bad), BOARDS)).toThrow(message);
  });

  it('refuses two entries with one key or one board', () => {
    expect(() => parseBoardSources(file(entry, { ...entry, board_id: 3 }), BOARDS)).toThrow('key carteret_inventory is in two entries');
    expect(() => parseBoardSources(file(entry, { ...entry, key: 'carteret_two' }), BOARDS)).toThrow('board_id 2 is in two entries');
  });

  it('refuses a file that is not JSON', () => {
    expect(() => parseBoardSources('{"sources": [', BOARDS)).toThrow(/board-sources\.json: not JSON/);
  });
});
