import { z } from 'zod';

// A user's own profile as GET and PUT /api/user/me answer it, declared once: a strict zod schema and the type
// derived from it (lib/users/profile.ts returns it, the profile screen imports it with `import type`);
// app/api/contract-accounts.db.test.ts parses the routes' real answers with these schemas.

export const profileSchema = z.strictObject({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().min(1),
  phone_number: z.string().nullable(),
  /** The board the report screens show by default (null: Wake). */
  home_board_id: z.number().int().positive().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** GET /api/user/me: the profile itself. */
export const profileAnswerSchema = profileSchema;
export type ProfileAnswer = z.infer<typeof profileAnswerSchema>;

/** PUT /api/user/me: the profile as saved. */
export const profileSavedAnswerSchema = z.strictObject({ success: z.literal(true), user: profileSchema });
export type ProfileSavedAnswer = z.infer<typeof profileSavedAnswerSchema>;
