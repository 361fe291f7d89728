import { describe, expect, it } from 'vitest';
import { nyTimeToUtc } from '../time.ts';
import { composeAlert, type ShelfArrivalRow, type ShipmentArrivalRow } from './compose.ts';
import { afterFailure, capDecision, DEFAULT_POLICY, digestDueAt, heldNow, isDigestDue, nextAttemptAt, wakeNow } from './policy.ts';
import { hourLabel, inQuietHours, parseMinQuantity } from './rules.ts';
import { alertEmail } from './channels/email/render.ts';
import { moreArrivalsLine, subjectFor } from './words.ts';
import { unsubscribeToken, verifyUnsubscribeToken } from './channels/email/token.ts';

// The pure parts of arrival alerts: grouping, the daily cap, backoff, digest timing, the token, the e-mail.

let nextId = 1;
function arrival(overrides: Partial<ShelfArrivalRow> = {}): ShelfArrivalRow {
  return {
    precision: 'shelf',
    alertId: String(nextId++),
    plu: '11111',
    productName: "Blanton's Single Barrel",
    listingType: 'Allocation',
    retailPrice: 69.99,
    storeId: 1,
    storeNumber: 11,
    storeNickname: 'North Hills',
    storeAddress: '4421 Six Forks Rd, Raleigh',
    newQuantity: 3,
    previousQuantity: 0,
    delta: 3,
    changeType: 'first',
    checkedAt: new Date('2026-11-16T16:15:00Z'),
    ...overrides,
  };
}

describe('composeAlert', () => {
  it('groups arrivals by product, most wanted type first, stores by quantity', () => {
    const content = composeAlert(
      [
        arrival({ plu: '30000', productName: 'Old Forester Barrel Pick', listingType: 'Barrel', storeId: 2, storeNickname: 'Cary' }),
        arrival({ plu: '20000', productName: 'Weller 12', listingType: 'Limited', storeId: 1, newQuantity: 2 }),
        arrival({ plu: '20000', productName: 'Weller 12', listingType: 'Limited', storeId: 3, storeNickname: 'Apex', newQuantity: 5 }),
        arrival({ plu: '10000', productName: 'Stagg', listingType: 'Allocation', storeId: 1 }),
        arrival({ plu: '40000', productName: 'Premium Rye', listingType: 'Listed', retailPrice: 80, storeId: 2, storeNickname: 'Cary' }),
      ],
      { maxProducts: 20 },
    );
    expect(content.products.map((p) => p.name)).toEqual(['Stagg', 'Weller 12', 'Old Forester Barrel Pick', 'Premium Rye']);
    expect(content.products[1].stores.map((s) => [s.nickname, s.quantity])).toEqual([
      ['Apex', 5],
      ['North Hills', 2],
    ]);
    expect(content.placeCount).toBe(3);
    expect(content.moreArrivals).toBe(0);
  });

  it('shows a product that arrived twice at one store once, with the latest quantity', () => {
    const content = composeAlert(
      [
        arrival({ newQuantity: 2, changeType: 'first', checkedAt: new Date('2026-11-16T15:00:00Z') }),
        arrival({ newQuantity: 6, changeType: 'increase', delta: 4, checkedAt: new Date('2026-11-16T17:00:00Z') }),
      ],
      { maxProducts: 20 },
    );
    expect(content.products).toHaveLength(1);
    expect(content.products[0].stores).toEqual([expect.objectContaining({ quantity: 6, changeType: 'increase', delta: 4 })]);
  });

  it('lists at most maxProducts and counts the other arrivals, plus earlier suppressed ones, as "more"', () => {
    const rows = Array.from({ length: 5 }, (_, i) =>
      [arrival({ plu: `1000${i}`, productName: `Bottle ${i}`, storeId: 1 }), arrival({ plu: `1000${i}`, productName: `Bottle ${i}`, storeId: 2 })],
    ).flat();
    const content = composeAlert(rows, { maxProducts: 3, earlierSuppressed: 4 });
    expect(content.products.map((p) => p.name)).toEqual(['Bottle 0', 'Bottle 1', 'Bottle 2']);
    expect(content.moreArrivals).toBe(2 * 2 + 4);
  });
});

