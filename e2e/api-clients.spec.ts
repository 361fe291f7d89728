import { expect, test } from './fixtures';

// Clients of the API other than our screens (spec section 7), against the production server: they send JSON
// and no X-Requested-With header, read the allocated-current answer as the contract says, use the
// { status } form of the admin status call, and log out without any header.

test('a JSON client signs in, reads inventory, manages a user and logs out without X-Requested-With', async ({ request, createUser }) => {
  const admin = await createUser({ role: 'admin' });
  const pending = await createUser({ status: 'pending' });

  const login = await request.post('/api/auth/login', { data: { email: admin.email, password: admin.password } });
  expect(login.status(), await login.text()).toBe(200);
  expect((await request.get('/api/auth/whoami')).status()).toBe(200);

  const inventory = await (await request.get('/api/inventory/allocated-current')).json();
  expect(inventory.success).toBe(true);
  for (const [type, totals] of Object.entries(inventory.summary.byListingType as Record<string, { count: number; bottles: number }>)) {
    const ofType = inventory.products.filter((p: { Listing_Type: string }) => p.Listing_Type === type);
    expect(totals, type).toEqual({ count: ofType.length, bottles: ofType.reduce((n: number, p: { total_bottles: number }) => n + p.total_bottles, 0) });
  }
  for (const product of inventory.products.slice(0, 3)) {
    expect(product).not.toHaveProperty('stores');
    const stores = await (await request.get(`/api/inventory/product/${product.plu}/stores`)).json();
    expect(stores.stores).toHaveLength(product.stores_with_stock);
  }

  const activated = await request.patch(`/api/admin/users/${pending.id}/status`, { data: { status: 'active' } });
  expect(activated.status(), await activated.text()).toBe(200);
  expect((await activated.json()).user.status).toBe('active');

  // WakePour's client adds a custom watchlist item with the PLU as a number, and reads `message` on errors.
  const custom = await request.post('/api/watchlist', { data: { custom_name: 'Numeric PLU Pick', plu: 91970, retail_price: 59.99, bottles_per_case: 6 } });
  expect(custom.status(), await custom.text()).toBe(201);
  const items = (await (await request.get('/api/watchlist')).json()).data as { plu: string; custom_name: string }[];
  expect(items).toContainEqual(expect.objectContaining({ plu: '91970', custom_name: 'Numeric PLU Pick' }));
  const refused = await request.post('/api/watchlist', { data: { custom_name: 'Too long', plu: 919701 } });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toMatchObject({ success: false, error: 'PLU must be exactly 5 digits (e.g., 99999)', message: 'PLU must be exactly 5 digits (e.g., 99999)' });

  // What another site's form could send stays refused.
  const forged = await request.post('/api/watchlist', { form: { plu: '27090', interest_type: 'interested' } });
  expect(forged.status()).toBe(403);
  expect((await forged.json()).code).toBe('CROSS_SITE_PROOF_MISSING');

  // Logout needs no header and always ends the session.
  const logout = await request.post('/api/auth/logout');
  expect(logout.status()).toBe(200);
  expect((await request.get('/api/auth/whoami')).status()).toBe(401);
});
