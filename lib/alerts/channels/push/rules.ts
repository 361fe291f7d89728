// Web Push as the screen and the API both see it: the payload the service worker shows, the messages, and
// the device label read from a user agent. No server imports. A device as the profile lists it and a test's
// result are API answers, declared with their schemas in types.ts.
import type { PushTestResult } from './types.ts';

export type { PushDeviceDto, PushTestResult } from './types.ts';

/**
 * What every push message carries, encrypted (the contract with the service worker, public/sw.js): the
 * notification's title and body, the same-origin path a tap opens, and a tag that replaces an older
 * notification with the same tag.
 */
export interface PushPayload {
  title: string;
  body: string;
  /** A path of this site, e.g. /todays-arrivals?board=179. */
  url: string;
  tag?: string;
}

/** Devices one user may have: each is a URL our server posts to, so the list has an end. */
export const MAX_PUSH_DEVICES = 20;

export const PUSH_MESSAGES = {
  loadFailed: 'Could not load your devices. Please try again.',
  unsupported: 'This browser cannot show notifications from websites.',
  iosNotInstalled:
    'On iPhone and iPad, notifications work once this site is on your Home Screen: tap Share, then "Add to Home Screen", open it from there and turn notifications on.',
  denied:
    'Notifications are blocked for this site. To allow them, open the site settings (the icon left of the address, or your phone\'s Settings → Notifications), allow notifications for this site, then reload this page.',
  workerMissing: 'The app is still setting up on this device. Reload the page and try again.',
  subscribeFailed: 'Could not turn on notifications on this device. Please try again.',
  notConfigured: 'Push notifications are not set up on this server.',
  turnedOn: 'Notifications are on for this device.',
  removed: 'Device removed. It gets no more notifications.',
  tooManyDevices: `You can have at most ${MAX_PUSH_DEVICES} devices. Remove one you no longer use first.`,
  deviceNotFound: 'That device is not on your list. Reload the page to see your devices.',
  noDevices: 'No device to notify yet: turn on notifications on this device first.',
  testFailed: 'Could not send the test notification. Please try again.',
} as const;

/** What the test answer says, e.g. "Test notification sent to 2 devices." */
export function pushTestMessage(r: PushTestResult): string {
  const devices = (n: number) => `${n} ${n === 1 ? 'device' : 'devices'}`;
  if (!r.sent && !r.removed && !r.failed) return PUSH_MESSAGES.noDevices;
  const parts = [
    r.sent ? `Test notification sent to ${devices(r.sent)}.` : 'No test notification was delivered.',
    r.removed ? `${devices(r.removed)} no longer accepted notifications and ${r.removed === 1 ? 'was' : 'were'} removed.` : '',
    r.failed ? `${devices(r.failed)} could not be reached right now.` : '',
  ];
  return parts.filter(Boolean).join(' ');
}

/** "Chrome on Android", "Safari on iPhone", "Firefox on Windows"; read simply, never relied on. */
export function deviceLabel(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  const os = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua) || (/Macintosh/.test(ua) && /Mobile\//.test(ua))
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /CrOS/.test(ua)
          ? 'ChromeOS'
          : /Windows/.test(ua)
            ? 'Windows'
            : /Mac OS X|Macintosh/.test(ua)
              ? 'Mac'
              : /Linux/.test(ua)
                ? 'Linux'
                : null;
  // Order matters: Edge, Opera and Samsung Internet also say "Chrome"; Chrome also says "Safari".
  const browser = /Edg(e|A|iOS)?\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /SamsungBrowser\//.test(ua)
        ? 'Samsung Internet'
        : /Firefox\/|FxiOS\//.test(ua)
          ? 'Firefox'
          : /Chrome\/|CriOS\/|Chromium\//.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : null;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? (os ? `A browser on ${os}` : 'A browser');
}
