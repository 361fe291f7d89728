import type { MailMessage } from '../../../mail/index.ts';
import { plural } from '../../../reports-client/format.ts';
import { REPORT_GAPS_HEADING, reportGapLine } from '../../../reports-client/precision.ts';
import { NY_TZ } from '../../../time.ts';
import type { AlertContent, ProductBlock, ShipmentLine } from '../../compose.ts';
import type { ReportGap } from '../../report-days.ts';
import { arrivalLabel, awayNote, comingText, forecastNote, incomingText, links, moreArrivalsLine, priceLabel, shipmentText, subjectFor, url } from '../../words.ts';
import { unsubscribeToken } from './token.ts';

// The arrival alert and digest e-mails, as text and HTML, in the look of lib/mail/templates.ts (same
// colours, card and type). Every link is built from APP_URL; every e-mail carries its unsubscribe link.

const PRODUCT = 'NC Bourbon Tracker';
const MUTED = 'color:#6b5e52;font-size:13px';

export const ALERT_KINDS = { instant: 'arrival_alert', digest: 'arrival_digest' } as const;

const unsubscribeLink = (userId: number) => url(`/unsubscribe?token=${encodeURIComponent(unsubscribeToken(userId))}`);
const timeFormat = new Intl.DateTimeFormat('en-US', { timeZone: NY_TZ, hour: 'numeric', minute: '2-digit' });

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Where a shipment line links: the store's page for a one-store board, else the board's day. */
const shipmentLink = (s: ShipmentLine) => (s.precision === 'store_by_shipment' && s.store ? links.store(s.store.storeId) : links.boardDay(s.boardId, s.shipDate));

export interface AlertEmailInput {
  to: string;
  userId: number;
  firstName: string;
  kind: 'instant' | 'digest';
  content: AlertContent;
  /** This e-mail uses up the day's allowance of alert e-mails. */
  lastForToday?: { dailyCap: number };
  /** A digest's days without a whole shipment report for the user's boards (lib/alerts/report-days.ts). */
  reportGaps?: ReportGap[];
}

function productText(p: ProductBlock): string {
  const lines = [`${p.name} (PLU ${p.plu}) — ${p.listingType}, ${priceLabel(p.retailPrice)}`, `  ${links.product(p.plu)}`];
  for (const s of p.stores) {
    lines.push(
      `  • ${s.nickname} (store #${s.storeNumber}), ${s.address}${awayNote(s.away)} — ${plural(s.quantity, 'bottle')}, ${arrivalLabel(s.changeType, s.delta)}, ${timeFormat.format(s.checkedAt)}${forecastNote(s)}`,
      `    ${links.store(s.storeId)}`,
    );
  }
  for (const s of p.shipments) lines.push(`  • ${shipmentText(s)}`, `    ${shipmentLink(s)}`);
  for (const s of p.incoming) lines.push(`  • ${incomingText(p, s)}`, `    ${links.incoming(s.boardId)}`);
  for (const s of p.coming) lines.push(`  • ${comingText(p, s)}`);
  return lines.join('\n');
}

function productHtml(p: ProductBlock): string {
  const stores = p.stores
    .map(
      (s) =>
        `<li style="margin:0 0 8px"><a href="${escape(links.store(s.storeId))}" style="color:#8a4b12;font-weight:600">${escape(s.nickname)}</a>` +
        ` <span style="${MUTED}">store #${s.storeNumber}</span> — <strong>${plural(s.quantity, 'bottle')}</strong>, ` +
        `${escape(arrivalLabel(s.changeType, s.delta))}, ${escape(timeFormat.format(s.checkedAt))}${escape(forecastNote(s))}` +
        `<br><span style="${MUTED}">${escape(s.address)}${escape(awayNote(s.away))}</span></li>`,
    )
    .join('');
  const shipments = p.shipments
    .map((s) => `<li style="margin:0 0 8px">${escape(shipmentText(s))} <a href="${escape(shipmentLink(s))}" style="color:#8a4b12">Details</a></li>`)
    .join('');
  const incoming = p.incoming
    .map((s) => `<li style="margin:0 0 8px">${escape(incomingText(p, s))} <a href="${escape(links.incoming(s.boardId))}" style="color:#8a4b12">Incoming</a></li>`)
    .join('');
  const coming = p.coming
    .map((s) => `<li style="margin:0 0 8px">${escape(comingText(p, s))} <a href="${escape(links.product(p.plu))}" style="color:#8a4b12">Product</a></li>`)
    .join('');
  return (
    `<div style="border-top:1px solid #e3d9cc;padding:14px 0 4px">` +
    `<a href="${escape(links.product(p.plu))}" style="color:#231c16;font-weight:700;font-size:16px">${escape(p.name)}</a>` +
    `<div style="${MUTED};margin:2px 0 8px">${escape(p.listingType)} · ${escape(priceLabel(p.retailPrice))} · PLU ${escape(p.plu)}</div>` +
    `<ul style="margin:0;padding-left:18px">${stores}${shipments}${incoming}${coming}</ul></div>`
  );
}

