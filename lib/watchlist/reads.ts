import 'server-only';
import { read } from '../api/handler.ts';
import { listDefaultProducts } from './default-products.ts';
import { listItems, listPreferences } from './items.ts';
import { defaultProductsAnswerSchema, preferencesAnswerSchema, watchItemsAnswerSchema } from './types.ts';

// The watchlist's reads, declared once for their GET routes and for /watchlist's server page, which renders
// them as its first screenful (docs/decisions/019-first-screenful-in-the-html.md).

/** GET /api/watchlist: the user's own items (custom ones and those added from search). */
export const itemsRead = read({ schema: watchItemsAnswerSchema, answer: async ({ user }) => ({ data: await listItems(user.id) }) });

/** GET /api/watchlist/default-products: the whole default list; the screen pages and filters it. */
export const defaultProductsRead = read({ schema: defaultProductsAnswerSchema, answer: async () => ({ data: await listDefaultProducts() }) });

/** GET /api/watchlist/user-preferences: every row of the user; not_interested rows switch defaults off. */
export const preferencesRead = read({ schema: preferencesAnswerSchema, answer: async ({ user }) => ({ data: await listPreferences(user.id) }) });
