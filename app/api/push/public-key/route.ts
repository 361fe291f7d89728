import { route } from '@/lib/api/handler';
import { vapidDetails } from '@/lib/alerts/channels/push/vapid';

/** The VAPID public key a browser subscribes with (PushManager.subscribe's applicationServerKey). */
export const GET = route({ access: 'user' }, async () => ({ success: true, public_key: vapidDetails().publicKey }));
