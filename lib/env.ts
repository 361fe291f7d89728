import { z } from 'zod';

// All configuration comes from environment variables, validated once. A bad value stops the process
// with a message naming the variable. Documented in .env.example and docs/operations.md.
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
// An entry's bounds (the board_sources table's CHECKs; lib/reference/board-sources.ts checks the file the same way).
const POLL_MINUTES = { min: 15, max: 24 * 60 };
const CONCURRENCY = { min: 1, max: 3 };
const pollMinutes = z.coerce.number().int().min(POLL_MINUTES.min).max(POLL_MINUTES.max).optional();

/**
 * "key=value,key=value" → { key: value } ("*" for every key), each value checked by `value`. `splitOnComma`
 * false: URLs, which may hold commas of their own, are split only before a "key=" that follows a comma.
 */
function perSource<T>(value: z.ZodType<T>, splitOnComma = true) {
  return z
    .string()
    .optional()
    .transform((text, ctx): Record<string, T> => {
      const out: Record<string, T> = {};
      if (!text?.trim()) return out;
      const parts = splitOnComma ? text.split(',') : text.split(/,(?=\s*(?:\*|[a-z][a-z0-9_]*)=)/);
      for (const part of parts) {
        const m = /^\s*(\*|[a-z][a-z0-9_]*)=(.*)$/.exec(part);
        const parsed = m ? value.safeParse(m[2].trim()) : null;
        if (!m || !parsed?.success) {
          ctx.addIssue({ code: 'custom', message: `"${part.trim()}": expected key=value, e.g. durham_inventory=${splitOnComma ? '240' : 'https://durhamabc.com'}${parsed && !parsed.success ? ` (${parsed.error.issues[0]?.message})` : ''}` });
          return z.NEVER;
        }
        out[m[1]] = parsed.data;
      }
      return out;
    });
}
/** Loopback hosts: the only ones a test origin (plain http, our own machine) may name. */
const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

/**
 * A comma-separated list of origins, each `http(s)://host[:port]` (`bareHostsAreHttps`: a bare host name is its
 * https origin). Plain http only on this machine's hosts; `loopbackOnly`: every entry on this machine.
 */
