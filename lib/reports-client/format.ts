// Display formatting shared by the report screens. Pure: usable on the server and in the browser.
import { formatUsDate, NY_TZ, nyDate } from '../time.ts';

export { formatUsDate, nyDate };

const timeFormat = new Intl.DateTimeFormat('en-US', { timeZone: NY_TZ, hour: 'numeric', minute: '2-digit' });
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const count = new Intl.NumberFormat('en-US');

/** YYYY-MM-DD (or an ISO instant) as MM/DD/YYYY; empty or missing values become an em dash. */
export function usDate(value: string | null | undefined): string {
  if (!value) return '—';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatUsDate(value);
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? '—' : formatUsDate(nyDate(at));
}

/** An ISO instant as New York "MM/DD/YYYY h:mm AM". */
export function usDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '—';
  return `${formatUsDate(nyDate(at))} ${timeFormat.format(at)}`;
}

/** The New York clock time of an ISO instant, "2:05 PM". */
export function usTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '—' : timeFormat.format(at);
}

/** A price as $12.34; the arrivals feed's text "Not Available" (or nothing) stays readable. */
export function price(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return 'Price not available';
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? money.format(n) : String(value);
}

/** A bottle size: 750 → "750 ml", 1750 → "1.75 L". */
export function bottleSize(ml: number | null | undefined): string {
  if (!ml) return '';
  return ml >= 1000 ? `${Number((ml / 1000).toFixed(2))} L` : `${ml} ml`;
}

export function num(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '—' : count.format(value);
}

/** "1 bottle", "3 bottles". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${count.format(n)} ${n === 1 ? one : many}`;
}
