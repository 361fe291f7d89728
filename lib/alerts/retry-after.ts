// Retry-After (RFC 9110 §10.2.3), as push services and Discord send it: a number of seconds, or an HTTP date. Pure.

/** The wait the header states, in seconds from `now` (0 for a date already past), or undefined when absent or unreadable. */
export function retryAfterSeconds(value: string | string[] | null | undefined, now: number = Date.now()): number | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text);
  // An HTTP date names its day and zone ("Sat, 28 Nov 2026 12:00:30 GMT"); Date.parse would take "-5" for a year.
  const at = /[A-Za-z]/.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, (at - now) / 1000);
}
