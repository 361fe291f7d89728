import { z } from 'zod';
import { INTEREST_TYPES, isPlu, parseCustomItem, pluFromNumber, searchError, WATCHLIST_MESSAGES, type CustomItem, type InterestType } from './rules.ts';

// Request shapes of the Watchlist calls. The rules themselves live in rules.ts, shared with the screen,
// so the server refuses exactly what the form refuses, with the same words. Rule messages are attached
// to the body as a whole, so the answer's `error` is the message alone.

export const watchIdParams = z.object({
  watchId: z.string().regex(/^\d{1,9}$/, 'Watchlist item id must be a number').transform(Number),
});

export const searchQuery = z
  .object({ q: z.string().default('') })
  .superRefine((v, ctx) => {
    const message = searchError(v.q);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

export const patchBody = z.object({ active: z.boolean({ error: 'active must be true or false' }) });

const numberOrText = z.union([z.number(), z.string()], { error: 'must be a number or a numeric string' }).nullable().optional();

export type AddRequest = { kind: 'product'; plu: string; interest: InterestType } | { kind: 'custom'; item: CustomItem };

/**
 * POST /api/watchlist: `{ plu, interest_type }` for a catalog product, or
 * `{ custom_name, plu, retail_price?, bottles_per_case? }` for a custom item (always interested).
 */
export const addBody = z
  .object({
    // Our screens send text; other clients send the code as a JSON number (91970; 219 for "00219").
    plu: z.union([z.string(), z.number().transform(pluFromNumber)], { error: 'plu must be a 5-digit code' }).optional(),
    interest_type: z.enum(INTEREST_TYPES, { error: "interest_type must be 'interested' or 'not_interested'" }).optional(),
    custom_name: z.string({ error: 'custom_name must be a string' }).nullable().optional(),
    retail_price: numberOrText,
    bottles_per_case: numberOrText,
  })
  .transform((v, ctx): AddRequest => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (v.custom_name !== undefined && v.custom_name !== null) {
      if (v.interest_type === 'not_interested') return fail('A custom item is always interested');
      const parsed = parseCustomItem({
        plu: v.plu ?? '',
        custom_name: v.custom_name,
        retail_price: v.retail_price,
        bottles_per_case: v.bottles_per_case,
      });
      return parsed.ok ? { kind: 'custom', item: parsed.value } : fail(parsed.error);
    }
    if (!v.plu?.trim() || !v.interest_type) return fail('plu and interest_type are required');
    if (!isPlu(v.plu)) return fail(WATCHLIST_MESSAGES.pluFormat);
    return { kind: 'product', plu: v.plu, interest: v.interest_type };
  });