describe('daily cap and retries', () => {
  it('sends until the cap, marks the last allowed e-mail, then holds back', () => {
    expect(capDecision(0, 10)).toEqual({ send: true, last: false });
    expect(capDecision(8, 10)).toEqual({ send: true, last: false });
    expect(capDecision(9, 10)).toEqual({ send: true, last: true });
    expect(capDecision(10, 10)).toEqual({ send: false });
    expect(capDecision(0, 1)).toEqual({ send: true, last: true });
  });

  it('backs off exponentially and gives up after the last attempt', () => {
    const now = new Date('2026-11-16T15:00:00Z');
    const minutes = (d: Date) => (d.getTime() - now.getTime()) / 60_000;
    expect([1, 2, 3, 4].map((a) => minutes(nextAttemptAt(now, a)))).toEqual([5, 10, 20, 40]);
    expect(afterFailure(now, 4)).toEqual({ status: 'pending', nextAttemptAt: new Date(now.getTime() + 40 * 60_000) });
    expect(afterFailure(now, DEFAULT_POLICY.maxAttempts)).toEqual({ status: 'failed', nextAttemptAt: now });
  });
});

describe('digest timing (New York time)', () => {
  const at = (ymd: string, h: number, m = 0) => nyTimeToUtc(ymd, h, m);

  it('is due from the digest hour on, once a day', () => {
    expect(isDigestDue(at('2026-11-16', 16, 59), 17, at('2026-11-15', 17, 0))).toBe(false);
    expect(isDigestDue(at('2026-11-16', 17, 0), 17, at('2026-11-15', 17, 0))).toBe(true);
    expect(isDigestDue(at('2026-11-16', 17, 15), 17, at('2026-11-16', 17, 0))).toBe(false);
    expect(isDigestDue(at('2026-11-16', 9, 0), 17, null)).toBe(true); // never sent: yesterday's is still owed
  });

  it('catches up an hour without a scraper cycle at the next cycle', () => {
    // 23:00 digests: the scraper stops at 21:00, so the 07:00 cycle sends yesterday's.
    expect(digestDueAt(at('2026-11-17', 7, 0), 23)).toEqual(at('2026-11-16', 23, 0));
    expect(isDigestDue(at('2026-11-17', 7, 0), 23, at('2026-11-15', 23, 5))).toBe(true);
    expect(isDigestDue(at('2026-11-17', 7, 0), 23, at('2026-11-17', 7, 0))).toBe(false);
  });

  it('follows daylight saving time', () => {
    // 8 March 2026: clocks go forward; 17:00 New York is 21:00 UTC that day (22:00 the day before).
    expect(digestDueAt(new Date('2026-03-08T21:30:00Z'), 17).toISOString()).toBe('2026-03-08T21:00:00.000Z');
    expect(digestDueAt(new Date('2026-03-07T22:30:00Z'), 17).toISOString()).toBe('2026-03-07T22:00:00.000Z');
  });
});

describe('quiet hours (New York time)', () => {
  const night = { start_hour: 22, end_hour: 7 };
  const at = (h: number, m = 0) => nyTimeToUtc('2026-07-01', h, m); // EDT

  it('span midnight or not, from the start hour up to the end hour', () => {
    expect([21, 22, 23, 0, 6, 7, 12].map((h) => inQuietHours(h, night))).toEqual([false, true, true, true, true, false, false]);
    expect([12, 13, 14, 15].map((h) => inQuietHours(h, { start_hour: 13, end_hour: 15 }))).toEqual([false, true, true, false]);
    expect(inQuietHours(3, null)).toBe(false);
  });

  it('hold push and Discord always, and e-mail only when the user chose so', () => {
    expect(heldNow(at(23, 30), 'push', night, false)).toBe(true);
    expect(heldNow(at(23, 30), 'discord', night, false)).toBe(true);
    expect(heldNow(at(23, 30), 'email', night, false)).toBe(false);
    expect(heldNow(at(23, 30), 'email', night, true)).toBe(true);
    expect(heldNow(at(7, 0), 'push', night, true)).toBe(false);
  });

  it('wake held alerts when quiet hours end, and a digest due during them then too', () => {
    const waiting = { quiet: night, holdEmail: false, dueNow: false, forDigest: true, digestHour: 6, lastDigestAt: at(6) };
    expect(wakeNow(at(6, 30), 'push', { ...waiting, lastDigestAt: nyTimeToUtc('2026-06-30', 6) })).toBe(false);
    expect(wakeNow(at(7, 1), 'push', { ...waiting, lastDigestAt: nyTimeToUtc('2026-06-30', 6) })).toBe(true);
    expect(wakeNow(at(7, 1), 'push', waiting), "today's digest already went").toBe(false);
    expect(wakeNow(at(23), 'email', { ...waiting, dueNow: true })).toBe(true);
    expect(wakeNow(at(23), 'discord', { ...waiting, dueNow: true })).toBe(false);
  });
});

