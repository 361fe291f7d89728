import { NextResponse } from 'next/server';
import { readRoute, route } from '@/lib/api/handler';
import { addCustomItem, addProduct } from '@/lib/watchlist/add-item';
import { itemsRead } from '@/lib/watchlist/reads';
import { addBody } from '@/lib/watchlist/schemas';

/** The user's own items: custom ones and those added from search (interested rows). */
export const GET = readRoute(itemsRead);

/** Adds a product (interested or, for a default product, not_interested) or a custom item. */
export const POST = route({ access: 'user', body: addBody }, async ({ user, body }) => {
  const { item, message } =
    body.kind === 'custom' ? await addCustomItem(user.id, body.item) : await addProduct(user.id, body.plu, body.interest);
  return NextResponse.json({ success: true, watchId: item.watch_id, data: item, message }, { status: 201 });
});
