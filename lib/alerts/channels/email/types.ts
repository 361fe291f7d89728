import { z } from 'zod';

// The unsubscribe link's answers (GET and POST /api/alerts/unsubscribe, lib/alerts/channels/email/unsubscribe.ts),
// declared once as strict zod schemas; the unsubscribe page imports the types with `import type`, and
// app/api/contract-accounts.db.test.ts parses the route's real answers with the schemas.

/** GET: whose alert e-mails the link turns off (masked: "c•••@example.com"; null for a deleted account), and whether they are on. */
export const unsubscribeCheckAnswerSchema = z.strictObject({
  success: z.literal(true),
  valid: z.literal(true),
  email: z.string().min(1).nullable(),
  enabled: z.boolean(),
});
export type UnsubscribeCheckAnswer = z.infer<typeof unsubscribeCheckAnswerSchema>;

/** POST: the alert e-mails are off. */
export const unsubscribedAnswerSchema = z.strictObject({ success: z.literal(true), message: z.string().min(1) });
export type UnsubscribedAnswer = z.infer<typeof unsubscribedAnswerSchema>;
