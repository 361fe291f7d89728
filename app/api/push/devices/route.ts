import { route } from '@/lib/api/handler';
import { listDevices, subscribe, subscriptionBody } from '@/lib/alerts/channels/push/devices';
import { PUSH_MESSAGES } from '@/lib/alerts/channels/push/rules';

/** The signed-in user's devices with notifications on. */
export const GET = route({ access: 'user' }, async ({ user }) => ({ success: true, devices: await listDevices(user.id) }));

/** Turns notifications on for this browser: its PushSubscription, as PushSubscription.toJSON() gives it. */
export const POST = route({ access: 'user', body: subscriptionBody }, async ({ req, user, body }) => ({
  success: true,
  device: await subscribe(user.id, body, req.headers.get('user-agent')),
  message: PUSH_MESSAGES.turnedOn,
}));
