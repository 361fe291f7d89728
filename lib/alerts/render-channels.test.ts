import { describe, expect, it } from 'vitest';
import type { AlertContent, ComingLine, IncomingLine, ProductBlock, ShipmentLine, StoreLine } from './compose.ts';
import { renderDiscord } from './channels/discord/render.ts';
import { BODY_MAX, renderPush, TITLE_MAX } from './channels/push/render.ts';
import { comingText, subjectFor } from './words.ts';

// The push notification and the Discord embed of an alert, from the same composed content the e-mail is
// written from: the product, where (a store, or the board at its precision) and how many, and the screen.

const at = new Date('2026-11-20T20:05:00Z'); // 3:05 PM in New York
const shelf = (storeId: number, nickname: string, quantity: number): StoreLine => ({
  storeId, storeNumber: storeId + 10, nickname, address: `${storeId} Main St`, quantity, delta: quantity, changeType: 'first', checkedAt: at,
});
const boardShipment = (over: Partial<ShipmentLine> = {}): ShipmentLine => ({
  precision: 'board', shipmentId: '1', boardId: 53, boardName: 'Mecklenburg County', boardStores: 31, store: null, shipDate: '2026-11-20', units: 12, cases: 2, alsoCovers: [], ...over,
});
const onItsWay = (over: Partial<IncomingLine> = {}): IncomingLine => ({
  incomingId: '9', boardId: 179, boardName: 'Wake County', boardPrecision: 'shelf', boardStores: 26, shipDate: '2026-11-30', units: 12,
  named: [{ storeId: 5, nickname: 'North Hills', likelihood: 0.81, windowStart: '2026-12-01', windowEnd: '2026-12-04' }], ...over,
});
const comingStep = (over: Partial<ComingLine> = {}): ComingLine => ({
  productEventId: '7', step: 'announced', day: '2026-11-30', listPrice: 129.99, listing: null, bottles: null, cases: null, ...over,
});
const product = (over: Partial<ProductBlock>): ProductBlock => ({ plu: '27090', name: "Blanton's Single Barrel", listingType: 'Allocation', retailPrice: 74.95, stores: [], shipments: [], incoming: [], coming: [], ...over });
const content = (products: ProductBlock[], moreArrivals = 0): AlertContent => {
  const hasShipments = products.some((p) => p.shipments.length > 0);
  const hasShelf = products.some((p) => p.stores.length > 0);
  const hasIncoming = products.some((p) => p.incoming.length > 0);
  const hasComing = products.some((p) => p.coming.length > 0);
  return { products, moreArrivals, placeCount: products.reduce((n, p) => n + p.stores.length + p.shipments.length + p.incoming.length, 0), hasShipments, hasShelf, hasIncoming, hasComing };
};

