import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env.ts';
import { deprecatedVariables, limiterFor, withOverrides, type ShelfSource } from './board-sources.ts';

// The operator's overrides of a board source (lib/env.ts BOARD_SOURCE_*, Wake's variables, the deprecated
// per-board ones) as the scraper applies them: by key first, then the entry's own old variable, then "*".

const durham: ShelfSource = { key: 'durham_inventory', boardId: 78, platform: 'durham', baseUrl: 'https://durhamabc.com', storeKey: 'address', pollMinutes: 240, concurrency: 2, delayMs: 2000, boardName: 'Durham County' };
const wake: ShelfSource = { ...durham, key: 'wake_inventory', boardId: 179, platform: 'wake', baseUrl: 'https://wakeabc.com', pollMinutes: 15, concurrency: 3, delayMs: 1000, boardName: 'Wake County' };
const newHanover: ShelfSource = { ...durham, key: 'new_hanover_inventory', boardId: 135, platform: 'abcgo', baseUrl: 'https://nh.abcgo.app', boardName: 'New Hanover County' };

describe('BOARD_SOURCE_* and the old variables', () => {
  it('leave an entry as the file says when nothing is set', () => {
    expect(withOverrides(durham, parseEnv({}))).toEqual(durham);
  });

  it('override by key, and "*" stands for every entry', () => {
    const config = parseEnv({
      BOARD_SOURCE_URLS: 'durham_inventory=http://127.0.0.1:4000/, new_hanover_inventory=http://127.0.0.1:4000/abcgo/135',
      BOARD_SOURCE_POLL_MINUTES: 'durham_inventory=60',
      BOARD_SOURCE_CONCURRENCY: '*=1',
      BOARD_SOURCE_REQUEST_DELAY_MS: '*=0,durham_inventory=500',
    });
    expect(withOverrides(durham, config)).toMatchObject({ baseUrl: 'http://127.0.0.1:4000/', pollMinutes: 60, concurrency: 1, delayMs: 500 });
    expect(withOverrides(newHanover, config)).toMatchObject({ baseUrl: 'http://127.0.0.1:4000/abcgo/135', pollMinutes: 240, concurrency: 1, delayMs: 0 });
  });

  it('honour the deprecated per-board variables (ABC/GO politeness for every ABC/GO board) and name them for the log', () => {
    const config = parseEnv({ DURHAM_BASE_URL: 'http://old-durham', DURHAM_POLL_MINUTES: '120', ABCGO_REQUEST_DELAY_MS: '0', BOARD_SOURCE_REQUEST_DELAY_MS: '*=700' });
    expect(withOverrides(durham, config)).toMatchObject({ baseUrl: 'http://old-durham', pollMinutes: 120, delayMs: 700 });
    expect(withOverrides(newHanover, config)).toMatchObject({ delayMs: 0 }); // its own old variable before "*"
    expect(deprecatedVariables(config)).toEqual([
      'DURHAM_BASE_URL is deprecated: use BOARD_SOURCE_URLS (durham_inventory=…)',
      'DURHAM_POLL_MINUTES is deprecated: use BOARD_SOURCE_POLL_MINUTES (durham_inventory=…)',
      'ABCGO_REQUEST_DELAY_MS is deprecated: use BOARD_SOURCE_REQUEST_DELAY_MS (by key, or *)',
    ]);
    // A key of BOARD_SOURCE_* wins over the old variable.
    expect(withOverrides(durham, parseEnv({ DURHAM_BASE_URL: 'http://old-durham', BOARD_SOURCE_URLS: 'durham_inventory=http://new-durham' })).baseUrl).toBe('http://new-durham');
  });

  it("take Wake's own variables for Wake's entry, and they are not deprecated", () => {
    const config = parseEnv({ WAKE_BASE_URL: 'http://127.0.0.1:4010', WAKE_REQUEST_DELAY_MS: '0' });
    expect(withOverrides(wake, config)).toMatchObject({ baseUrl: 'http://127.0.0.1:4010', delayMs: 0, concurrency: 3 });
    expect(withOverrides(durham, config)).toEqual(durham);
    expect(deprecatedVariables(config)).toEqual([]);
  });

  it.each([
    ['BOARD_SOURCE_URLS', 'durham_inventory=not a url'],
    ['BOARD_SOURCE_URLS', 'http://127.0.0.1:4000'],
    ['BOARD_SOURCE_POLL_MINUTES', 'durham_inventory=5'],
    ['BOARD_SOURCE_CONCURRENCY', '*=4'],
    ['BOARD_SOURCE_REQUEST_DELAY_MS', 'Durham=0'],
  ])('refuse %s=%s, naming the variable', (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(`${name}: "`));
  });
});

describe('limiterFor', () => {
  it("keeps one limiter per source key, and a new one when the entry's politeness changes", () => {
    const first = limiterFor(durham);
    expect(limiterFor({ ...durham })).toBe(first);
    expect(limiterFor(newHanover)).not.toBe(first);
    expect(limiterFor({ ...durham, delayMs: 0 })).not.toBe(first);
  });
});
