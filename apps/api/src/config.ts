import { isIP } from 'node:net';
import { z } from 'zod';
import { parseAllowList } from './features/webhooks/address-guard';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** An address or a CIDR range (`10.0.0.0/8`, `fd00::/8`), or one of proxy-addr's names for a whole class. */
function isProxyAddress(value: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(value)) return true;
  const [address = '', prefix, ...rest] = value.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * Which X-Forwarded-For entries are believed: none (`false`, `0`, the default: the socket's
 * address is the client's); the last n, added by n proxies in front (`1`, `2`; `true` means 1,
 * see docs/decisions.md); or those added by proxies at the given addresses. Believing all of them,
 * as a bare `true` used to, lets every client write its own address and escape per-address limits.
 */
const trustProxySchema = z.string().transform((value, context): false | number | string[] => {
  const text = value.trim().toLowerCase();
  if (text === 'false' || text === '0') return false;
  if (text === 'true') return 1;
  if (/^\d+$/.test(text) && Number(text) <= 10) return Number(text);
  const addresses = text.split(',').map((part) => part.trim());
  const wrong = addresses.filter((address) => !isProxyAddress(address));
  if (wrong.length === 0) return addresses;
  context.addIssue({
    code: 'custom',
    message: `a hop count (0–10), true (one hop), false, or proxy addresses and CIDR ranges separated by commas; not ${wrong.join(', ')}`,
  });
  return z.NEVER;
});

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
  PUBLIC_URL: z.string().url().optional(),
  CORS_ORIGINS: z.string().optional(),
  TRUST_PROXY: trustProxySchema.default(false),
  REDIS_URL: z.string().url().optional(),
  /**
   * Slow or idle clients: the whole request (an upload included) must arrive within
   * REQUEST_TIMEOUT_MS and its headers within HEADERS_TIMEOUT_MS, else 408 and the connection
   * closes; an idle kept-alive connection closes after KEEP_ALIVE_TIMEOUT_MS. On SIGTERM the
   * server drains for at most SHUTDOWN_TIMEOUT_MS (docs/operations.md).
   */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).default(15_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(10_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: booleanFlag.optional(),
  LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_ATTEMPTS_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  LOGIN_ACCOUNT_DELAY_MAX_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
  PASSWORD_RESET_TTL_MINUTES: z.coerce.number().int().min(5).max(24 * 60).default(60),
  SSO_JWT_SECRET: z.string().min(32, 'SSO_JWT_SECRET must be at least 32 characters').optional(),
  SSO_JWKS_URL: z.string().url().optional(),
  SSO_ISSUER: z.string().optional(),
  SSO_AUDIENCE: z.string().optional(),
  WEB_DIST_DIR: z.string().optional(),
  /** Origin of the monitoring collector the web app reports to, allowed by the content security policy. */
  MONITORING_ORIGIN: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Exhibitor Portal <no-reply@localhost>'),
  OUTBOX_INTERVAL_MS: z.coerce.number().int().min(100).default(5000),
  /** How often stored files that nothing references are removed, and how old they must be. */
  FILE_SWEEP_INTERVAL_MS: z.coerce.number().int().min(1000).default(60 * 60 * 1000),
  FILE_SWEEP_GRACE_MS: z.coerce.number().int().min(60 * 1000).default(60 * 60 * 1000),
  /** How often invitations an import still owes (after a crash) are written to the outbox (docs/bulk-imports.md). */
  INVITATION_SWEEP_INTERVAL_MS: z.coerce.number().int().min(1000).default(60 * 1000),
  /**
   * Who takes the money for allocation purchases (docs/purchases.md): by default the sandbox, but
   * bank transfers (`manual`) in production, where a test checkout would hand out places for free.
   */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'manual', 'stripe']).optional(),
  /** How often leads past their event's retention are purged, and exhibitors reminded a week before (docs/leads.md). */
  LEAD_RETENTION_SWEEP_INTERVAL_MS: z.coerce.number().int().min(1000).default(15 * 60 * 1000),
  /** How often succeeded payments a crash left unapplied are settled (docs/purchases.md). */
  PAYMENT_SWEEP_INTERVAL_MS: z.coerce.number().int().min(1000).default(60 * 1000),
  /** Public payment status calls per address per LOGIN_WINDOW_SECONDS. */
  PAYMENT_STATUS_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(60),
  /** The status page asks the provider about one purchase at most once in this many seconds. */
  PAYMENT_SYNC_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  /** How long the signed payment status link in the provider's return URL opens the page. */
  PAYMENT_STATUS_LINK_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 365).default(30 * 24),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'STRIPE_SECRET_KEY starts with sk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'STRIPE_WEBHOOK_SECRET starts with whsec_').optional(),
  /** Whether buyers' VAT IDs are checked live with the EU's VIES before the reverse charge (docs/purchases.md). */
  VAT_REGISTRY: z.enum(['off', 'vies']).default('off'),
  VIES_URL: z.string().url().default('https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number'),
  /**
   * Worker threads that draw the PDFs of an invoice archive (docs/purchases.md); by default one per
   * core but one. With several API processes on one machine, share the cores out; 0 or 1 draws in
   * the request's thread.
   */
  PDF_WORKERS: z.coerce.number().int().min(0).max(64).optional(),
  /**
   * Webhooks (docs/webhooks.md): how often the outbox is polled, how long a receiver may take, and
   * the host names, addresses and CIDR ranges (comma-separated) a webhook may go to although they
   * are private or loopback; plain http is allowed to these only.
   */
  WEBHOOK_INTERVAL_MS: z.coerce.number().int().min(100).default(5000),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(1000).max(60_000).default(10_000),
  WEBHOOK_ALLOWED_HOSTS: z
    .string()
    .refine((text) => {
      try {
        parseAllowList(text);
        return true;
      } catch {
        return false;
      }
    }, 'host names, addresses or CIDR ranges separated by commas, e.g. hooks.internal,10.1.2.0/24')
    .optional(),
  /** Shown to payers with the manual provider: the account to transfer to. */
  PAYMENT_BANK_DETAILS: z.string().max(2000).optional(),
});

const configWithDefaults = configSchema.transform((config) => ({
  ...config,
  PAYMENT_PROVIDER: config.PAYMENT_PROVIDER ?? (config.NODE_ENV === 'production' ? ('manual' as const) : ('sandbox' as const)),
}));

export type Config = z.output<typeof configWithDefaults>;

/** Reads the configuration from the environment; a bad value stops start-up with its name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means unset, as in most shells' `VAR= command`.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = configWithDefaults.safeParse(present);
  const stripe = parsed.success && parsed.data.PAYMENT_PROVIDER === 'stripe';
  if (stripe && !(parsed.data.STRIPE_SECRET_KEY && parsed.data.STRIPE_WEBHOOK_SECRET)) {
    throw new Error('Invalid configuration:\n  PAYMENT_PROVIDER: stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  }
  if (parsed.success && parsed.data.HEADERS_TIMEOUT_MS > parsed.data.REQUEST_TIMEOUT_MS) {
    throw new Error(
      'Invalid configuration:\n  HEADERS_TIMEOUT_MS: at most REQUEST_TIMEOUT_MS, since the headers are part of the request',
    );
  }
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
