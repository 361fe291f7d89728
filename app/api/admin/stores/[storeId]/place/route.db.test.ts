import { describe, expect, it } from 'vitest';
import { DELETE, GET, PUT } from './route.ts';
import { expectClientError, newUser, query, signedIn, withTestDatabase } from '../../../../../../testing/harness.ts';
import { storePlaceAnswerSchema } from '../../../../../../lib/places/types.ts';

// Staff pin a store's exact point (issue 39): hunters cannot, another site cannot, a point outside North Carolina
// or an unknown store is a clear 4xx; unpinning goes back to the approximate point.

withTestDatabase('reference', 'store_place');

const path = (storeId: number) => `/api/admin/stores/${storeId}/place`;

describe('PUT/DELETE /api/admin/stores/{storeId}/place', () => {
  it('an admin pins a store and unpins it; a hunter, another site, a bad point or store get a 4xx', async () => {
    const [{ id }] = await query<{ id: number }>(`SELECT id FROM stores WHERE zip = '28607' ORDER BY id LIMIT 1`); // Boone
    const { browser: admin } = await signedIn(await newUser({ role: 'admin' }));
    const call = (method: 'PUT' | 'DELETE', storeId: number, body?: unknown, noXhr = false) =>
      admin.call(method === 'PUT' ? PUT : DELETE, path(storeId), { method, params: { storeId: String(storeId) }, body, noXhr });

    const read = await admin.call(GET, path(id), { params: { storeId: String(id) } });
    expect(storePlaceAnswerSchema.parse(read.json).place).toMatchObject({ source: 'zip', approximate: true });

    const pinned = await call('PUT', id, { latitude: 36.2168, longitude: -81.6746 });
    expect(pinned.status).toBe(200);
    expect(storePlaceAnswerSchema.parse(pinned.json).place).toEqual({ latitude: 36.2168, longitude: -81.6746, source: 'admin', approximate: false });

    expectClientError(await call('PUT', id, { latitude: 40.7, longitude: -74 }), 400);
    expectClientError(await call('PUT', id, { latitude: 'north' }), 400);
    expectClientError(await call('PUT', 999_999, { latitude: 36.2, longitude: -81.6 }), 404);
    expectClientError(await call('PUT', id, { latitude: 36.2, longitude: -81.6 }, true), 403);

    const { browser: hunter } = await signedIn();
    const refused = await hunter.call(PUT, path(id), { method: 'PUT', params: { storeId: String(id) }, body: { latitude: 36.2, longitude: -81.6 } });
    expectClientError(refused, 403);
    expectClientError(await hunter.call(GET, path(id), { params: { storeId: String(id) } }), 403);

    const unpinned = await call('DELETE', id);
    expect(storePlaceAnswerSchema.parse(unpinned.json).place).toMatchObject({ source: 'zip', approximate: true });
  });
});
