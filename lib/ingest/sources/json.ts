// JSON answers (Greensboro's storefront API, the ABC/GO platform). A body that is not JSON is a failed
// request, never "no results": sites answer errors, maintenance and firewall challenges with HTML pages,
// often with HTTP 200, so an HTML body says which kind of page it was (error-pages.ts).
import { z } from 'zod';
import { parseError, quote } from './errors.ts';
import { recogniseErrorPage } from './error-pages.ts';
import { pageTitle, parseHtml } from './html.ts';

/** Parse a response body as JSON. Throws a parse SourceError naming what came instead. */
export function parseJsonBody(source: string, body: string): unknown {
  const text = body.trim();
  if (!text) throw parseError(source, 'response is not JSON: an empty body');
  try {
    return JSON.parse(text);
  } catch (error) {
    if (text.startsWith('<')) {
      const doc = parseHtml(text);
      const page = recogniseErrorPage(doc);
      if (page) throw parseError(source, `response is not JSON: ${page.description}`);
      const title = pageTitle(doc);
      throw parseError(source, `response is not JSON but an HTML page${title ? ` (title ${quote(title)})` : ''}`);
    }
    throw parseError(source, `response is not JSON (${(error as Error).message}); starts with ${quote(text, 40)}`);
  }
}

/** The first few problems zod found, as "path: message" ("items.0.itemid: expected string"). */
export function describeIssues(error: z.ZodError, max = 3): string {
  const issues = error.issues.slice(0, max).map((i) => `${i.path.length ? `${i.path.join('.')}: ` : ''}${i.message}`);
  const more = error.issues.length > max ? ` (and ${error.issues.length - max} more)` : '';
  return issues.join('; ') + more;
}

/** What a JSON value is, for "expected an array, got an object". */
export function jsonKind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

/** A JSON number, or a number sent as text ("54.95"). */
export const numeric = z.union([z.number(), z.string().trim().regex(/^-?\d+(?:\.\d+)?$/, 'not a number')]).transform(Number);

/** A count of bottles: whole and not negative, whether sent as 2, 2.0 or "2.0". */
export const bottles = numeric.refine((n) => Number.isInteger(n) && n >= 0, 'not a whole, non-negative number of bottles');