export function alertEmail(input: AlertEmailInput): MailMessage {
  const { content } = input;
  // A shipment on its way is a shipment to the user's boards, with a forecast of where and when.
  const shipped = content.hasShipments || content.hasIncoming;
  const what = shipped ? (content.hasShelf ? 'arrived on store shelves or was shipped to your boards' : 'was shipped to your boards') : 'arrived on store shelves';
  // Only products coming to NC: about no shelf and no board.
  const comingOnly = content.hasComing && !content.hasShelf && !content.hasShipments && !content.hasIncoming;
  const placesIntro =
    input.kind === 'digest'
      ? `Here is what ${what} from your watchlist since your last digest:`
      : content.hasShelf
        ? `Bottles from your watchlist just ${shipped ? 'arrived on store shelves or were shipped to your boards' : 'arrived on store shelves'}:`
        : content.hasShipments
          ? 'The state just shipped bottles from your watchlist to your boards:'
          : 'The state just shipped bottles from your watchlist to your boards. Where and when they will likely reach the shelves:';
  const intro = comingOnly
    ? input.kind === 'digest'
      ? 'Here is what from your watchlist is coming to North Carolina, since your last digest:'
      : 'Products from your watchlist are on their way to North Carolina:'
    : content.hasComing
      ? `${placesIntro.slice(0, -1)} (and what is coming to North Carolina):`
      : placesIntro;
  const caution = [
    content.hasShelf && "Shelf counts come from the boards' public inventory pages and may not be real-time; call the store before you drive there.",
    content.hasShipments &&
      "Shipments come from the state's daily shipment report (published about 11 AM): the bottles left the state warehouse for that board. They are not a shelf count, and may take days to reach a shelf.",
    content.hasIncoming &&
      "On its way is a forecast from the state's shipment report and each board's own history of where and how many days later its shipments reached the shelves: likely stores and days, not a promise.",
    content.hasComing &&
      "Coming to NC comes from the Commission's price list, its allocated and limited list and the state warehouse report: such a product is usually weeks from any shelf.",
  ]
    .filter(Boolean)
    .join(' ');
  const more = content.moreArrivals > 0 ? moreArrivalsLine(content.moreArrivals) : null;
  const last = input.lastForToday
    ? `This is your last alert e-mail today (limit ${input.lastForToday.dailyCap} a day). Later arrivals today are on Today's Arrivals and counted in your next alert.`
    : null;
  const gaps = (input.reportGaps ?? []).map((g) => reportGapLine(g.boardName, g.note));
  const unsubscribe = unsubscribeLink(input.userId);
  const title =
    input.kind === 'digest'
      ? 'Your daily arrivals digest'
      : comingOnly
        ? 'Watched bottles coming to NC'
        : content.hasIncoming && !content.hasShelf && !content.hasShipments
        ? 'Watched bottles on their way'
        : `Watched bottles ${content.hasShelf ? (shipped ? 'arrived or shipped' : 'arrived') : 'shipped'}`;

  const text = [
    `Hi ${input.firstName},`,
    intro,
    content.products.map(productText).join('\n\n'),
    more && `${more}: ${links.todaysArrivals()}`,
    gaps.length ? [REPORT_GAPS_HEADING, ...gaps.map((g) => `  • ${g}`)].join('\n') : null,
    caution,
    last,
    `Change your alert settings: ${links.settings()}\nUnsubscribe from arrival alerts: ${unsubscribe}`,
  ]
    .filter(Boolean)
    .join('\n\n');

  const html = `<!doctype html><html><body style="margin:0;background:#faf7f2;font-family:system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif;color:#231c16">
<div style="max-width:560px;margin:0 auto;padding:24px">
<div style="font-weight:700;color:#8a4b12;margin-bottom:16px">${PRODUCT}</div>
<div style="background:#fff;border:1px solid #e3d9cc;border-radius:10px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escape(title)}</h1>
<p style="margin:0 0 14px">Hi ${escape(input.firstName)},</p>
<p style="margin:0 0 14px">${escape(intro)}</p>
${content.products.map(productHtml).join('\n')}
${more ? `<p style="margin:14px 0;font-weight:600"><a href="${escape(links.todaysArrivals())}" style="color:#8a4b12">${escape(more)}</a></p>` : ''}
${gaps.length ? `<p style="margin:14px 0 6px">${escape(REPORT_GAPS_HEADING)}</p><ul style="margin:0;padding-left:18px">${gaps.map((g) => `<li style="margin:0 0 6px">${escape(g)}</li>`).join('')}</ul>` : ''}
<p style="margin:14px 0 0;${MUTED}">${escape(caution)}</p>
${last ? `<p style="margin:14px 0 0;padding:10px 12px;background:#fdf3e3;border-radius:8px">${escape(last)}</p>` : ''}
</div>
<p style="${MUTED};margin-top:16px">You receive arrival alerts because you turned them on at ${PRODUCT}.
<a href="${escape(links.settings())}" style="color:#6b5e52">Alert settings</a> ·
<a href="${escape(unsubscribe)}" style="color:#6b5e52">Unsubscribe</a></p>
</div></body></html>`;

  return {
    to: input.to,
    kind: ALERT_KINDS[input.kind],
    subject: subjectFor(input.kind, content),
    text,
    html,
    // Mail clients show their own "Unsubscribe" button for this header.
    headers: { 'List-Unsubscribe': `<${unsubscribe}>` },
  };
}
