import { env } from '../../../env.ts';
import { usDate } from '../../../reports-client/format.ts';
import { NY_TZ } from '../../../time.ts';
import type { AlertContent, ProductBlock } from '../../compose.ts';
import { alertPath, arrivalLabel, awayNote, comingText, forecastNote, incomingText, links, moreArrivalsLine, priceLabel, shipmentText, subjectFor, type AlertRenderInput } from '../../words.ts';

// An alert as a Discord message: one embed with the e-mail's subject as its title (linked to the screen a
// phone notification opens), a field per product listing its stores or shipments with quantities, the time
// the figures are from in the footer. Built from the same composed content as the e-mail and the push
// message. Product and store names are the state's text: markdown is escaped and no mention is ever parsed,
// so a name cannot ping @everyone. Limits are Discord's (embed title 256, field 1024, description 4096).

export interface DiscordEmbed {
  title: string;
  url?: string;
  description?: string;
  color?: number;
  fields?: { name: string; value: string; inline?: boolean }[];
  timestamp?: string;
  footer?: { text: string };
}

export interface DiscordMessage {
  username: string;
  content?: string;
  embeds: DiscordEmbed[];
  /** Never parse mentions: the message may hold text we did not write. */
  allowed_mentions: { parse: [] };
}

const BRAND = 0x8a4b12;
const PRODUCT = 'NC Bourbon Tracker';
const time = new Intl.DateTimeFormat('en-US', { timeZone: NY_TZ, hour: 'numeric', minute: '2-digit' });

/** Discord markdown, and mention and link syntax, shown as typed. */
export const escapeMarkdown = (s: string) => s.replace(/([\\*_~`|>#[\]()<@])/g, '\\$1');

const cut = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, max - 1)}…`);

function productField(p: ProductBlock): { name: string; value: string } {
  const lines = [
    ...p.stores.map(
      (s) =>
        `• **${s.quantity} ${s.quantity === 1 ? 'bottle' : 'bottles'}** at [${escapeMarkdown(s.nickname)} (#${s.storeNumber})](${links.store(s.storeId)})${escapeMarkdown(awayNote(s.away))} — ` +
        `${arrivalLabel(s.changeType, s.delta)}, ${time.format(s.checkedAt)}${forecastNote(s)}`,
    ),
    ...p.shipments.map((s) => `• ${escapeMarkdown(shipmentText(s))}`),
    ...p.incoming.map((s) => `• ${escapeMarkdown(incomingText(p, s))} [Incoming](${links.incoming(s.boardId)})`),
    ...p.coming.map((s) => `• ${escapeMarkdown(comingText(p, s))} [Product](${links.product(p.plu)})`),
  ];
  // A field holds 1024 characters: whole lines only, then how many more.
  let value = '';
  for (const [i, line] of lines.entries()) {
    const rest = lines.length - i - 1;
    const tail = rest ? `\n…and ${rest} more` : '';
    if ((value ? value.length + 1 : 0) + line.length + tail.length > 1024) {
      value += `${value ? '\n' : ''}…and ${lines.length - i} more`;
      break;
    }
    value += `${value ? '\n' : ''}${line}`;
  }
  return { name: cut(`${escapeMarkdown(p.name)} · ${p.listingType} · ${priceLabel(p.retailPrice)}`, 256), value: value || '—' };
}

/** "Shelf counts as of 3:05 PM · shipment report of 11/20/2026": when the figures are from. */
function dataAge(content: AlertContent): string {
  const parts: string[] = [];
  const checked = content.products.flatMap((p) => p.stores.map((s) => s.checkedAt.getTime()));
  if (checked.length) parts.push(`Shelf counts as of ${time.format(new Date(Math.max(...checked)))} (may not be real-time: call before you drive)`);
  const days = content.products.flatMap((p) => [...p.shipments, ...p.incoming].map((s) => s.shipDate)).sort();
  if (days.length) parts.push(`State shipment report of ${usDate(days[days.length - 1])} (shipped, not yet on a shelf)`);
  if (content.hasIncoming) parts.push('On its way: a forecast, not a promise');
  if (content.hasComing) parts.push("Coming to NC: the Commission's price list, allocated list and warehouse report (weeks from a shelf)");
  return [...parts, PRODUCT].join(' · ');
}

export function renderDiscord({ kind, content }: AlertRenderInput, now = new Date()): DiscordMessage {
  const checked = content.products.flatMap((p) => p.stores.map((s) => s.checkedAt.getTime()));
  const description = [
    kind === 'digest' ? 'Your daily digest of watched bottles.' : null,
    content.moreArrivals > 0 ? `[${moreArrivalsLine(content.moreArrivals)}](${links.todaysArrivals()})` : null,
  ].filter(Boolean);
  return {
    username: PRODUCT,
    embeds: [
      {
        title: cut(subjectFor(kind, content), 256),
        url: new URL(alertPath(content), env().APP_URL).toString(),
        ...(description.length ? { description: description.join('\n') } : {}),
        color: BRAND,
        // Discord shows at most 25 fields.
        fields: content.products.slice(0, 25).map(productField),
        timestamp: new Date(checked.length ? Math.max(...checked) : now.getTime()).toISOString(),
        footer: { text: cut(dataAge(content), 2048) },
      },
    ],
    allowed_mentions: { parse: [] },
  };
}

/** The test message of the profile's "Send a test message". */
export function discordTestMessage(): DiscordMessage {
  return {
    username: PRODUCT,
    embeds: [
      {
        title: 'Test message: Discord alerts work',
        url: new URL('/profile#discord', env().APP_URL).toString(),
        description: 'Arrival alerts for your watchlist will look like this: the product, the stores or board, and how many bottles.',
        color: BRAND,
        timestamp: new Date().toISOString(),
        footer: { text: PRODUCT },
      },
    ],
    allowed_mentions: { parse: [] },
  };
}
