import { env } from '../env.ts';
import { plural } from '../reports-client/format.ts';
import { shipmentAlertLine } from '../reports-client/precision.ts';
import { awayWords } from '../places/rules.ts';
import type { AlertContent, ArrivalType, Away, ComingLine, IncomingLine, ProductBlock, ShipmentLine, StoreLine } from './compose.ts';
import { forecastLeadWords, onItsWayLine, type OnItsWayFigure } from './on-its-way.ts';

// The words and links every channel writes an alert with (lib/alerts/channels/<name>/render.ts), from the one
// composed content (composeAlert): a product, a store or a board, a shipment, a shipment on its way. Pure.

/** What a channel renders: one message of composed alerts, a digest or the alerts of a run. */
export interface AlertRenderInput {
  kind: 'instant' | 'digest';
  content: AlertContent;
}

/** An absolute link into the app (APP_URL). */
export const url = (p: string) => new URL(p, env().APP_URL).toString();

export const links = {
  // Where is it now: every covered board's stores holding it (one e-mail lists stores of several boards).
  product: (plu: string) => url(`/products/${encodeURIComponent(plu)}`),
  store: (storeId: number) => url(`/stores/${storeId}`),
  todaysArrivals: () => url('/todays-arrivals'),
  /** What was shipped to a board on a day. */
  boardDay: (boardId: number, date: string) => url(`/todays-arrivals?board=${boardId}&date=${date}`),
  /** What is on its way to a board (the Incoming screen, which takes its board as ?board=). */
  incoming: (boardId: number) => url(`/incoming?board=${boardId}`),
  settings: () => url('/profile#arrival-alerts'),
  /** Hunted products announced or at the state warehouse, not shipped yet. */
  coming: () => url('/coming'),
};


export function arrivalLabel(changeType: ArrivalType, delta: number): string {
  return changeType === 'first' ? 'new at this store' : `restocked (+${delta})`;
}

export function priceLabel(price: number | null): string {
  return price === null ? 'price not available' : `$${price.toFixed(2)}`;
}

export function moreArrivalsLine(n: number): string {
  return `…and ${plural(n, 'more arrival')} — see Today's Arrivals`;
}

/**
 * Shelf arrivals count stores; once a shipment is listed they count places (a store or a board). A shipment on its
 * way is a shipment too; alone, the subject says it is on its way.
 */
export function subjectFor(kind: 'instant' | 'digest', content: AlertContent): string {
  const coming = content.products.filter((p) => p.coming.length > 0).length;
  // Only products coming to NC: about no place.
  if (content.hasComing && !content.hasShelf && !content.hasShipments && !content.hasIncoming) {
    if (kind === 'digest') return `Your daily arrivals digest: ${plural(coming, 'watched product')} coming to NC`;
    return coming === 1 ? `Coming to NC: ${content.products[0].name}` : `${coming} watched products coming to NC`;
  }
  // The places are those of the products with a store, a shipment or a shipment on its way; the others are counted after.
  const subject = placesSubject(kind, { ...content, products: content.products.filter((p) => p.stores.length || p.shipments.length || p.incoming.length) });
  return coming ? `${subject}; ${plural(coming, 'product')} coming to NC` : subject;
}

function placesSubject(kind: 'instant' | 'digest', content: AlertContent): string {
  const shipped = content.hasShipments || content.hasIncoming;
  const places = shipped ? plural(content.placeCount, 'place') : plural(content.placeCount, 'store');
  const n = content.products.length;
  if (kind === 'digest') return `Your daily arrivals digest: ${plural(n, 'watched product')} at ${places}`;
  if (content.hasIncoming && !content.hasShipments && !content.hasShelf) {
    return n === 1 ? `On its way: ${content.products[0].name} to ${places}` : `${n} watched products on their way to ${places}`;
  }
  if (!shipped) return n === 1 ? `Arrived: ${content.products[0].name} at ${places}` : `${n} watched products arrived at ${places}`;
  const verb = content.hasShelf ? 'arrived or shipped' : 'shipped';
  if (n === 1) return `${content.hasShelf ? 'Arrived or shipped' : 'Shipped'}: ${content.products[0].name} to ${places}`;
  return `${n} watched products ${verb} to ${places}`;
}

/**
 * How far, where the hunter keeps a place (issue 39): " · 9.0 mi away", or for a board whose shipments name no store
 * " · nearest store Knightdale, 12 mi away"; nothing without a place.
 */
export function awayNote(away: Away | undefined): string {
  if (!away) return '';
  return away.store ? ` · nearest store ${away.store}, ${awayWords(away)} away` : ` · ${awayWords(away)} away`;
}

