import { RULE_MESSAGES } from '@/lib/auth/rules';
import { describe, expect, it } from 'vitest';
import { TestClient } from '@/testing/api';
import { GET, PUT } from './route';
import { sql } from '@/testing/sql';
import { expectClientError } from '@/testing/api';
import { newUser, signedIn, withTestDatabase } from '@/testing/harness';

// GET and PUT /api/user/me: the profile screen (names, phone and home board; the e-mail is not editable).

// The boards are reference data: a home board refers to one.
withTestDatabase('reference', 'user-me');

const put = (browser: TestClient, body: unknown) => browser.call(PUT, '/api/user/me', { method: 'PUT', body });

const stored = async (id: number) =>
  (await sql<{ first_name: string; last_name: string; phone_number: string | null; email: string; role: string; status: string }>(
    'SELECT * FROM users WHERE id = $1',
    [id],
  ))[0];

describe('GET /api/user/me', () => {
  it('returns exactly the profile fields of the signed-in user', async () => {
    const user = await newUser({ firstName: 'Dakota' });
    const res = await ((await signedIn(user)).browser).call(GET, '/api/user/me');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ first_name: 'Dakota', last_name: user.lastName, email: user.email, phone_number: null, home_board_id: null });
  });

  it('is 401 without a session, with a forged cookie, and once the user is disabled', async () => {
    expectClientError(await new TestClient().call(GET, '/api/user/me'), 401);
    expectClientError(await new TestClient().call(GET, '/api/user/me', { headers: { cookie: 'nbt_session=Fe26.2**forged*cookie' } }), 401);
    const user = await newUser();
    const browser = (await signedIn(user)).browser;
    await sql(`UPDATE users SET status = 'disabled' WHERE id = $1`, [user.id]);
    expectClientError(await browser.call(GET, '/api/user/me'), 401);
  });
});

