import { route } from '@/lib/api/handler';
import { deviceParams, removeDevice } from '@/lib/alerts/channels/push/devices';
import { PUSH_MESSAGES } from '@/lib/alerts/channels/push/rules';

/** Removes one of the user's devices (another user's is 404, like one that does not exist). */
export const DELETE = route({ access: 'user', params: deviceParams }, async ({ user, params }) => {
  await removeDevice(user.id, params.deviceId);
  return { success: true, message: PUSH_MESSAGES.removed };
});
