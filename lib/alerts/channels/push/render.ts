import { plural } from '../../../reports-client/format.ts';
import { shipmentBrief } from '../../../reports-client/precision.ts';
import { forecastLeadWords, onItsWayBrief } from '../../on-its-way.ts';
import type { PushPayload } from './rules.ts';
import { awayWords } from '../../../places/rules.ts';
import type { AlertContent, Away, ProductBlock, ShipmentLine, StoreLine } from '../../compose.ts';
import { alertPath, comingBrief, onItsWayFigure, type AlertRenderInput } from '../../words.ts';

// An alert as a phone notification, from the same composed content the e-mail is written from
// (composeAlert): the product(s), where (a store, or the board at its precision: a shipment to a board of
// several stores never names one) and how many, and the screen a tap opens. Phones cut long text, so the
// title stays within TITLE_MAX and the body within BODY_MAX characters. Pure.

export const TITLE_MAX = 50;
export const BODY_MAX = 150;

/** `text` within `max` characters, cut at a word where it can be, with an ellipsis. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:—-]+$/, '')}…`;
}

/** " (9.0 mi)", " (nearest store 12 mi)": how far, in a phone's few words. */
const awayBrief = (away: Away | undefined) => (away ? ` (${away.store ? 'nearest store ' : ''}${awayWords(away)})` : '');

/** A forecast arrival says so ("forecast 2 days ahead"); "not forecast" is left to the e-mail and Discord: a phone's words are few. */
const shelfBrief = (s: StoreLine) =>
  `${plural(s.quantity, 'bottle')} at ${s.nickname}${awayBrief(s.away)}${s.forecast?.leadMinutes != null ? `, ${forecastLeadWords(s.forecast.leadMinutes).toLowerCase()}` : ''}`;

const shipBrief = (s: ShipmentLine) =>
  (s.precision === 'store_by_shipment' && s.store
    ? shipmentBrief({ precision: 'store_by_shipment', board: s.boardName, store: s.store.nickname, units: s.units })
    : shipmentBrief({ precision: 'board', board: s.boardName, stores: s.boardStores, units: s.units })) + awayBrief(s.away);

/** Every place of a product, finest first: its shelves, then its shipments, then what is on its way. */
const briefs = (p: ProductBlock) => [
  ...p.stores.map(shelfBrief),
  ...p.shipments.map(shipBrief),
  ...p.incoming.map((s) => `On its way: ${onItsWayBrief(onItsWayFigure(p.name, s))}`),
  ...p.coming.map((s) => `Coming to NC: ${comingBrief(s)}`),
];

/** What happened, as a verb: shelf arrivals arrive, shipments are shipped (a shipment on its way too), or, alone, on its way. */
function verb(content: AlertContent): string {
  if (content.hasComing && !content.hasIncoming && !content.hasShipments && !content.hasShelf) return 'coming to NC';
  if (content.hasIncoming && !content.hasShipments && !content.hasShelf) return 'on its way';
  if (!content.hasShipments && !content.hasIncoming) return 'arrived';
  return content.hasShelf ? 'arrived or shipped' : 'shipped';
}

export function renderPush({ kind, content }: AlertRenderInput): PushPayload {
  const n = content.products.length;
  const what = verb(content);
  const title =
    kind === 'digest'
      ? `Your arrivals digest: ${plural(n, 'product')}`
      : n === 1
        ? `${what === 'coming to NC' ? 'Coming to NC' : `${what[0].toUpperCase()}${what.slice(1)}`}: ${content.products[0].name}`
        : `${n} watched products ${what === 'on its way' ? 'on their way' : what}`;
  // "Coming to NC: Blanton's Gold", as the e-mail's subject.
  const lines =
    n === 1
      ? briefs(content.products[0])
      : content.products.map((p) => {
          const [first, ...rest] = briefs(p);
          return `${p.name}: ${first}${rest.length ? ` +${rest.length} more` : ''}`;
        });
  const more = content.moreArrivals > 0 ? ` (+${content.moreArrivals} more)` : '';
  return {
    title: clip(title, TITLE_MAX),
    body: clip(lines.join('; '), BODY_MAX - more.length) + more,
    url: alertPath(content),
  };
}