describe('PUT /api/user/me', () => {
  it('updates trimmed names and a formatted phone, and returns the profile', async () => {
    const user = await newUser();
    const browser = (await signedIn(user)).browser;
    const res = await put(browser, { first_name: '  Dana ', last_name: ' Whitlock ', phone_number: '919.555.0123' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      success: true,
      user: { first_name: 'Dana', last_name: 'Whitlock', email: user.email, phone_number: '(919) 555-0123', home_board_id: null },
    });
    expect(await stored(user.id)).toMatchObject({ first_name: 'Dana', last_name: 'Whitlock', phone_number: '(919) 555-0123' });
    expect((await browser.call(GET, '/api/user/me')).json.phone_number).toBe('(919) 555-0123');
  });

  it.each([
    ['null', null],
    ['left out', undefined],
    ['an empty string', ''],
    ['punctuation only', '() -'],
  ])('clears the phone when it is %s', async (_label, phone) => {
    const user = await newUser();
    const browser = (await signedIn(user)).browser;
    await put(browser, { first_name: 'A', last_name: 'B', phone_number: '9195550123' });
    const res = await put(browser, { first_name: 'A', last_name: 'B', phone_number: phone });
    expect(res.status).toBe(200);
    expect((await stored(user.id)).phone_number).toBeNull();
  });

  it('ignores attempts to change the e-mail, role or status through the profile', async () => {
    const user = await newUser();
    const res = await put((await signedIn(user)).browser, {
      first_name: 'Sam',
      last_name: 'Ward',
      email: 'takeover@example.test',
      role: 'admin',
      status: 'active',
      password_hash: 'x',
    });
    expect(res.status).toBe(200);
    expect(await stored(user.id)).toMatchObject({ email: user.email, role: 'user', status: 'active', first_name: 'Sam' });
  });

  it.each([
    ['a blank first name', { first_name: '  ', last_name: 'Ward' }, 'First name and last name are required.'],
    ['a blank last name', { first_name: 'Sam', last_name: '' }, 'First name and last name are required.'],
    ['a 6-digit phone', { first_name: 'Sam', last_name: 'Ward', phone_number: '555-012' }, 'Phone number seems too short.'],
    ['a 101-character name', { first_name: 'S'.repeat(101), last_name: 'Ward' }, 'at most 100 characters'],
  ])('refuses %s with the profile message and changes nothing', async (_label, body, message) => {
    const user = await newUser();
    const res = await put((await signedIn(user)).browser, body);
    expectClientError(res, 400);
    expect(res.json.error).toContain(message);
    expect((await stored(user.id)).first_name).toBe(user.firstName);
  });

  it('is 401 without a session', async () => {
    expectClientError(await put(new TestClient(), { first_name: 'A', last_name: 'B' }), 401);
  });

  it('sets the home board to a covered board, keeps it when left out, and clears it with null', async () => {
    const user = await newUser();
    const browser = (await signedIn(user)).browser;
    const set = await put(browser, { first_name: 'A', last_name: 'B', home_board_id: 78 });
    expect(set.status).toBe(200);
    expect(set.json.user.home_board_id).toBe(78);
    expect((await browser.call(GET, '/api/user/me')).json.home_board_id).toBe(78);
    expect((await sql<{ home_board_id: number | null }>('SELECT home_board_id FROM users WHERE id = $1', [user.id]))[0].home_board_id).toBe(78);
    const kept = await put(browser, { first_name: 'A', last_name: 'C' });
    expect(kept.json.user.home_board_id).toBe(78);
    const cleared = await put(browser, { first_name: 'A', last_name: 'C', home_board_id: null });
    expect(cleared.json.user.home_board_id).toBeNull();
  });

  it('sets the home board to a board whose shelves are not read (Mecklenburg County, 53)', async () => {
    const browser = (await signedIn(await newUser())).browser;
    const set = await put(browser, { first_name: 'A', last_name: 'B', home_board_id: 53 });
    expect(set.status).toBe(200);
    expect((await browser.call(GET, '/api/user/me')).json.home_board_id).toBe(53);
  });

  it.each([
    ['an unknown board', 999],
    ['a negative id', -78],
    ['a board id as text', '78'],
    ['a fractional id', 78.5],
  ])('refuses %s as the home board and changes nothing', async (_label, home) => {
    const user = await newUser();
    const browser = (await signedIn(user)).browser;
    const res = await put(browser, { first_name: 'Sam', last_name: 'Ward', home_board_id: home });
    expectClientError(res, 400);
    expect(res.json.error).toContain("home_board_id must be null or a board's id");
    expect(await stored(user.id)).toMatchObject({ first_name: user.firstName });
    expect((await browser.call(GET, '/api/user/me')).json.home_board_id).toBeNull();
  });

  it.each([
    ['a link', { first_name: 'Sam', last_name: 'see https://evil.example' }],
    ['a domain', { first_name: 'evil.example', last_name: 'Ward' }],
  ])('refuses a name holding %s with the name rule and changes nothing', async (_label, body) => {
    const user = await newUser();
    const browser = (await signedIn(user)).browser;
    const res = await put(browser, body);
    expectClientError(res, 400);
    expect(res.json.error).toBe(RULE_MESSAGES.nameCharacters);
    expect(await stored(user.id)).toMatchObject({ first_name: user.firstName });
  });

  const valid = { first_name: 'Sam', last_name: 'Ward', phone_number: '9195550123' };
  const cases: [string, Record<string, unknown>, number][] = [
    ['no X-Requested-With header', { noXhr: true, body: valid }, 403],
    ['malformed JSON', { rawBody: '{"first_name": "Sam", ' }, 400],
    ['JSON null', { rawBody: 'null' }, 400],
    ['a JSON array', { rawBody: '[]' }, 400],
    ['an empty object', { body: {} }, 400],
    ['a missing first name', { body: { last_name: 'Ward' } }, 400],
    ['a missing last name', { body: { first_name: 'Sam' } }, 400],
    ['the first name as a number', { body: { ...valid, first_name: 1 } }, 400],
    ['the last name as an object', { body: { ...valid, last_name: { x: 1 } } }, 400],
    ['the phone as a number', { body: { ...valid, phone_number: 9195550123 } }, 400],
    ['the phone as an array', { body: { ...valid, phone_number: ['919'] } }, 400],
    ['a 10,000-character first name', { body: { ...valid, first_name: 'f'.repeat(10_000) } }, 400],
    ['a 10,000-character last name', { body: { ...valid, last_name: 'l'.repeat(10_000) } }, 400],
    ['a 10,000-character phone', { body: { ...valid, phone_number: '9'.repeat(10_000) } }, 400],
    ['a NUL character in the first name', { body: { ...valid, first_name: 'Sa\u0000m' } }, 400],
    ['a NUL character in the last name', { body: { ...valid, last_name: '\u0000' } }, 400],
  ];
  it.each(cases)('refuses %s with a JSON 4xx, never a 500 (signed in)', async (_label, options, status) => {
    const user = await newUser();
    const res = await ((await signedIn(user)).browser).call(PUT, '/api/user/me', { method: 'PUT', ...options });
    expectClientError(res, status);
    expect((await stored(user.id)).first_name).toBe(user.firstName);
  });
});