describe('renderPush', () => {
  it('a board shipment never names a store, says shipped (not arrived), and opens the board\'s day', () => {
    const payload = renderPush({ kind: 'instant', content: content([product({ shipments: [boardShipment()] })]) });
    expect(payload).toEqual({
      title: "Shipped: Blanton's Single Barrel",
      body: '12 bottles shipped to Mecklenburg County (store not named)',
      url: '/todays-arrivals?board=53&date=2026-11-20',
    });
  });

  it('a one-store board\'s shipment names its store and opens the store\'s page', () => {
    const only = { storeId: 88, storeNumber: 1, nickname: 'King St', address: '123 King St' };
    const payload = renderPush({ kind: 'instant', content: content([product({ shipments: [boardShipment({ precision: 'store_by_shipment', boardId: 43, boardName: 'Boone', boardStores: 1, store: only, units: 6 })] })]) });
    expect(payload.body).toBe("6 bottles shipped to Boone's only store, King St");
    expect(payload.url).toBe('/stores/88');
  });

  it('several products: each with its first place, the rest counted, opening Today\'s Arrivals', () => {
    const payload = renderPush({
      kind: 'instant',
      content: content([
        product({ stores: [shelf(1, 'Sandy Forks', 6), shelf(2, 'Cary', 2)] }),
        product({ plu: '18006', name: 'Weller 12', listingType: 'Limited', stores: [shelf(3, 'Wake Forest', 1)] }),
      ]),
    });
    expect(payload).toEqual({ title: '2 watched products arrived', body: "Blanton's Single Barrel: 6 bottles at Sandy Forks +1 more; Weller 12: 1 bottle at Wake Forest", url: '/todays-arrivals' });
  });

  it('keeps the title and body short enough for a phone, and says how many more there are', () => {
    const long = 'Very Old Extremely Rare Single Barrel Cask Strength Kentucky Straight Bourbon Whiskey';
    const stores = Array.from({ length: 20 }, (_, i) => shelf(i + 1, `Store Number ${i + 1} on a Long Road`, 20 - i));
    const payload = renderPush({ kind: 'instant', content: content([product({ name: long, stores })], 7) });
    expect(payload.title.length).toBeLessThanOrEqual(TITLE_MAX);
    expect(payload.title).toMatch(/^Arrived: Very Old Extremely Rare.*…$/);
    expect(payload.body.length).toBeLessThanOrEqual(BODY_MAX);
    expect(payload.body).toMatch(/^20 bottles at Store Number 1 on a Long Road; 19 bottles at .*… \(\+7 more\)$/);
  });

  it('a shipment on its way names the likely store, how likely and when, and opens the board\'s Incoming screen; beside a shelf arrival it is a shipment', () => {
    expect(renderPush({ kind: 'instant', content: content([product({ incoming: [onItsWay()] })]) })).toEqual({
      title: "On its way: Blanton's Single Barrel",
      body: 'On its way: 12 bottles to Wake County: North Hills (8 in 10) Tue 12/1 – Fri 12/4',
      url: '/incoming?board=179',
    });
    const both = content([product({ incoming: [onItsWay()] }), product({ plu: '18006', name: 'Weller 12', stores: [shelf(3, 'Cary', 2)] })]);
    expect(renderPush({ kind: 'instant', content: both }).title).toBe('2 watched products arrived or shipped');
    expect(subjectFor('instant', both)).toBe('2 watched products arrived or shipped to 2 places');
    const forecast = renderPush({ kind: 'instant', content: content([product({ stores: [{ ...shelf(3, 'Cary', 2), forecast: { leadMinutes: 3000 } }, { ...shelf(4, 'Apex', 1), forecast: { leadMinutes: null } }] })]) });
    expect(forecast.body).toBe('2 bottles at Cary, forecast 2 days ahead; 1 bottle at Apex');
  });

  it('coming to NC: the step in a phone\'s words, opening the product\'s page; several products open Coming to NC', () => {
    const gold = { plu: '70001', name: "Blanton's Gold", listingType: 'Unknown', retailPrice: null };
    expect(renderPush({ kind: 'instant', content: content([product({ ...gold, coming: [comingStep()] })]) })).toEqual({
      title: "Coming to NC: Blanton's Gold",
      body: 'Coming to NC: announced at $129.99',
      url: '/products/70001',
    });
    const received = comingStep({ productEventId: '8', step: 'received', listPrice: null, bottles: 240, cases: 40 });
    const listed = comingStep({ productEventId: '9', step: 'listing', listPrice: null, listing: 'Allocation' });
    expect(renderPush({ kind: 'instant', content: content([product({ ...gold, coming: [received, listed] })]) }).body).toBe(
      'Coming to NC: at the state warehouse: 240 bottles; Coming to NC: on the allocated list (Allocation)',
    );
    const two = content([product({ ...gold, coming: [comingStep()] }), product({ plu: '18006', name: 'Weller 12', coming: [listed] })]);
    expect(renderPush({ kind: 'instant', content: two })).toMatchObject({ title: '2 watched products coming to NC', url: '/coming' });
    // Beside a shelf arrival, the places are the shelf's and the products coming are counted.
    const mixed = content([product({ ...gold, coming: [comingStep()] }), product({ plu: '18006', name: 'Weller 12', stores: [shelf(3, 'Cary', 2)] })]);
    expect(subjectFor('instant', mixed)).toBe('Arrived: Weller 12 at 1 store; 1 product coming to NC');
  });

  it('names a digest as one', () => {
    expect(renderPush({ kind: 'digest', content: content([product({ stores: [shelf(1, 'Cary', 3)] })]) }).title).toBe('Your arrivals digest: 1 product');
  });
});

