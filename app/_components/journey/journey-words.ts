import { listingTypeLabel } from '@/lib/catalog/hunted';
import type { ComingProduct, JourneyForecastPlace, JourneyForecastStep, JourneyStage, JourneyStep, ProductJourney } from '@/lib/catalog/types';
import { boardPlaceWords, whenWords } from '@/lib/reports-client/forecast';
import { formatUsDate, nyDate, plural, price, usDateTime, usTime } from '@/lib/reports-client/format';

// The words of a product's journey (issue 40, docs/decisions/040-catalog-lists.md): its steps, where it stands now,
// and how old each source behind them is. Pure: "Coming to NC" and the product page's Journey say them alike, and a
// unit test reads them.

/** Said wherever a list price is shown: the price list publishes prices ahead of the shelf. */
export const LIST_PRICE_NOTE = 'List prices take effect about a month after the price list publishes them.';

/** "$129.99 in the price list"; null when the price list gives none. */
export function listPriceWords(listPrice: number | null): string | null {
  return listPrice === null ? null : `${price(listPrice)} in the price list`;
}

/** "On the allocated list (Allocation)"; null when the Commission's allocated and limited list does not name it. */
export function stateListWords(stateList: 'Allocation' | 'Limited' | null): string | null {
  return stateList === null ? null : `On the allocated list (${stateList})`;
}

/** " (40 cases)", or nothing when the case size is not known. */
const casesWords = (cases: number | null) => (cases === null ? '' : ` (${plural(cases, 'case')})`);

/** One step of the journey in words, without its day. */
export function stepWords(step: JourneyStep): string {
  switch (step.kind) {
    case 'announced':
      return step.price === null ? 'Announced in the Commission’s price list' : `Announced in the Commission’s price list at ${price(step.price)}`;
    case 'price':
      return `List price ${price(step.from)} → ${price(step.to)}`;
    case 'listing':
      if (step.source === 'warehouse') {
        if (step.to !== null) return `Labelled ${listingTypeLabel(step.to)} on the warehouse report`;
        return step.from === null ? 'No label on the warehouse report' : `No longer labelled ${listingTypeLabel(step.from)} on the warehouse report`;
      }
      if (step.to === null) return 'Off the allocated list';
      if (step.from === null) return `Onto the allocated list (${step.to})`;
      return `Moved on the allocated list: ${step.from} → ${step.to}`;
    case 'received':
      return `Received at the state warehouse: ${plural(step.bottles, 'bottle')}${casesWords(step.cases)}`;
    case 'shipped':
      return `Shipped to ${step.board_name}: ${plural(step.units, 'bottle')}${casesWords(step.cases)}`;
    case 'forecast':
      return forecastWords(step);
    case 'arrived':
      return `On the shelf at ${step.store_name} (${step.board_name}): ${plural(step.quantity, 'bottle')}`;
  }
}

/**
 * A forecast step's headline: where it was forecast to land and, once its windows are over, how it came out:
 * "Forecast for Wake County: 3 stores named, 2 got it", "Forecast for Boone: its only store",
 * "Forecast for Mecklenburg County: somewhere in Mecklenburg County; the state does not say which store".
 */
export function forecastWords(step: JourneyForecastStep): string {
  const head = `Forecast for ${step.board_name}`;
  if (step.precision === 'board') return `${head}: ${boardPlaceWords(step.board_name)}`;
  if (step.precision === 'store_by_shipment') return `${head}: its only store`;
  const named = step.places.filter((p) => p.named);
  const gotIt = named.filter((p) => p.outcome === 'arrived').length;
  const unnamed = step.places.filter((p) => !p.named && p.outcome === 'arrived').length;
  const namedWords = named.length ? `${plural(named.length, 'store')} named` : 'no store likely enough to name';
  // How it came out, once it is known: every window over, or a store already got it.
  const over = named.every((p) => p.outcome !== 'open');
  const came =
    !named.length || (!over && gotIt === 0)
      ? ''
      : gotIt === 0
        ? ', none got it'
        : gotIt === named.length
          ? named.length === 1
            ? ', it got it'
            : ', all got it'
          : `, ${gotIt} got it`;
  const elsewhere = unnamed ? `; it also reached ${plural(unnamed, 'store')} not named` : '';
  return `${head}: ${namedWords}${came}${elsewhere}`;
}

