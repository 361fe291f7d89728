import { z } from 'zod';
import { Role, UserStatus } from '../../generated/prisma/enums.ts';
import { answerParts } from '../reports/types.ts';

// What staff read on /admin, declared once like lib/reports/types.ts: strict zod schemas and the types derived
// from them. The server code returns these types (lib/admin/users.ts, lib/alerts/channels/email/stats.ts), the
// admin screen imports them with `import type`, and app/api/contract-admin.db.test.ts parses the routes' real
// answers with the schemas. (GET /api/health's report is typed in lib/ops/health.ts.)

const { ok, ymd, instant, id, count } = answerParts;

// ── user management (/api/admin/users…) ──

export const roleSchema = z.enum(Role);
export const userStatusSchema = z.enum(UserStatus);
export type { Role, UserStatus };

/** One account as staff see it. */
export const adminUserSchema = z.strictObject({
  user_id: id,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  status: userStatusSchema,
  role: roleSchema,
  email_verified: z.boolean(),
  created_at: instant,
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** GET /api/admin/users: every account, the newest first (a bare list, as the spec has it). */
export const adminUsersSchema = z.array(adminUserSchema);

/** PATCH /api/admin/users/{id}/role and …/status: the account as it now is. */
export const userChangedSchema = z.strictObject({ success: ok, user: adminUserSchema });
export type UserChanged = z.infer<typeof userChangedSchema>;

/** POST /api/admin/users/{id}/reset-password: what was sent, in words. */
export const resetSentSchema = z.strictObject({ success: ok, message: z.string().min(1) });
export type ResetSent = z.infer<typeof resetSentSchema>;

// ── arrival alert volume ──

/** One New York day's arrival alert e-mails. */
export const alertDaySchema = z.strictObject({
  date: ymd,
  /** E-mails sent (or written to the outbox) and failed; arrivals the daily cap held back. */
  sent: count,
  failed: count,
  suppressed: count,
});
export type AlertDay = z.infer<typeof alertDaySchema>;

/** The last days' volume, newest first, what waits now, and how many active users have a channel on. */
export const alertVolumeSchema = z.strictObject({
  days: z.array(alertDaySchema),
  queue: z.strictObject({ retrying: count, awaiting_digest: count, given_up: count }),
  subscribers: count,
});
export type AlertVolume = z.infer<typeof alertVolumeSchema>;

/** GET /api/alerts/stats */
export const alertStatsSchema = alertVolumeSchema.extend({ success: ok });
export type AlertStats = z.infer<typeof alertStatsSchema>;