describe('renderDiscord', () => {
  it('one embed: the e-mail\'s subject linked to the screen, a field per product with quantities, the data\'s age, no mentions', () => {
    const c = content([product({ stores: [shelf(1, 'Sandy Forks', 6)], shipments: [boardShipment()] })]);
    const message = renderDiscord({ kind: 'instant', content: c });
    expect(message.allowed_mentions).toEqual({ parse: [] });
    expect(message.embeds).toHaveLength(1);
    const [embed] = message.embeds;
    expect(embed.title).toBe(subjectFor('instant', c));
    expect(embed.url).toBe('http://localhost:3000/products/27090');
    expect(embed.fields).toEqual([
      {
        name: "Blanton's Single Barrel · Allocation · $74.95",
        value:
          '• **6 bottles** at [Sandy Forks (#11)](http://localhost:3000/stores/1) — new at this store, 3:05 PM\n' +
          '• Shipped to Mecklenburg County on 11/20/2026 — 2 cases \\(12 bottles\\) for one of its 31 stores; the state does not say which.',
      },
    ]);
    expect(embed.timestamp).toBe(at.toISOString());
    expect(embed.footer?.text).toBe(
      'Shelf counts as of 3:05 PM (may not be real-time: call before you drive) · State shipment report of 11/20/2026 (shipped, not yet on a shelf) · NC Bourbon Tracker',
    );
  });

  it('a shipment on its way: its words, a link to the board\'s Incoming screen, a forecast not a promise', () => {
    const [embed] = renderDiscord({ kind: 'instant', content: content([product({ incoming: [onItsWay()] })]) }).embeds;
    expect(embed.title).toBe("On its way: Blanton's Single Barrel to 1 place");
    expect(embed.url).toBe('http://localhost:3000/incoming?board=179');
    expect(embed.fields![0].value).toBe(
      "• On its way: Blanton's Single Barrel shipped to Wake County \\(12 bottles\\) on 11/30/2026. Likely at: North Hills \\(very likely, 8 in 10\\) Tue 12/1 – Fri 12/4 " +
        '[Incoming](http://localhost:3000/incoming?board=179)',
    );
    expect(embed.footer?.text).toBe('State shipment report of 11/30/2026 (shipped, not yet on a shelf) · On its way: a forecast, not a promise · NC Bourbon Tracker');
  });

  it('coming to NC: each step\'s line, linked to the product\'s page, and where it comes from', () => {
    const gold = { plu: '70001', name: "Blanton's Gold", listingType: 'Unknown', retailPrice: null };
    const steps = [
      comingStep(),
      comingStep({ productEventId: '8', step: 'listing', day: '2026-12-02', listPrice: null, listing: 'Allocation' }),
      comingStep({ productEventId: '9', step: 'received', day: '2026-12-10', listPrice: null, bottles: 240, cases: 40 }),
    ];
    const p = product({ ...gold, coming: steps });
    expect(steps.map((s) => comingText(p, s))).toEqual([
      "Coming to NC: Blanton's Gold announced in the price list at $129.99",
      "Coming to NC: Blanton's Gold is now on the allocated list (Allocation)",
      "Coming to NC: Blanton's Gold arrived at the state warehouse: 240 bottles (40 cases)",
    ]);
    const [embed] = renderDiscord({ kind: 'instant', content: content([p]) }).embeds;
    expect(embed.title).toBe("Coming to NC: Blanton's Gold");
    expect(embed.url).toBe('http://localhost:3000/products/70001');
    expect(embed.fields).toEqual([
      {
        name: "Blanton's Gold · Unknown · price not available",
        value: [
          "• Coming to NC: Blanton's Gold announced in the price list at $129.99 [Product](http://localhost:3000/products/70001)",
          "• Coming to NC: Blanton's Gold is now on the allocated list \\(Allocation\\) [Product](http://localhost:3000/products/70001)",
          "• Coming to NC: Blanton's Gold arrived at the state warehouse: 240 bottles \\(40 cases\\) [Product](http://localhost:3000/products/70001)",
        ].join('\n'),
      },
    ]);
    expect(embed.footer?.text).toBe("Coming to NC: the Commission's price list, allocated list and warehouse report (weeks from a shelf) · NC Bourbon Tracker");
  });

  it('shows names as typed: markdown and mentions are escaped', () => {
    const [embed] = renderDiscord({ kind: 'instant', content: content([product({ name: '@everyone *Rare* <@123>', stores: [shelf(1, '__Cary__', 1)] })]) }).embeds;
    expect(embed.fields![0].name).toBe('\\@everyone \\*Rare\\* \\<\\@123\\> · Allocation · $74.95');
    expect(embed.fields![0].value).toContain('[\\_\\_Cary\\_\\_ (#11)]');
  });

  it('keeps a field within Discord\'s 1024 characters, whole lines, and counts the rest', () => {
    const stores = Array.from({ length: 40 }, (_, i) => shelf(i + 1, `Store ${i + 1}`, 3));
    const [embed] = renderDiscord({ kind: 'instant', content: content([product({ stores })], 2) }).embeds;
    const value = embed.fields![0].value;
    expect(value.length).toBeLessThanOrEqual(1024);
    expect(value).toMatch(/\n…and \d+ more$/);
    expect(embed.description).toBe("[…and 2 more arrivals — see Today's Arrivals](http://localhost:3000/todays-arrivals)");
  });
});

