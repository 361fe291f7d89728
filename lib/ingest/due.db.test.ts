import { beforeEach, describe, expect, it } from 'vitest';
import { query, withTestDatabase } from '../../testing/harness.ts';
import { dueSources } from './runner.ts';

// Which sources a scheduled cycle runs: Wake's shelves and the warehouse every cycle, the other boards' at
// their configured cadence (each board source's poll_minutes, default 240: a few polls a day), retried within the
// hour after a failed poll.

withTestDatabase('reference');

const BOARDS = ['durham_inventory', 'greensboro_inventory', 'new_hanover_inventory'];
/** Wednesday 25 Nov 2026, 11:00 New York. */
const NOW = new Date('2026-11-25T16:00:00Z');
const minutesBefore = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

async function ran(source: string, startedMinutesAgo: number, status: 'ok' | 'partial' | 'failed') {
  await query(`INSERT INTO scrape_runs (source, started_at, finished_at, status) VALUES ($1, $2, $2, $3::"RunStatus")`, [
    source,
    minutesBefore(startedMinutesAgo),
    status,
  ]);
}

const boardsDue = async () => (await dueSources(NOW)).filter((s) => BOARDS.includes(s));

describe('dueSources: the other boards at their cadence', () => {
  beforeEach(async () => {
    await query('DELETE FROM scrape_runs');
  });

  it('polls every board that was never polled, alongside Wake and the warehouse', async () => {
    const due = await dueSources(NOW);
    expect(due).toEqual(expect.arrayContaining(['wake_inventory', 'warehouse', ...BOARDS]));
  });

  it('polls a board again when its last success is a cadence (240 minutes) old, counting a cycle started a few seconds late as on time', async () => {
    await ran('durham_inventory', 239.9, 'ok'); // 07:00:06, now 11:00: due
    await ran('greensboro_inventory', 225, 'partial'); // 07:15: not before 11:15
    await ran('new_hanover_inventory', 60, 'ok');
    expect(await boardsDue()).toEqual(['durham_inventory']);
  });

  it('retries a board whose last poll failed within the hour, not at once', async () => {
    await ran('durham_inventory', 300, 'ok');
    await ran('durham_inventory', 15, 'failed');
    await ran('greensboro_inventory', 300, 'ok');
    await ran('greensboro_inventory', 60, 'failed');
    await ran('new_hanover_inventory', 10, 'ok');
    expect(await boardsDue()).toEqual(['greensboro_inventory']);
  });

  it('ignores runs recorded after the cycle\'s own time (a run at a simulated earlier time)', async () => {
    await ran('durham_inventory', -30, 'ok');
    expect(await boardsDue()).toEqual(BOARDS);
  });
});
