import 'server-only';
import { ErrorCode } from '../../../api/error-codes.ts';
import { ApiError } from '../../../api/errors.ts';
import { consumeRateLimit } from '../../../auth/rate-limit.ts';
import { subscriptionsOf } from './devices.ts';
import { PUSH_MESSAGES, type PushPayload, type PushTestResult } from './rules.ts';
import { sendPushToUser } from './send.ts';

/** The profile's test notification; its tag makes a second test replace the first on the device. */
export const TEST_PUSH: PushPayload = {
  title: 'Test notification',
  body: 'Notifications work on this device. Arrival alerts will look like this: the bottle, where, and how many.',
  url: '/profile#notifications',
  tag: 'test-notification',
};

/** Sends the test notification to one of the user's devices, or all of them (rate limited per user). */
export async function sendTestPush(userId: number, deviceId?: number): Promise<PushTestResult> {
  const subs = await subscriptionsOf(userId, deviceId);
  if (!subs.length) throw new ApiError('not_found', PUSH_MESSAGES.noDevices, { code: ErrorCode.DEVICE_NOT_FOUND });
  await consumeRateLimit('test_message', `push:${userId}`);
  const { sent, removed, failed } = await sendPushToUser(userId, TEST_PUSH, { deviceId });
  return { sent, removed, failed };
}