const originList = (fallback: string, { bareHostsAreHttps = false, loopbackOnly = false } = {}) =>
  z
    .string()
    .default(fallback)
    .transform((text, ctx): string[] => {
      const out: string[] = [];
      for (const entry of text.split(',').map((e) => e.trim()).filter(Boolean)) {
        let url: URL | null = null;
        try {
          url = new URL(entry.includes('://') ? entry : bareHostsAreHttps ? `https://${entry}` : entry);
        } catch {
          url = null;
        }
        const bad = !url || !['http:', 'https:'].includes(url.protocol) || url.pathname !== '/' || url.search || url.username;
        if (bad || ((loopbackOnly || url!.protocol === 'http:') && !LOOPBACK.test(url!.hostname))) {
          ctx.addIssue({
            code: 'custom',
            message:
              `"${entry}": expected ${bareHostsAreHttps ? 'a host name (https) or ' : ''}an origin such as http://127.0.0.1:8090 ` +
              `(${loopbackOnly ? 'only' : 'plain http only on'} this machine's hosts: localhost, 127.x.x.x, [::1])`,
          });
          return z.NEVER;
        }
        out.push(url!.origin);
      }
      return out;
    });

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
  RATE_LIMIT_VERIFY_ACCOUNT: rateLimit('10/3600'),
  RATE_LIMIT_RESEND: rateLimit('5/3600'),
  RATE_LIMIT_RESET_REQUEST: rateLimit('5/3600'),
  RATE_LIMIT_REGISTER: rateLimit('10/3600'),
  RATE_LIMIT_CHANGE_PASSWORD: rateLimit('5/900'),
  // Test notifications and test Discord messages per user and channel.
  RATE_LIMIT_TEST_MESSAGE: rateLimit('5/600'),
  // Reverse proxies of ours in front of the app, each appending to X-Forwarded-For (compose: 1, Caddy). 0: none,
  // the connection's own address is the client's (scripts/app-server.mjs reads it; same bounds there).
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(5).default(0),
  BCRYPT_COST: z.coerce.number().int().min(4).max(15).default(12),
  IMAGES_DIR: z.string().default('.data/images'),
  // Test runs of the production build only: lets BCRYPT_COST go below 12 to keep suites fast.
  ALLOW_WEAK_BCRYPT: bool,
  // Watchlist: Listed products at or above this retail price count as "Premium" (the state has no such type).
  PREMIUM_MIN_PRICE: z.coerce.number().min(0).default(60),
  // Stock a board did not confirm when it should have shows "last seen …"; once its last confirmation is this
  // many minutes old it shows as unknown rather than in stock (lib/reports/stock-age.ts). Default a day.
  STOCK_UNKNOWN_AFTER_MINUTES: z.coerce.number().int().min(60).max(14 * 24 * 60).default(24 * 60),
  // Arrival alerts (lib/alerts): alert e-mails per user per New York day; later arrivals that day are counted in the next one.
  ALERT_DAILY_CAP: positiveInt(10),
  // Alert deliveries the scraper's standing worker runs at once (lib/alerts/worker.ts). 4 sent 1,000 push
  // notifications soonest on a 2-core machine (npm run bench:push: p95 4.1 s; 2: 5.9 s, 8: 4.5 s).
  ALERT_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(4),
  // Web Push (lib/alerts/channels/push): the VAPID key pair (`npx web-push generate-vapid-keys`) and the contact push services
  // may write to (mailto: or https:). Required in a deployment; npm start keeps a generated pair in .data otherwise.
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'expected the public key as web-push prints it (87 base64url characters)').optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'expected the private key as web-push prints it (43 base64url characters)').optional(),
  VAPID_SUBJECT: z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'expected mailto:you@example.com or an https:// URL').optional(),
  // Tests only: push services on this machine (plain http, loopback) that subscriptions may name, e.g. the
  // local push service of web-push-testing. Empty: only https push services on public addresses.
  PUSH_TEST_ORIGINS: originList('', { loopbackOnly: true }),
  // Discord (lib/alerts/channels/discord): hosts a webhook URL may name (https). A test points it at a local receiver with an
  // origin such as http://127.0.0.1:4567 (plain http only on this machine).
  DISCORD_WEBHOOK_HOSTS: originList('discord.com,discordapp.com,ptb.discord.com,canary.discord.com', { bareHostsAreHttps: true }),
  // Scraper (lib/ingest): where the public pages live, and how politely to read them.
  NC_ABC_BASE_URL: z.string().url().default('https://abc2.nc.gov'),
  // The Commission's own website (another host than abc2): its allocated and limited distribution list (an XLSX).
  NC_ABC_WEBSITE_URL: z.string().url().default('https://www.abc.nc.gov'),
  SCRAPER_CONTACT: z.string().default('ops@ncbourbontracker.example'),
  SOURCE_TIMEOUT_MS: positiveInt(20_000),
  SOURCE_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  // Never stuck (decision 029): a cycle still running at this deadline is ended (its process), so the next one
  // starts on schedule; default 14 min, a minute short of the schedule's 15. Its sources may fetch for 80% of it.
  SCRAPER_CYCLE_DEADLINE_MS: z.coerce.number().int().min(2_000).max(60 * 60_000).default(14 * 60_000),
  // The longest one statement of a cycle may run (the database cancels it, and that step fails with a clear line).
  SCRAPER_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(60 * 60_000).default(120_000),
  // Where the scraper writes its heartbeat every minute (started, last finished cycle, stalled since): the
  // compose healthcheck (scripts/scraper-healthcheck.mjs) reads it. Relative to the working directory.
  SCRAPER_HEARTBEAT_FILE: z.string().min(1).default('.data/scraper-heartbeat.json'),
  // The boards whose shelves are read are data (prisma/seed-data/board-sources.json, decision 021); these
  // override an entry's site and politeness by its key, e.g. "durham_inventory=http://localhost:4000,…"
  // ("*" stands for every entry; lib/ingest/board-sources.ts:effectiveSources applies them).
  BOARD_SOURCE_URLS: perSource(z.string().url(), false),
  BOARD_SOURCE_POLL_MINUTES: perSource(z.coerce.number().int().min(POLL_MINUTES.min).max(POLL_MINUTES.max)),
  BOARD_SOURCE_CONCURRENCY: perSource(z.coerce.number().int().min(CONCURRENCY.min).max(CONCURRENCY.max)),
  BOARD_SOURCE_REQUEST_DELAY_MS: perSource(z.coerce.number().int().min(0)),
  // Wake's site (also its store locator's) and politeness: unset, its entry's.
  WAKE_BASE_URL: z.string().url().optional(),
  WAKE_CONCURRENCY: z.coerce.number().int().min(CONCURRENCY.min).max(CONCURRENCY.max).optional(),
  WAKE_REQUEST_DELAY_MS: z.coerce.number().int().min(0).optional(),
  // Deprecated aliases of BOARD_SOURCE_* for one release (DEPRECATED_ALIASES): still honoured, logged by the scraper.
  DURHAM_BASE_URL: z.string().url().optional(),
  DURHAM_CONCURRENCY: z.coerce.number().int().min(CONCURRENCY.min).max(CONCURRENCY.max).optional(),
  DURHAM_REQUEST_DELAY_MS: z.coerce.number().int().min(0).optional(),
  GREENSBORO_BASE_URL: z.string().url().optional(),
  GREENSBORO_CONCURRENCY: z.coerce.number().int().min(CONCURRENCY.min).max(CONCURRENCY.max).optional(),
  GREENSBORO_REQUEST_DELAY_MS: z.coerce.number().int().min(0).optional(),
  ABCGO_NEW_HANOVER_URL: z.string().url().optional(),
  ABCGO_CONCURRENCY: z.coerce.number().int().min(CONCURRENCY.min).max(CONCURRENCY.max).optional(),
  ABCGO_REQUEST_DELAY_MS: z.coerce.number().int().min(0).optional(),
  DURHAM_POLL_MINUTES: pollMinutes,
  GREENSBORO_POLL_MINUTES: pollMinutes,
  ABCGO_NEW_HANOVER_POLL_MINUTES: pollMinutes,
});

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

