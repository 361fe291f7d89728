import { z } from 'zod';
import { answerParts } from '../../../reports/types.ts';

// The answers of the Discord API (/api/discord/*), declared once: strict zod schemas and the types derived
// from them. The server returns these types, the profile's "Discord" card imports them with `import type`,
// and app/api/contract-accounts.db.test.ts parses the routes' real answers with the schemas.

const { ok, count, instant } = answerParts;
const message = z.string().min(1);

/** The saved webhook, never its token. */
export const discordWebhookSchema = z.strictObject({
  /** The webhook's id (from its URL). */
  webhook_id: z.string().regex(/^\d+$/),
  /** The URL as the profile shows it: the token replaced by "…". */
  display_url: z.string().min(1),
  /** The channel Discord posts to, once a message went through. */
  channel_id: z.string().nullable(),
  added_at: instant,
  last_success_at: instant.nullable(),
  last_failure_at: instant.nullable(),
  failure_count: count,
});
export type DiscordWebhookDto = z.infer<typeof discordWebhookSchema>;

/** The user's Discord channel: the saved webhook, if any. */
export const discordAnswerSchema = z.strictObject({
  webhook: discordWebhookSchema.nullable(),
  /** When Discord said the last saved webhook no longer exists (it was cleared then); null otherwise. */
  removed_at: instant.nullable(),
});
export type DiscordAnswer = z.infer<typeof discordAnswerSchema>;

/** GET /api/discord/webhook. */
export const discordWebhookAnswerSchema = z.strictObject({ success: ok, ...discordAnswerSchema.shape });
export type DiscordWebhookAnswer = z.infer<typeof discordWebhookAnswerSchema>;

/** PUT /api/discord/webhook (the webhook saved) and DELETE (webhook and removed_at null). */
export const discordSavedAnswerSchema = z.strictObject({ ...discordWebhookAnswerSchema.shape, message });
export type DiscordSavedAnswer = z.infer<typeof discordSavedAnswerSchema>;

/** POST /api/discord/test: the channel Discord posted to. */
export const discordTestAnswerSchema = z.strictObject({ success: ok, channel_id: z.string().nullable(), message });
export type DiscordTestAnswer = z.infer<typeof discordTestAnswerSchema>;
