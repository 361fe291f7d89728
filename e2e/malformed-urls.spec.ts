import type { APIRequestContext, APIResponse } from '@playwright/test';
import { listApiRoutes, urlOf, type ApiRoute } from '../testing/api-routes.ts';
import { expect, test } from './fixtures';

// Bad path segments against the production server (`next start`): Next decodes route parameters before
// any handler runs, so a segment with broken percent-encoding used to be a bare 500. Every dynamic route
// under app/api (found by walking the folder: a new route is covered without being listed here) must
// answer such a segment, and a well-formed wrong one, with a JSON 4xx, signed in or not.

const dynamicRoutes = listApiRoutes().filter((r) => r.dynamicSegments.length > 0);

/** Percent-encodings that do not decode: a cut-off UTF-8 sequence, a stray %, non-hex digits, a lone surrogate. */
const BROKEN = ['%E0%A4%A', '%', '100%', '%ZZ', '%C3', '%ED%A0%80', 'a%2'];
/**
 * Segments that decode but are no valid value for any route (the routes' own validation answers). Dot
 * segments are left out: the client resolves them before sending, so they reach other paths.
 */
const WRONG = ['abc', '-1', '0', '%25E0%25A4%25A', '%00', '%20', 'x'.repeat(300)];
/** A valid-looking value for the other segments of a route, so the broken one is what is judged. */
const PLAUSIBLE: Record<string, string> = { '[...path]': 'bottles/a.png', '[term]': 'weller', '[plu]': '27090', '[token]': 'abc' };
const plausible = (segment: string) => PLAUSIBLE[segment] ?? '1';

interface Case {
  name: string;
  method: string;
  url: string;
}

function cases(route: ApiRoute, values: string[]): Case[] {
  return route.methods.flatMap((method) =>
    route.dynamicSegments.flatMap((_, position) =>
      values.map((value) => ({
        name: `${method} ${route.pattern} with ${JSON.stringify(value.slice(0, 16))} as segment ${position + 1}`,
        method,
        url: urlOf(route, (segment, index) => (index === position ? value : plausible(segment))),
      })),
    ),
  );
}

async function send(request: APIRequestContext, c: Case): Promise<APIResponse> {
  return request.fetch(c.url, {
    method: c.method,
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: c.method === 'GET' || c.method === 'DELETE' ? undefined : {},
    maxRedirects: 0,
  });
}

/**
 * Every answer JSON and never a 5xx: a 4xx (of `status` when given) with an error text (`error` and `message`), or, where
 * `successToo` allows it, a normal answer (a search term is free text). The failures are listed together.
 */
async function expectJsonAnswers(request: APIRequestContext, all: Case[], options: { status?: number; successToo?: boolean } = {}) {
  const failures: string[] = [];
  for (const c of all) {
    const res = await send(request, c);
    const type = res.headers()['content-type'] ?? '';
    const body = type.includes('application/json') ? await res.json().catch(() => null) : null;
    // `error` for our screens, the same text in `message` for other clients (spec section 7).
    const clientError = res.status() >= 400 && res.status() < 500 && typeof body?.error === 'string' && body.error.length > 0 && body.message === body.error;
    const ok = options.status
      ? clientError && res.status() === options.status
      : clientError || (Boolean(options.successToo) && res.status() === 200 && body !== null);
    if (!ok) failures.push(`${c.name}: ${res.status()} ${type} ${(await res.text()).slice(0, 120)}`);
  }
  expect(failures).toEqual([]);
}

test('the walk finds the dynamic API routes', () => {
  const patterns = dynamicRoutes.map((r) => r.pattern);
  for (const known of ['/api/stores/[storeId]/inventory', '/api/auth/verify-reset-token/[token]', '/api/admin/users/[id]/role', '/api/images/[...path]']) {
    expect(patterns).toContain(known);
  }
});

test.describe('broken percent-encoding in a path segment is a JSON 400 on every dynamic route', () => {
  test('signed out', async ({ request }) => {
    await expectJsonAnswers(request, dynamicRoutes.flatMap((r) => cases(r, BROKEN)), { status: 400 });
  });

  test('signed in as an admin', async ({ page, createUser, signIn }) => {
    await signIn(page, await createUser({ role: 'admin' }));
    await expectJsonAnswers(page.request, dynamicRoutes.flatMap((r) => cases(r, BROKEN)), { status: 400 });
  });
});

test('a well-formed but wrong segment is a JSON 4xx on every dynamic route (a search term is free text)', async ({ page, createUser, signIn }) => {
  await signIn(page, await createUser({ role: 'admin' }));
  const freeText = dynamicRoutes.filter((r) => r.dynamicSegments.includes('[term]'));
  await expectJsonAnswers(page.request, dynamicRoutes.filter((r) => !freeText.includes(r)).flatMap((r) => cases(r, WRONG)));
  await expectJsonAnswers(page.request, freeText.flatMap((r) => cases(r, WRONG)), { successToo: true });
});

test('a path no route serves is a JSON 404, for every method', async ({ page, createUser, signIn }) => {
  await signIn(page, await createUser());
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
    for (const url of ['/api/nope', '/api/inventory', '/api/stores/1/nope/deeper']) {
      const res = await send(page.request, { name: url, method, url });
      expect(res.status(), `${method} ${url}`).toBe(404);
      expect((await res.json()).error).toContain('No API endpoint');
    }
  }
});

test('well-formed percent-encoding still reaches the handler', async ({ page, createUser, signIn }) => {
  await signIn(page, await createUser());
  const res = await page.request.get('/api/inventory/search/a%C3%B1ejo');
  expect(res.status()).toBe(200);
  expect((await res.json()).success).toBe(true);
});