/** Parsed configuration. Throws a readable error naming each bad variable. */
export function env(): Env {
  if (cached) return cached;
  cached = parseEnv(process.env);
  return cached;
}

/** These variables as configuration (env() parses process.env once). Throws as env() does. */
export function parseEnv(vars: Record<string, string | undefined>): Env {
  const parsed = schema.safeParse(vars);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  // Half a key pair signs nothing: both or neither (then npm start keeps a generated pair outside a deployment).
  if (Boolean(parsed.data.VAPID_PUBLIC_KEY) !== Boolean(parsed.data.VAPID_PRIVATE_KEY)) {
    throw new Error('Invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both halves of the key pair, or neither');
  }
  // Production password hashes must be expensive; only tests and development may go lower.
  if (parsed.data.NODE_ENV === 'production' && parsed.data.BCRYPT_COST < 12 && !parsed.data.ALLOW_WEAK_BCRYPT) {
    throw new Error('Invalid configuration:\n  BCRYPT_COST: must be at least 12 in production');
  }
  return parsed.data;
}

/** The processes of a deployment: docker-compose.yml's services of the same names. */
export type Service = 'app' | 'scraper' | 'migrate';

/**
 * Which deployed processes read each variable. docker-compose.yml passes every variable to exactly the
 * services listed here, and nothing else (lib/ops/compose.test.ts checks it). An empty list means the
 * variable has no place in a deployment: set by the image, only for the embedded database, or only for
 * tests and the demo. (`migrate` also runs `scripts/create-admin.ts`, which hashes a password.)
 */
