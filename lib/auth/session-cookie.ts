// Split out so proxy.ts can read the cookie name without importing the database client.
export const SESSION_COOKIE = 'nbt_session';