/** The words of one shipment line (lib/reports-client/precision.ts, shared with the screens), and how far. */
export function shipmentText(s: ShipmentLine): string {
  const figure = { board: s.boardName, date: s.shipDate, cases: s.cases, units: s.units, alsoCovers: s.alsoCovers };
  const line =
    s.precision === 'store_by_shipment' && s.store
      ? shipmentAlertLine({ precision: 'store_by_shipment', ...figure, store: s.store.nickname, address: s.store.address })
      : shipmentAlertLine({ precision: 'board', ...figure, stores: s.boardStores });
  return `${line}${awayNote(s.away)}`;
}

/** A shipment on its way as the shared words see it (lib/reports-client/precision.ts). */
export function onItsWayFigure(product: string, s: IncomingLine): OnItsWayFigure {
  return {
    product,
    board: s.boardName,
    precision: s.boardPrecision,
    boardStores: s.boardStores,
    date: s.shipDate,
    units: s.units,
    // A named store says how far it is: "North Hills, 9.0 mi (very likely, 8 in 10) …".
    named: s.named.map((n) => ({
      store: n.nickname !== null && n.away ? `${n.nickname}, ${awayWords(n.away)}` : n.nickname,
      likelihood: n.likelihood,
      windowStart: n.windowStart,
      windowEnd: n.windowEnd,
    })),
  };
}

/** "On its way: … Likely at: …" for one incoming of product `p`. */
export const incomingText = (p: Pick<ProductBlock, 'name'>, s: IncomingLine) => `${onItsWayLine(onItsWayFigure(p.name, s))}${awayNote(s.away)}`;

/**
 * One step of a product's way to NC, without the product's name: "announced in the price list at $129.99", "is now on
 * the allocated list (Allocation)", "arrived at the state warehouse: 240 bottles (40 cases)".
 */
export function comingStepWords(s: ComingLine): string {
  switch (s.step) {
    case 'announced':
      return `announced in the price list${s.listPrice === null ? '' : ` at ${priceLabel(s.listPrice)}`}`;
    case 'listing':
      return `is now on the allocated list${s.listing ? ` (${s.listing})` : ''}`;
    case 'received':
      return `arrived at the state warehouse${s.bottles === null ? '' : `: ${plural(s.bottles, 'bottle')}${s.cases ? ` (${plural(s.cases, 'case')})` : ''}`}`;
  }
}

/** "Coming to NC: Blanton's Gold announced in the price list at $129.99", for one product event of product `p`. */
export const comingText = (p: Pick<ProductBlock, 'name'>, s: ComingLine) => `Coming to NC: ${p.name} ${comingStepWords(s)}`;

/** A phone's few words: "announced at $129.99", "on the allocated list (Allocation)", "at the state warehouse: 240 bottles". */
export function comingBrief(s: ComingLine): string {
  switch (s.step) {
    case 'announced':
      return `announced${s.listPrice === null ? '' : ` at ${priceLabel(s.listPrice)}`}`;
    case 'listing':
      return `on the allocated list${s.listing ? ` (${s.listing})` : ''}`;
    case 'received':
      return `at the state warehouse${s.bottles === null ? '' : `: ${plural(s.bottles, 'bottle')}`}`;
  }
}

/** A shelf arrival's "Forecast 2 days ahead" / "Not forecast", where forecasts are made for it. */
export const forecastNote = (s: StoreLine) => (s.forecast ? ` — ${forecastLeadWords(s.forecast.leadMinutes)}` : '');

/** The path of the screen that shows what the alert is about (lib/routes.ts). */
export function alertPath(content: AlertContent): string {
  // Only products coming to NC, several of them: the Coming to NC screen.
  if (content.products.length > 1 && content.products.every((p) => !p.stores.length && !p.shipments.length && !p.incoming.length)) return '/coming';
  if (content.products.length !== 1) return '/todays-arrivals';
  const [p] = content.products;
  // One shipment on its way and nothing else: the Incoming screen of its board.
  if (!p.stores.length && !p.shipments.length && p.incoming.length === 1) return `/incoming?board=${p.incoming[0].boardId}`;
  // One shipment and nothing else: the store of a one-store board, or the board's day.
  if (!p.stores.length && !p.incoming.length && p.shipments.length === 1) {
    const [s] = p.shipments;
    return s.precision === 'store_by_shipment' && s.store ? `/stores/${s.store.storeId}` : `/todays-arrivals?board=${s.boardId}&date=${s.shipDate}`;
  }
  // Where is it now: every place holding it.
  return `/products/${encodeURIComponent(p.plu)}`;
}