export const ENV_READERS: Record<keyof Env, readonly Service[]> = {
  NODE_ENV: [], // the image sets production
  DATABASE_URL: ['app', 'scraper', 'migrate'],
  EMBEDDED_DB_DIR: [], // only without DATABASE_URL
  APP_URL: ['app', 'scraper'], // e-mailed links; alert e-mails come from the scraper
  SESSION_SECRET: ['app', 'scraper'], // the scraper signs alert e-mails' unsubscribe links
  SESSION_TTL_HOURS: ['app'],
  SMTP_URL: ['app', 'scraper'],
  MAIL_FROM: ['app', 'scraper'],
  MAIL_OUTBOX_DIR: [], // development and demo only: production never writes mail to disk
  DEMO_MODE: [], // a deployment is never a demo
  RATE_LIMIT_LOGIN_IP: ['app'],
  RATE_LIMIT_LOGIN_EMAIL: ['app'],
  RATE_LIMIT_VERIFY: ['app'],
  RATE_LIMIT_VERIFY_ACCOUNT: ['app'],
  RATE_LIMIT_RESEND: ['app'],
  RATE_LIMIT_RESET_REQUEST: ['app'],
  RATE_LIMIT_REGISTER: ['app'],
  RATE_LIMIT_CHANGE_PASSWORD: ['app'],
  RATE_LIMIT_TEST_MESSAGE: ['app'],
  TRUSTED_PROXY_HOPS: ['app'],
  BCRYPT_COST: ['app', 'migrate'],
  IMAGES_DIR: ['app'],
  ALLOW_WEAK_BCRYPT: [], // test runs of the production build only
  PREMIUM_MIN_PRICE: ['app', 'scraper'],
  STOCK_UNKNOWN_AFTER_MINUTES: ['app'],
  ALERT_DAILY_CAP: ['scraper'],
  ALERT_WORKER_CONCURRENCY: ['scraper'],
  // The app subscribes devices and sends test messages; alerts go out from the scraper's side.
  VAPID_PUBLIC_KEY: ['app', 'scraper'],
  VAPID_PRIVATE_KEY: ['app', 'scraper'],
  VAPID_SUBJECT: ['app', 'scraper'],
  PUSH_TEST_ORIGINS: [], // tests only
  DISCORD_WEBHOOK_HOSTS: ['app', 'scraper'],
  WAKE_BASE_URL: ['scraper'],
  NC_ABC_BASE_URL: ['scraper'],
  NC_ABC_WEBSITE_URL: ['scraper'],
  SCRAPER_CONTACT: ['scraper'],
  SOURCE_TIMEOUT_MS: ['scraper'],
  SOURCE_RETRIES: ['scraper'],
  SCRAPER_CYCLE_DEADLINE_MS: ['scraper'],
  SCRAPER_STATEMENT_TIMEOUT_MS: ['scraper'],
  SCRAPER_HEARTBEAT_FILE: ['scraper'],
  BOARD_SOURCE_URLS: ['scraper'],
  BOARD_SOURCE_POLL_MINUTES: ['scraper'],
  BOARD_SOURCE_CONCURRENCY: ['scraper'],
  BOARD_SOURCE_REQUEST_DELAY_MS: ['scraper'],
  WAKE_CONCURRENCY: ['scraper'],
  WAKE_REQUEST_DELAY_MS: ['scraper'],
  DURHAM_BASE_URL: ['scraper'],
  DURHAM_CONCURRENCY: ['scraper'],
  DURHAM_REQUEST_DELAY_MS: ['scraper'],
  GREENSBORO_BASE_URL: ['scraper'],
  GREENSBORO_CONCURRENCY: ['scraper'],
  GREENSBORO_REQUEST_DELAY_MS: ['scraper'],
  ABCGO_NEW_HANOVER_URL: ['scraper'],
  ABCGO_CONCURRENCY: ['scraper'],
  ABCGO_REQUEST_DELAY_MS: ['scraper'],
  DURHAM_POLL_MINUTES: ['scraper'],
  GREENSBORO_POLL_MINUTES: ['scraper'],
  ABCGO_NEW_HANOVER_POLL_MINUTES: ['scraper'],
};

/**
 * The per-board variables before board sources were data (decision 021), honoured for one release as aliases
 * of BOARD_SOURCE_* for the entry named here; the scraper logs each one set as deprecated.
 */
