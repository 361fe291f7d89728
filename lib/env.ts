import { z } from 'zod';

// All configuration comes from environment variables, validated once. A bad value stops the process
// with a message naming the variable. Documented in .env.example and the README.
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const rateLimit = (fallback: string) =>
  z.string().regex(/^\s*[1-9]\d*\/[1-9]\d*\s*$/, 'expected "count/seconds", e.g. "10/900"').default(fallback);

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
  RATE_LIMIT_LOGIN_IP: rateLimit('20/900'),
  RATE_LIMIT_LOGIN_EMAIL: rateLimit('8/900'),
  RATE_LIMIT_VERIFY: rateLimit('10/900'),
  RATE_LIMIT_RESEND: rateLimit('5/3600'),
  RATE_LIMIT_RESET_REQUEST: rateLimit('5/3600'),
  RATE_LIMIT_REGISTER: rateLimit('10/3600'),
  RATE_LIMIT_CHANGE_PASSWORD: rateLimit('5/900'),
  // Proxies in front of the app that append to X-Forwarded-For (1: one reverse proxy).
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(1).max(5).default(1),
  BCRYPT_COST: z.coerce.number().int().min(4).max(15).default(12),
  IMAGES_DIR: z.string().default('.data/images'),
  // Test runs of the production build only: lets BCRYPT_COST go below 12 to keep suites fast.
  ALLOW_WEAK_BCRYPT: bool,
  // Watchlist: Listed products at or above this retail price count as "Premium" (the state has no such type).
  PREMIUM_MIN_PRICE: z.coerce.number().min(0).default(60),
  // Arrival alerts (lib/alerts): alert e-mails per user per New York day; later arrivals that day are counted in the next one.
  ALERT_DAILY_CAP: positiveInt(10),
  // Scraper (lib/ingest): where the public pages live, and how politely to read them.
  WAKE_BASE_URL: z.string().url().default('https://wakeabc.com'),
  NC_ABC_BASE_URL: z.string().url().default('https://abc2.nc.gov'),
  SCRAPER_CONTACT: z.string().default('ops@ncbourbontracker.example'),
  SOURCE_TIMEOUT_MS: positiveInt(20_000),
  SOURCE_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  WAKE_CONCURRENCY: z.coerce.number().int().min(1).max(3).default(3),
  WAKE_REQUEST_DELAY_MS: z.coerce.number().int().min(0).default(1000),
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
  // Production password hashes must be expensive; only tests and development may go lower.
  if (parsed.data.NODE_ENV === 'production' && parsed.data.BCRYPT_COST < 12 && !parsed.data.ALLOW_WEAK_BCRYPT) {
    throw new Error('Invalid configuration:\n  BCRYPT_COST: must be at least 12 in production');
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
