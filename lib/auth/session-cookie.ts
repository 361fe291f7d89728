// Split out so proxy.ts can read the cookie name without importing the database client.
export const SESSION_COOKIE = 'nbt_session';
/** Set by the browser when a logout call failed: proxy.ts drops the session cookie at the next page request. */
export const SIGNED_OUT_COOKIE = 'nbt_signed_out';
