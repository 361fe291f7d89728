import { z } from 'zod';
import { answerParts, boardPrecisionSchema } from '../reports/types.ts';
import {
  ALERT_CHANNELS,
  ALERT_KIND_CHOICES,
  ALERT_LISTING_TYPES,
  ALERT_MODES,
  MAX_RADIUS_MILES,
  type AlertBoardOption,
  type AlertSettingsDto,
  type ChannelSettingsDto,
  type QuietHoursDto,
  type StoreOption,
} from './rules.ts';

// The answers of GET and PUT /api/alerts/settings, declared once: strict zod schemas of the settings' parts,
// each checked against the type lib/alerts/rules.ts declares for the server and the card (`satisfies`: the
// schema can only produce what the type allows), and the answers built of them. The card imports the answer
// types with `import type`; app/api/contract-accounts.db.test.ts parses the routes' real answers with them.

const { ok, id, count } = answerParts;
const hour = z.number().int().min(0).max(23);

export const channelSettingsSchema = z.strictObject({
  channel: z.enum(ALERT_CHANNELS),
  enabled: z.boolean(),
  mode: z.enum(ALERT_MODES),
  kinds: z.array(z.enum(ALERT_KIND_CHOICES)),
}) satisfies z.ZodType<ChannelSettingsDto>;

export const quietHoursSchema = z.strictObject({ start_hour: hour, end_hour: hour, hold_email: z.boolean() }) satisfies z.ZodType<QuietHoursDto>;

export const storeOptionSchema = z.strictObject({
  store_id: id,
  board_id: id,
  store_number: count,
  nickname: z.string(),
  address: z.string(),
}) satisfies z.ZodType<StoreOption>;

export const alertBoardOptionSchema = z.strictObject({
  board_id: id,
  name: z.string(),
  precision: boardPrecisionSchema,
  stores: count,
  only_store: storeOptionSchema.nullable(),
}) satisfies z.ZodType<AlertBoardOption>;

export const alertSettingsSchema = z.strictObject({
  enabled: z.boolean(),
  mode: z.enum(ALERT_MODES),
  digest_hour: hour,
  listing_types: z.array(z.enum(ALERT_LISTING_TYPES)),
  min_quantity: z.number().int().positive(),
  board_ids: z.array(id),
  store_ids: z.array(id),
  radius_miles: z.number().int().min(1).max(MAX_RADIUS_MILES).nullable(),
}) satisfies z.ZodType<AlertSettingsDto>;

/** GET /api/alerts/settings: the settings, every channel's and the quiet hours (null: none), and what the card offers. */
export const alertSettingsAnswerSchema = z.strictObject({
  success: ok,
  settings: alertSettingsSchema,
  channels: z.array(channelSettingsSchema),
  quiet_hours: quietHoursSchema.nullable(),
  boards: z.array(alertBoardOptionSchema),
  stores: z.array(storeOptionSchema),
  premium_min_price: z.number().nonnegative(),
});
export type AlertSettingsAnswer = z.infer<typeof alertSettingsAnswerSchema>;

/**
 * PUT /api/alerts/settings: the settings as saved, with every channel's and the quiet hours when the request
 * sent them (the card always does; a client that sends only the original fields gets only `settings`).
 */
export const alertSettingsSavedAnswerSchema = z.strictObject({
  success: ok,
  settings: alertSettingsSchema,
  channels: z.array(channelSettingsSchema).optional(),
  quiet_hours: quietHoursSchema.nullable().optional(),
  message: z.string().min(1),
});
export type AlertSettingsSavedAnswer = z.infer<typeof alertSettingsSavedAnswerSchema>;
