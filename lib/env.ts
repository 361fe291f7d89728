import { z } from 'zod';

// All configuration comes from environment variables, validated once. A bad value stops the process
// with a message naming the variable. Documented in .env.example and the README.
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: z.string().url().optional(),
  EMBEDDED_DB_DIR: z.string().default('.data/pglite'),
  APP_URL: z.string().url().default('http://localhost:3000'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_TTL_HOURS: positiveInt(24 * 14),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('NC Bourbon Tracker <no-reply@localhost>'),
  MAIL_OUTBOX_DIR: z.string().default('.data/outbox'),
  DEMO_MODE: bool,
  // Rate limits: "count/seconds" per policy (see lib/auth/rate-limit.ts).
  RATE_LIMIT_LOGIN_IP: z.string().default('20/900'),
  RATE_LIMIT_LOGIN_EMAIL: z.string().default('8/900'),
  RATE_LIMIT_VERIFY: z.string().default('10/900'),
  RATE_LIMIT_RESEND: z.string().default('5/3600'),
  RATE_LIMIT_RESET_REQUEST: z.string().default('5/3600'),
  RATE_LIMIT_REGISTER: z.string().default('10/3600'),
  BCRYPT_COST: positiveInt(12),
  IMAGES_DIR: z.string().default('.data/images'),
});

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

/** Parsed configuration. Throws a readable error naming each bad variable. */
export function env(): Env {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  cached = parsed.data;
  return cached;
}

/** Session secret: required in production, a fixed development value otherwise. */
export function sessionSecret(): string {
  const e = env();
  if (e.SESSION_SECRET) return e.SESSION_SECRET;
  if (e.NODE_ENV === 'production') {
    throw new Error('Invalid configuration:\n  SESSION_SECRET: required in production (32+ characters)');
  }
  return 'development-only-session-secret-change-me-0123456789';
}
