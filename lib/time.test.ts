import { describe, expect, it } from 'vitest';
import { isYmd } from './time.ts';

describe('isYmd', () => {
  it.each(['2026-03-11', '2024-02-29', '1999-12-31', '2026-11-01'])('accepts the real date %s', (d) => {
    expect(isYmd(d)).toBe(true);
  });

  it.each(['2026-02-30', '2025-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '2026-3-11', '03/11/2026', '2026-03-11T00:00', ''])(
    'refuses %j',
    (d) => {
      expect(isYmd(d)).toBe(false);
    },
  );
});
