import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { POST as login } from '@/app/api/auth/login/route';
import { POST as register } from '@/app/api/auth/register/route';
import { PUT as updateMe } from '@/app/api/user/me/route';
import { TestClient, type CallOptions } from '@/testing/api';
import { listApiRoutes } from '@/testing/api-routes';
import { CROSS_SITE_ERROR } from '../../lib/api/handler.ts';
import { newUser } from '@/testing/harness';

// The cross-site rule of every state-changing call (docs/decisions/007-cross-site-requests.md): a JSON
// body (Content-Type: application/json) or X-Requested-With: XMLHttpRequest proves the request did not
// come from another site's form; without either it is a 403. Logout alone needs no proof.

type Handler = Parameters<TestClient['call']>[0];

const NO_PROOF_NEEDED = new Set(['/api/auth/logout POST']);

const mutating = listApiRoutes().flatMap((r) =>
  r.methods.filter((m) => m !== 'GET').map((method) => [`${r.pattern} ${method}`, r.file, method] as const),
);

// What a cross-site form (or a no-cors fetch) can send: no custom header, a "simple" content type.
const forgeries: [string, CallOptions][] = [
  ['a form-encoded body', { rawBody: 'email=a%40example.test&password=x', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }],
  ['a text/plain body holding JSON', { rawBody: '{"email":"a@example.test","password":"x"}', headers: { 'Content-Type': 'text/plain' } }],
  ['a multipart body', { rawBody: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--', headers: { 'Content-Type': 'multipart/form-data; boundary=x' } }],
  ['no body at all', {}],
  ['a look-alike content type', { rawBody: '{}', headers: { 'Content-Type': 'text/plain; application/json' } }],
];

describe('cross-site proof on every state-changing route (found by walking app/api)', () => {
  it('finds the state-changing routes', () => {
    expect(mutating.length).toBeGreaterThan(15);
    expect(mutating.map(([name]) => name)).toContain('/api/auth/login POST');
  });

  it.each(mutating.flatMap(([name, file, method]) => forgeries.map(([label, options]) => [name, label, file, method, options] as const)))(
    '%s with %s and no X-Requested-With',
    async (name, _label, file, method, options) => {
      const handlers = (await import(path.resolve(file))) as Record<string, Handler>;
      const res = await new TestClient().call(handlers[method], `/${name}`, { method, noXhr: true, ...options });
      if (NO_PROOF_NEEDED.has(name)) {
        expect(res.status).toBe(200);
      } else {
        expect(res.status).toBe(403);
        expect(res.json).toMatchObject({ success: false, error: CROSS_SITE_ERROR, message: CROSS_SITE_ERROR, code: 'CROSS_SITE_PROOF_MISSING' });
      }
    },
  );
});

describe('a JSON content type is proof enough', () => {
  const json = (contentType = 'application/json') => ({ noXhr: true, headers: { 'Content-Type': contentType } });

  it.each(['application/json', 'application/json; charset=utf-8', 'Application/JSON;charset=UTF-8'])(
    'registers and signs in with %s and no X-Requested-With',
    async (contentType) => {
      const email = `json-${randomBytes(5).toString('hex')}@example.test`;
      const created = await new TestClient().call(register, '/api/auth/register', {
        method: 'POST',
        body: { first_name: 'Jo', last_name: 'Son', email, password: 'Barrel-Proof1!' },
        ...json(contentType),
      });
      expect(created.status).toBe(201);

      const user = await newUser();
      const client = new TestClient();
      const res = await client.call(login, '/api/auth/login', { method: 'POST', body: { email: user.email, password: user.password }, ...json(contentType) });
      expect(res.status).toBe(200);
      const update = await client.call(updateMe, '/api/user/me', {
        method: 'PUT',
        body: { first_name: 'Json', last_name: 'Client', phone_number: null },
        ...json(contentType),
      });
      expect(update.status).toBe(200);
      expect(update.json.user).toMatchObject({ first_name: 'Json', last_name: 'Client' });
    },
  );

  it('still refuses a JSON-typed body that is not JSON with a 400', async () => {
    const res = await new TestClient().call(login, '/api/auth/login', { method: 'POST', rawBody: 'email=a&password=b', ...json() });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('Request body must be valid JSON');
  });
});
