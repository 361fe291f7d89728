import 'server-only';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { ErrorCode } from '../../../api/error-codes.ts';
import { ApiError } from '../../../api/errors.ts';
import { db } from '../../../db/index.ts';
import { endpointProblem } from './endpoint.ts';
import { deviceLabel, MAX_PUSH_DEVICES, PUSH_MESSAGES, type PushDeviceDto } from './rules.ts';

// A user's push devices: one row per browser that turned notifications on (POST /api/push/devices), listed
// and removed from the profile. Only the owner sees or removes a device; another user's is "not found".

const base64url = (bytes: number, what: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${what} must be base64url`)
    .refine((v) => Buffer.from(v, 'base64url').length === bytes, `${what} has the wrong length`);

/** A PushSubscription as the browser's toJSON() gives it; the endpoint must be a public push service. */
export const subscriptionBody = z.object({
  endpoint: z.string().superRefine((endpoint, ctx) => {
    const problem = endpointProblem(endpoint);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    // An uncompressed P-256 point (0x04, x, y) and a 16-byte secret (RFC 8291).
    p256dh: base64url(65, 'keys.p256dh').refine((v) => Buffer.from(v, 'base64url')[0] === 4, 'keys.p256dh is not a P-256 public key'),
    auth: base64url(16, 'keys.auth'),
  }),
});
export type SubscriptionBody = z.infer<typeof subscriptionBody>;

export const deviceParams = z.object({
  deviceId: z.string().regex(/^\d{1,9}$/, 'Device id must be a number').transform(Number),
});

const endpointKey = (endpoint: string) => createHash('sha256').update(endpoint).digest('hex').slice(0, 16);

type Row = { id: number; endpoint: string; deviceLabel: string; createdAt: Date; lastSuccessAt: Date | null; lastFailureAt: Date | null; failureCount: number };

function toDto(row: Row): PushDeviceDto {
  return {
    device_id: row.id,
    label: row.deviceLabel,
    endpoint_key: endpointKey(row.endpoint),
    added_at: row.createdAt.toISOString(),
    last_success_at: row.lastSuccessAt?.toISOString() ?? null,
    last_failure_at: row.lastFailureAt?.toISOString() ?? null,
    failure_count: row.failureCount,
  };
}

export async function listDevices(userId: number): Promise<PushDeviceDto[]> {
  const rows = await db.pushSubscription.findMany({ where: { userId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  return rows.map(toDto);
}

/**
 * Stores the browser's subscription for `userId`. The same browser again (same endpoint) updates its keys;
 * a browser another account turned on moves to this one, as a new device (its old owner stops getting
 * notifications on a browser that is no longer theirs).
 */
export async function subscribe(userId: number, sub: SubscriptionBody, userAgent: string | null): Promise<PushDeviceDto> {
  const existing = await db.pushSubscription.findUnique({ where: { endpoint: sub.endpoint }, select: { id: true, userId: true } });
  if (existing && existing.userId !== userId) await db.pushSubscription.deleteMany({ where: { id: existing.id } });
  if (!existing || existing.userId !== userId) {
    const count = await db.pushSubscription.count({ where: { userId } });
    if (count >= MAX_PUSH_DEVICES) throw new ApiError('conflict', PUSH_MESSAGES.tooManyDevices, { code: ErrorCode.TOO_MANY_DEVICES });
  }
  const fields = { p256dh: sub.keys.p256dh, auth: sub.keys.auth, deviceLabel: deviceLabel(userAgent) };
  const row = await db.pushSubscription.upsert({
    where: { endpoint: sub.endpoint },
    create: { userId, endpoint: sub.endpoint, ...fields },
    // Turned on again: a fresh start for the failure count.
    update: { userId, ...fields, failureCount: 0, lastError: null },
  });
  return toDto(row);
}

/** Removes one of the user's devices; another user's, or none, is 404. */
export async function removeDevice(userId: number, deviceId: number): Promise<void> {
  const { count } = await db.pushSubscription.deleteMany({ where: { id: deviceId, userId } });
  if (!count) throw new ApiError('not_found', PUSH_MESSAGES.deviceNotFound, { code: ErrorCode.DEVICE_NOT_FOUND });
}

/** The subscriptions to send to: one device of the user's (404 when it is not theirs), or all of them. */
export async function subscriptionsOf(userId: number, deviceId?: number) {
  const rows = await db.pushSubscription.findMany({
    where: { userId, ...(deviceId === undefined ? {} : { id: deviceId }) },
    select: { id: true, endpoint: true, p256dh: true, auth: true },
  });
  if (deviceId !== undefined && !rows.length) throw new ApiError('not_found', PUSH_MESSAGES.deviceNotFound, { code: ErrorCode.DEVICE_NOT_FOUND });
  return rows;
}
