// What the service worker (app/service-worker.ts) keeps for reading offline, and how a screen words the age
// of what it shows from it: every number says how old it is, and a saved copy is never shown as live.
// Pure: shared by the worker, the screens and the sign-in / sign-out code.
import { usDateTime } from '../reports-client/format.ts';

/** The screen shown for a navigation that fails offline (precached by the worker). */
export const OFFLINE_PATH = '/offline';

/**
 * The runtime cache that holds the last loaded Today's Arrivals page: a signed-in answer, so sign-out and
 * sign-in delete it (app/_components/offline/saved-pages.ts). Every Today's Arrivals address (any day, any
 * board) is kept under the one key SAVED_ARRIVALS_PATH: the last one loaded is the one offline shows.
 */
export const SAVED_ARRIVALS_CACHE = 'nbt-saved-arrivals';
export const SAVED_ARRIVALS_PATH = '/todays-arrivals';

/** Every runtime cache that may hold a signed-in answer (the precache holds only public files and /offline). */
export const SIGNED_IN_CACHES = [SAVED_ARRIVALS_CACHE] as const;
/** The message the logout code sends the worker: delete the saved signed-in pages, and drop saves in flight. */
export const SIGNED_OUT_MESSAGE = 'NBT_SIGNED_OUT';

/** Online, a page younger than this is the live one; older (or offline at any age), it says it is a saved copy. */
export const LIVE_FOR_MS = 2 * 60_000;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** How long ago, in words: "less than a minute ago", "14 min ago", "2 h ago", "3 days ago". */
export function agoWords(ms: number): string {
  if (!Number.isFinite(ms) || ms < MINUTE) return 'less than a minute ago';
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)} min ago`;
  if (ms < 48 * HOUR) return `${Math.floor(ms / HOUR)} h ago`;
  return `${Math.floor(ms / (24 * HOUR))} days ago`;
}

export interface SavedCopy {
  /** "Saved 2 h ago, as of 11/26/2026 9:14 AM" */
  words: string;
  offline: boolean;
}

/**
 * What a screen says about a page it shows from a copy rendered at `savedAt` (an ISO instant, the server's
 * clock): null while it is the live page (online and younger than LIVE_FOR_MS), else its age and time.
 */
export function savedCopy(savedAt: string | null | undefined, now: number, online: boolean): SavedCopy | null {
  if (!savedAt) return null;
  const at = Date.parse(savedAt);
  if (Number.isNaN(at)) return null;
  const age = now - at;
  if (online && age < LIVE_FOR_MS) return null;
  return { words: `Saved ${agoWords(age)}, as of ${usDateTime(savedAt)}`, offline: !online };
}