describe('how far, where the hunter keeps a place (issue 39)', () => {
  const near = { miles: 4.2, approximate: false };
  const roughly = { miles: 12.46, approximate: true };
  const withAway = content([
    product({
      stores: [{ ...shelf(1, 'Sandy Forks', 6), away: near }],
      shipments: [boardShipment({ away: { ...roughly, store: 'Matthews' } })],
      incoming: [onItsWay({ named: [{ storeId: 5, nickname: 'North Hills', likelihood: 0.81, windowStart: '2026-12-01', windowEnd: '2026-12-04', away: near }] })],
    }),
  ]);

  it('a phone says each store\'s miles, and a board of several stores its nearest store\'s, approximate ones marked', () => {
    const { body } = renderPush({ kind: 'instant', content: withAway });
    expect(body).toContain('6 bottles at Sandy Forks (4.2 mi)');
    expect(body).toContain('Mecklenburg County (store not named) (nearest store ≈ 12 mi)');
    const alone = renderPush({ kind: 'instant', content: content([product({ incoming: withAway.products[0].incoming })]) });
    expect(alone.body).toContain('North Hills, 4.2 mi (8 in 10)');
  });

  it('Discord says the same, and nothing of distance without a place', () => {
    const [field] = renderDiscord({ kind: 'instant', content: withAway }).embeds[0].fields!;
    expect(field.value).toContain('· 4.2 mi away —');
    expect(field.value).toContain('· nearest store Matthews, ≈ 12 mi away');
    expect(field.value).toContain('North Hills, 4.2 mi \\(very likely, 8 in 10');
    const [plain] = renderDiscord({ kind: 'instant', content: content([product({ stores: [shelf(1, 'Sandy Forks', 6)] })]) }).embeds[0].fields!;
    expect(plain.value).not.toContain(' mi');
  });
});
