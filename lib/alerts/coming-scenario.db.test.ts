import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOCATED_LIST_KEY, PRICE_LIST_KEY } from '../ingest/catalog-lists.ts';
import { runCycle } from '../ingest/runner.ts';
import { startAlertScenario, type AlertScenario } from '../../testing/alert-scenario.ts';
import { setAlertChannel, setAlertSettings } from '../../testing/alerts.ts';
import { newUser, query as q, type TestUser } from '../../testing/harness.ts';
import { nyTimeToUtc } from '../time.ts';

// Issue 40's "done when": a product the Commission's price list announces reaches a hunter whose custom watch item
// names it, as a "Coming to NC" alert — through the real scraper reading the simulator's price list and allocated
// list over HTTP, the real alert step, nodemailer and a real SMTP server. Its move onto the allocated list is a second
// alert; reading the lists again the same day sends nothing more; a hunter who did not choose the kind gets nothing.

const [D0, D1, D2] = ['2026-12-07', '2026-12-08', '2026-12-09'];
const PLU = '99101';
const NAME = 'Blue Run High Rye 2026';

let scenario: AlertScenario;
let hunter: TestUser;
let withoutKind: TestUser;

async function readLists(ymd: string, hour = 7) {
  scenario.sim.world.setTime(nyTimeToUtc(ymd, hour, 5));
  const { runs } = await runCycle({ now: scenario.sim.world.now(), sources: [PRICE_LIST_KEY, ALLOCATED_LIST_KEY] });
  for (const r of runs) expect(r.outcome.status, `${r.source}: ${r.outcome.error}`).toBe('ok');
}

beforeAll(async () => {
  scenario = await startAlertScenario('comingscen', { seed: 40, start: nyTimeToUtc(D0, 6, 0).toISOString(), historyDays: 0 });
  const url = scenario.database.url;
  const watchFor = async (kinds: string[]) => {
    const user = await newUser();
    await setAlertSettings(url, user.id);
    await setAlertChannel(url, user.id, { channel: 'email', kinds: kinds as never });
    // A custom item: a product not in the catalog yet, named as the hunter heard of it.
    await q(`INSERT INTO watch_items (user_id, plu, custom_name) VALUES ($1, '91234', 'Blue Run Rye')`, [user.id]);
    return user;
  };
  hunter = await watchFor(['arrival', 'shipment', 'coming']);
  withoutKind = await watchFor(['arrival', 'shipment']);
}, 120_000);

afterAll(() => scenario?.stop());

describe('Coming to NC alerts from the scraper reading the simulated price list', () => {
  it('a first reading is a baseline and alerts nothing', async () => {
    await readLists(D0);
    expect(scenario.mailsTo(hunter)).toEqual([]);
  });

  it('the announcement reaches the hunter whose custom item names it, once, and not a hunter without the kind', async () => {
    scenario.sim.world.lists.announce({ plu: PLU, name: NAME, price: 129.99 });
    await readLists(D1);
    const mails = scenario.mailsTo(hunter);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('Coming to NC');
    expect(mails[0].text).toContain(`${NAME} announced in the price list at $129.99`);
    expect(mails[0].text).toContain(`/products/${PLU}`);
    expect(scenario.mailsTo(withoutKind)).toEqual([]);
    await readLists(D1, 9);
    expect(scenario.mailsTo(hunter)).toHaveLength(1);
  });

  it('its move onto the allocated list is the next alert', async () => {
    scenario.sim.world.lists.moveOnList(PLU, 'Allocation');
    await readLists(D2);
    const mails = scenario.mailsTo(hunter);
    expect(mails).toHaveLength(2);
    expect(mails[1].text).toContain(`${NAME} is now on the allocated list (Allocation)`);
    expect(scenario.mailsTo(withoutKind)).toEqual([]);
  });
});