/** Which store a forecast place is: "Raleigh North #3". */
export const forecastStoreName = (store: NonNullable<JourneyForecastPlace['store']>): string => `${store.nickname} #${store.store_number}`;

/**
 * What a forecast said of a place and what became of it: "said very likely · 8 in 10 · Arrived 12/03/2026 9:15 AM";
 * a store reached unnamed: "not named · Arrived …"; a place no shelf is read of: its window, and that it cannot be
 * checked; the board as a whole: no likelihood.
 */
export function forecastPlaceDetail(place: JourneyForecastPlace, today?: string): string {
  const outcome = place.outcome === 'unscorable' ? `${whenWords(place, today)} · cannot be checked: its shelves are not read` : whenWords(place, today);
  // The board as a whole surely gets the bottles, only not at a known store: never a store-style likelihood (issue 37).
  if (!place.store) return outcome;
  const said = place.named ? `said ${place.likelihood_words} · ${place.likelihood_in_ten}` : 'not named';
  return `${said} · ${outcome}`;
}

/**
 * A forecast place in words: "Raleigh North #3: said very likely · 8 in 10 · Arrived 12/03/2026 9:15 AM"; the board as
 * a whole (its step already says so) by its window and outcome only.
 */
export const forecastPlaceWords = (place: JourneyForecastPlace, today?: string): string =>
  place.store ? `${forecastStoreName(place.store)}: ${forecastPlaceDetail(place, today)}` : forecastPlaceDetail(place, today);

/** Where the product stands, as a short headline. */
export function stageHeadline(stage: JourneyStage, warehouseBottles: number | null): string {
  switch (stage) {
    case 'announced':
      return 'Announced: not at the state warehouse yet';
    case 'at_warehouse':
      return warehouseBottles === null ? 'At the state warehouse' : `At the state warehouse: ${plural(warehouseBottles, 'bottle')}`;
    case 'shipped':
      return 'Shipped to boards, on no shelf we read now';
    case 'on_shelves':
      return 'On store shelves';
    case 'listed':
      return 'Not at the state warehouse or on a shelf we read now';
  }
}

/**
 * A product coming to North Carolina, its steps so far in words, the latest last: "Announced in the price list
 * 11/30/2026", "At the state warehouse since 12/02/2026: 240 bottles".
 */
export function comingStageLines(p: ComingProduct): string[] {
  const lines: string[] = [];
  if (p.announced_on) lines.push(`Announced in the price list ${formatUsDate(p.announced_on)}`);
  if (p.stage === 'at_warehouse') {
    const since = p.received_on ? ` since ${formatUsDate(p.received_on)}` : '';
    const bottles = p.warehouse_bottles === null ? '' : `: ${plural(p.warehouse_bottles, 'bottle')}`;
    lines.push(`At the state warehouse${since}${bottles}`);
  } else if (!p.announced_on) {
    lines.push('Announced in the price list');
  }
  return lines;
}

/** An instant as when it was read: "7:05 AM today" on New York's today, else "12/01/2026 7:05 AM". */
export function readWhen(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return usDateTime(iso);
  return nyDate(at) === nyDate(now) ? `${usTime(iso)} today` : usDateTime(iso);
}

type AsOf = ProductJourney['as_of'];

const SOURCE_NAMES: Record<keyof AsOf, string> = {
  price_list: 'Price list',
  allocated_list: 'Allocated list',
  warehouse: 'Warehouse report',
  shipments: 'Shipment report',
};

/** How old each source behind the steps is: "Price list read 7:05 AM today", "Allocated list not read yet", … */
export function sourceAges(asOf: AsOf, now: Date = new Date()): string[] {
  return (Object.keys(SOURCE_NAMES) as (keyof AsOf)[]).map((source) => {
    const at = asOf[source];
    return at ? `${SOURCE_NAMES[source]} read ${readWhen(at, now)}` : `${SOURCE_NAMES[source]} not read yet`;
  });
}
