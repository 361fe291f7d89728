import { z } from 'zod';
import { answerParts } from '../../../reports/types.ts';

// The answers of the push API (/api/push/*), declared once: strict zod schemas and the types derived from
// them. The server returns these types, the profile's "Notifications on this device" card imports them with
// `import type`, and app/api/contract-accounts.db.test.ts parses the routes' real answers with the schemas.

const { ok, id, count, instant } = answerParts;
const said = { success: ok, message: z.string().min(1) };

/** One device as GET /api/push/devices lists it. The endpoint and keys never leave the server. */
export const pushDeviceSchema = z.strictObject({
  device_id: id,
  label: z.string().min(1),
  /** The first 16 hex digits of the endpoint's SHA-256: the screen finds "this device" without the endpoint. */
  endpoint_key: z.string().regex(/^[0-9a-f]{16}$/),
  added_at: instant,
  last_success_at: instant.nullable(),
  last_failure_at: instant.nullable(),
  /** Failed deliveries since the last one that worked. */
  failure_count: count,
});
export type PushDeviceDto = z.infer<typeof pushDeviceSchema>;

/** POST /api/push/test: what happened on each of the user's devices. */
export const pushTestResultSchema = z.strictObject({
  sent: count,
  /** Devices whose push service said the subscription no longer exists: removed. */
  removed: count,
  failed: count,
});
export type PushTestResult = z.infer<typeof pushTestResultSchema>;

/** GET /api/push/public-key: the VAPID key a browser subscribes with. */
export const publicKeyAnswerSchema = z.strictObject({ success: ok, public_key: z.string().min(1) });
export type PublicKeyAnswer = z.infer<typeof publicKeyAnswerSchema>;

/** GET /api/push/devices: the user's devices, newest first. */
export const devicesAnswerSchema = z.strictObject({ success: ok, devices: z.array(pushDeviceSchema) });
export type DevicesAnswer = z.infer<typeof devicesAnswerSchema>;

/** POST /api/push/devices: this browser, turned on. */
export const deviceAddedAnswerSchema = z.strictObject({ ...said, device: pushDeviceSchema });
export type DeviceAddedAnswer = z.infer<typeof deviceAddedAnswerSchema>;

/** DELETE /api/push/devices/{deviceId}. */
export const deviceRemovedAnswerSchema = z.strictObject(said);
export type DeviceRemovedAnswer = z.infer<typeof deviceRemovedAnswerSchema>;

/** POST /api/push/test: the counts, and what to tell the user about them (lib/alerts/channels/push/rules.ts pushTestMessage). */
export const pushTestAnswerSchema = z.strictObject({ ...pushTestResultSchema.shape, ...said });
export type PushTestAnswer = z.infer<typeof pushTestAnswerSchema>;