describe('unsubscribe token', () => {
  const secret = 'test-secret-0123456789-abcdefghijklmnopqrstuvwxyz';

  it('round-trips and names the user', () => {
    const token = unsubscribeToken(42, secret);
    expect(token).toMatch(/^42\.[A-Za-z0-9_-]{43}$/);
    expect(verifyUnsubscribeToken(token, secret)).toBe(42);
    expect(verifyUnsubscribeToken(` ${token} `, secret)).toBe(42);
  });

  it('refuses another user id, another secret, tampering and junk', () => {
    const token = unsubscribeToken(42, secret);
    const [, sig] = token.split('.');
    expect(verifyUnsubscribeToken(`43.${sig}`, secret)).toBeNull();
    expect(verifyUnsubscribeToken(token, `${secret}-rotated`)).toBeNull();
    const flipped = sig[0] === 'A' ? `B${sig.slice(1)}` : `A${sig.slice(1)}`;
    expect(verifyUnsubscribeToken(`42.${flipped}`, secret)).toBeNull();
    for (const junk of ['', '42', '42.', '.abc', '0.' + sig, '-1.' + sig, `42.${sig}x`, `99999999999.${sig}`, 'x'.repeat(300)]) {
      expect(verifyUnsubscribeToken(junk, secret), junk).toBeNull();
    }
  });
});

describe('the alert e-mail', () => {
  const content = composeAlert(
    [
      arrival({ plu: '12345', productName: 'Stagg <Batch 25>', storeId: 7, storeNumber: 12, storeNickname: 'North Hills', newQuantity: 3 }),
      arrival({ plu: '12345', productName: 'Stagg <Batch 25>', storeId: 9, storeNumber: 3, storeNickname: 'Cary', changeType: 'increase', delta: 2, newQuantity: 4 }),
    ],
    { maxProducts: 20, earlierSuppressed: 3 },
  );

  it('lists products with stores, quantities, arrival types and links, and an unsubscribe link', () => {
    const mail = alertEmail({ to: 'a@example.test', userId: 5, firstName: 'Casey', kind: 'instant', content });
    expect(mail.kind).toBe('arrival_alert');
    expect(mail.subject).toBe('Arrived: Stagg <Batch 25> at 2 stores');
    expect(mail.text).toContain('Stagg <Batch 25> (PLU 12345) — Allocation, $69.99');
    expect(mail.text).toContain('Cary (store #3), 4421 Six Forks Rd, Raleigh — 4 bottles, restocked (+2), 11:15 AM');
    expect(mail.text).toContain('North Hills (store #12), 4421 Six Forks Rd, Raleigh — 3 bottles, new at this store');
    expect(mail.text).toContain('http://localhost:3000/products/12345');
    expect(mail.text).toContain('/stores/7');
    expect(mail.text).toContain(`${moreArrivalsLine(3)}: http://localhost:3000/todays-arrivals`);
    expect(mail.text).toContain('/unsubscribe?token=5.');
    // HTML: escaped, same links.
    expect(mail.html).toContain('Stagg &lt;Batch 25&gt;');
    expect(mail.html).not.toContain('<Batch');
    expect(mail.html).toContain('href="http://localhost:3000/stores/9"');
    expect(mail.html).toMatch(/href="http:\/\/localhost:3000\/unsubscribe\?token=5\.[A-Za-z0-9_-]{43}"/);
    expect(moreArrivalsLine(1)).toBe("…and 1 more arrival — see Today's Arrivals");
  });

  it('says when it is the last alert of the day, and names digests as such', () => {
    const last = alertEmail({ to: 'a@example.test', userId: 5, firstName: 'Casey', kind: 'instant', content, lastForToday: { dailyCap: 10 } });
    expect(last.text).toContain('This is your last alert e-mail today (limit 10 a day)');
    const digest = alertEmail({ to: 'a@example.test', userId: 5, firstName: 'Casey', kind: 'digest', content });
    expect(digest.kind).toBe('arrival_digest');
    expect(digest.subject).toBe('Your daily arrivals digest: 1 watched product at 2 stores');
    expect(subjectFor('instant', { ...content, products: [...content.products, { ...content.products[0], plu: '2' }] })).toBe(
      '2 watched products arrived at 2 stores',
    );
  });
});