export const DEPRECATED_ALIASES = {
  DURHAM_BASE_URL: { key: 'durham_inventory', field: 'baseUrl', instead: 'BOARD_SOURCE_URLS' },
  DURHAM_CONCURRENCY: { key: 'durham_inventory', field: 'concurrency', instead: 'BOARD_SOURCE_CONCURRENCY' },
  DURHAM_REQUEST_DELAY_MS: { key: 'durham_inventory', field: 'delayMs', instead: 'BOARD_SOURCE_REQUEST_DELAY_MS' },
  DURHAM_POLL_MINUTES: { key: 'durham_inventory', field: 'pollMinutes', instead: 'BOARD_SOURCE_POLL_MINUTES' },
  GREENSBORO_BASE_URL: { key: 'greensboro_inventory', field: 'baseUrl', instead: 'BOARD_SOURCE_URLS' },
  GREENSBORO_CONCURRENCY: { key: 'greensboro_inventory', field: 'concurrency', instead: 'BOARD_SOURCE_CONCURRENCY' },
  GREENSBORO_REQUEST_DELAY_MS: { key: 'greensboro_inventory', field: 'delayMs', instead: 'BOARD_SOURCE_REQUEST_DELAY_MS' },
  GREENSBORO_POLL_MINUTES: { key: 'greensboro_inventory', field: 'pollMinutes', instead: 'BOARD_SOURCE_POLL_MINUTES' },
  ABCGO_NEW_HANOVER_URL: { key: 'new_hanover_inventory', field: 'baseUrl', instead: 'BOARD_SOURCE_URLS' },
  ABCGO_NEW_HANOVER_POLL_MINUTES: { key: 'new_hanover_inventory', field: 'pollMinutes', instead: 'BOARD_SOURCE_POLL_MINUTES' },
  // ABC/GO's politeness was one setting for every board on the platform.
  ABCGO_CONCURRENCY: { key: 'platform:abcgo', field: 'concurrency', instead: 'BOARD_SOURCE_CONCURRENCY' },
  ABCGO_REQUEST_DELAY_MS: { key: 'platform:abcgo', field: 'delayMs', instead: 'BOARD_SOURCE_REQUEST_DELAY_MS' },
} as const satisfies Partial<Record<keyof Env, { key: string; field: 'baseUrl' | 'concurrency' | 'delayMs' | 'pollMinutes'; instead: string }>>;

/** Wake's own variables: not deprecated (WAKE_BASE_URL also places Wake's store locator). */
export const WAKE_ALIASES = {
  WAKE_BASE_URL: 'baseUrl',
  WAKE_CONCURRENCY: 'concurrency',
  WAKE_REQUEST_DELAY_MS: 'delayMs',
} as const satisfies Partial<Record<keyof Env, 'baseUrl' | 'concurrency' | 'delayMs'>>;

/**
 * What a deployed process cannot work without, by service. Outside demo mode, production refuses to
 * start without them rather than pretend: no database of its own in a container, no verification codes
 * in the log instead of the mailbox, no alert e-mail that fails on its unsubscribe link.
 */
export const REQUIRED_IN_PRODUCTION: Partial<Record<keyof Env, { services: readonly Service[]; why: string }>> = {
  DATABASE_URL: {
    services: ['app', 'scraper', 'migrate'],
    why: 'the Postgres connection string, e.g. postgresql://user:password@host:5432/bourbon',
  },
  SESSION_SECRET: {
    services: ['app', 'scraper'],
    why: 'seals session cookies and signs the unsubscribe link of every alert e-mail; 32+ random characters, e.g. `openssl rand -base64 48`',
  },
  SMTP_URL: {
    services: ['app', 'scraper'],
    why:
      'verification codes, password resets and arrival alerts are e-mailed, e.g. smtp://user:password@smtp.example.com:587; ' +
      'without it they would only be written to the log (DEMO_MODE=true or `npm run dev` do that on purpose)',
  },
  VAPID_PUBLIC_KEY: {
    services: ['app', 'scraper'],
    why: 'push notifications are signed with the VAPID key pair; generate one with `npx web-push generate-vapid-keys` and keep it (docs/operations.md: Setting up VAPID keys)',
  },
  VAPID_PRIVATE_KEY: {
    services: ['app', 'scraper'],
    why: 'the private half of the VAPID key pair (`npx web-push generate-vapid-keys`); keep it secret',
  },
  VAPID_SUBJECT: {
    services: ['app', 'scraper'],
    why: 'the contact push services may write to about this site\'s notifications, e.g. mailto:ops@example.com',
  },
};

/** Production outside demo mode: a real deployment, which must fail closed (see REQUIRED_IN_PRODUCTION). */
export function isDeployment(e: Env = env()): boolean {
  return e.NODE_ENV === 'production' && !e.DEMO_MODE;
}

/** Why `service` cannot run as configured: one line per missing requirement, none outside a deployment. */
export function deploymentProblems(service: Service, e: Env = env()): string[] {
  if (!isDeployment(e)) return [];
  return Object.entries(REQUIRED_IN_PRODUCTION)
    .filter(([key, rule]) => rule.services.includes(service) && !e[key as keyof Env])
    .map(([key, rule]) => `${key} is not set: ${rule.why}.`);
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
