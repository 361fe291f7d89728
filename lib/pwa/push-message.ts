// The push message contract, shared by the Web Push sender and the service worker
// (app/service-worker.ts), and what a notification opens when it is tapped. Pure: no DOM, no server.
import { safeNextPath } from '../routes.ts';

/** A push message's data, as JSON text. `url` is a path on this site (never another origin). */
export interface PushMessage {
  title: string;
  body: string;
  /** Same-origin path the notification opens, e.g. "/todays-arrivals?board=3". */
  url: string;
  /** Replaces an earlier notification with the same tag instead of stacking a second one. */
  tag?: string;
}

export const PRODUCT_NAME = 'NC Bourbon Tracker';

/** Shown when a push arrives whose data is not a PushMessage: the hunter still learns something came. */
export const GENERIC_MESSAGE: PushMessage = { title: PRODUCT_NAME, body: 'Open the app for the latest arrivals.', url: '/' };

const TITLE_MAX = 120;
const BODY_MAX = 500;
const TAG_MAX = 100;

/**
 * Reads a push message's data (its text; null when it had none). Anything that is not the contract's JSON
 * becomes GENERIC_MESSAGE; a `url` that is not one of our screens' paths becomes '/', so a notification can
 * never open another site.
 */
export function parsePushMessage(text: string | null | undefined): PushMessage {
  if (!text) return GENERIC_MESSAGE;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return GENERIC_MESSAGE;
  }
  if (typeof value !== 'object' || value === null) return GENERIC_MESSAGE;
  const { title, body, url, tag } = value as Record<string, unknown>;
  if (typeof title !== 'string' || !title.trim() || typeof body !== 'string' || typeof url !== 'string') return GENERIC_MESSAGE;
  return {
    title: title.slice(0, TITLE_MAX),
    body: body.slice(0, BODY_MAX),
    url: notificationPath(url),
    ...(typeof tag === 'string' && tag ? { tag: tag.slice(0, TAG_MAX) } : {}),
  };
}

/** The path a tapped notification opens: one of our screens (lib/routes.ts), else the home screen. */
export function notificationPath(data: unknown): string {
  const url = typeof data === 'string' ? data : typeof data === 'object' && data !== null ? (data as { url?: unknown }).url : undefined;
  return typeof url === 'string' ? safeNextPath(url) : '/';
}

/** An open window, as the service worker sees it (WindowClient). */
export interface OpenWindow {
  url: string;
  focused: boolean;
}

/**
 * Which open window of the app a tapped notification reuses (its index, or -1: open a new one): one on our
 * origin, the focused one first, else the first listed (Clients.matchAll lists the most recently focused first).
 */
export function windowToReuse(windows: readonly OpenWindow[], origin: string): number {
  const ours = (w: OpenWindow) => {
    try {
      return new URL(w.url).origin === origin;
    } catch {
      return false;
    }
  };
  const focused = windows.findIndex((w) => w.focused && ours(w));
  return focused >= 0 ? focused : windows.findIndex(ours);
}