describe('an e-mail with shelf arrivals and shipments', () => {
  const shipment = (overrides: Partial<ShipmentArrivalRow> = {}): ShipmentArrivalRow => ({
    alertId: String(nextId++),
    plu: '12345',
    productName: "Blanton's Single Barrel",
    listingType: 'Allocation',
    retailPrice: 69.99,
    precision: 'board',
    shipmentId: String(nextId++),
    boardId: 53,
    boardName: 'Mecklenburg County',
    boardStores: 31,
    store: null,
    shipDate: '2026-11-20',
    units: 12,
    cases: 2,
    alsoCovers: [],
    ...overrides,
  });
  const boone = { storeId: 301, storeNumber: 1, nickname: 'Boone', address: '2067 Blowing Rock Rd' };
  const rows = [
    shipment(),
    shipment({ precision: 'store_by_shipment', boardId: 43, boardName: 'Boone', boardStores: 1, store: boone, units: 6, cases: 1, alsoCovers: [{ date: '2026-11-19', why: 'missing' }] }),
    arrival({ plu: '12345', productName: "Blanton's Single Barrel", storeId: 7, storeNickname: 'North Hills', newQuantity: 3 }),
    shipment({ plu: '20000', productName: 'Weller 12', listingType: 'Limited' }),
  ];
  const content = composeAlert(rows, { maxProducts: 20 });

  it('lists a product\'s shelf lines, then its shipments (a named store first), and counts places: stores and boards', () => {
    expect(content.products.map((p) => [p.name, p.stores.length, p.shipments.map((s) => s.boardName)])).toEqual([
      ["Blanton's Single Barrel", 1, ['Boone', 'Mecklenburg County']],
      ['Weller 12', 0, ['Mecklenburg County']],
    ]);
    // North Hills, Boone's store, Mecklenburg County (twice, one place).
    expect(content.placeCount).toBe(3);
    expect(content).toMatchObject({ hasShelf: true, hasShipments: true, moreArrivals: 0 });
    expect(composeAlert(rows, { maxProducts: 1 }).moreArrivals).toBe(1);
  });

  it('words each line by its precision, never a shipment as a shelf, with the days it also counts', () => {
    const mail = alertEmail({ to: 'a@example.test', userId: 5, firstName: 'Casey', kind: 'instant', content });
    expect(mail.subject).toBe('2 watched products arrived or shipped to 3 places');
    const blantons = mail.text.slice(mail.text.indexOf("Blanton's Single Barrel (PLU"), mail.text.indexOf('Weller 12 (PLU'));
    expect(blantons.split('\n').filter((l) => l.startsWith('  • '))).toEqual([
      '  • North Hills (store #11), 4421 Six Forks Rd, Raleigh — 3 bottles, new at this store, 11:15 AM',
      "  • Shipped to this store's board on 11/20/2026 (between 11/19/2026 and 11/20/2026: the report for 11/19/2026 was missing): Boone, 2067 Blowing Rock Rd (Boone's only store) — 1 case (6 bottles). Not yet seen on a shelf.",
      '  • Shipped to Mecklenburg County on 11/20/2026 — 2 cases (12 bottles) for one of its 31 stores; the state does not say which.',
    ]);
    expect(blantons).toContain('http://localhost:3000/stores/301');
    expect(blantons).toContain('http://localhost:3000/todays-arrivals?board=53&date=2026-11-20');
    expect(mail.text).toContain('Bottles from your watchlist just arrived on store shelves or were shipped to your boards:');
    expect(mail.text).toContain("Shipments come from the state's daily shipment report");
    expect(mail.html).toContain("Shipped to this store's board on 11/20/2026");
    expect(mail.html).toContain('for one of its 31 stores; the state does not say which.');
    expect(mail.html).toContain('href="http://localhost:3000/todays-arrivals?board=53&amp;date=2026-11-20"');
  });

  it('has its own subjects when only shipments are listed', () => {
    const one = composeAlert([shipment()], { maxProducts: 20 });
    expect(subjectFor('instant', one)).toBe("Shipped: Blanton's Single Barrel to 1 place");
    const mail = alertEmail({ to: 'a@example.test', userId: 5, firstName: 'Casey', kind: 'instant', content: one });
    expect(mail.text).toContain('The state just shipped bottles from your watchlist to your boards:');
    expect(mail.text).not.toContain('Shelf counts');
    const two = composeAlert([shipment(), shipment({ plu: '20000', productName: 'Weller 12', boardId: 43, boardName: 'Boone' })], { maxProducts: 20 });
    expect(subjectFor('instant', two)).toBe('2 watched products shipped to 2 places');
    expect(subjectFor('digest', two)).toBe('Your daily arrivals digest: 2 watched products at 2 places');
    expect(subjectFor('instant', composeAlert([shipment(), arrival({ plu: '12345' })], { maxProducts: 20 }))).toBe("Arrived or shipped: Blanton's Single Barrel to 2 places");
  });
});

describe('settings helpers', () => {
  it('labels hours and parses the minimum quantity', () => {
    expect([0, 9, 12, 17, 23].map(hourLabel)).toEqual(['12 AM', '9 AM', '12 PM', '5 PM', '11 PM']);
    expect(['1', ' 12 ', '99'].map(parseMinQuantity)).toEqual([1, 12, 99]);
    expect(['0', '100', '', '2.5', '-1', 'abc'].map(parseMinQuantity)).toEqual([null, null, null, null, null, null]);
  });
});
