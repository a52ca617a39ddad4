import type { FastifyRequest } from 'fastify';

/**
 * Paths whose next segment is a secret (a sign-on token, an invitation or reset token, a
 * registration link's id, a sandbox checkout session that marks a purchase paid): whoever reads the
 * log could use it. Matched loosely (any case, doubled
 * slashes), since a mistyped URL is logged too.
 */
const SECRET_PATH_PREFIXES = [
  '/api/integrations/jwt/verify/',
  '/api/registration-links/',
  '/api/admin/registration-links/',
  '/api/auth/password-reset/',
  '/api/payments/sandbox/',
  '/sso/',
  '/payments/sandbox/',
  '/register/',
  '/accept-invitation/',
  '/reset-password/',
];
const SECRET_PATHS = SECRET_PATH_PREFIXES.map(
  (prefix) => new RegExp(`^(${prefix.replaceAll('/', '/+')})[^/?]+`, 'i'),
);
// `t`: the signed capability of a payment status link (features/payments/payment-links.ts);
// `session_id`: a checkout session's.
const SECRET_QUERY_KEY = /token|password|secret|code|session|^t$/i;
export const REDACTED = '[redacted]';

/** A request URL as the log may keep it: tokens in the path and in the query string replaced. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  let path = queryAt === -1 ? url : url.slice(0, queryAt);
  for (const pattern of SECRET_PATHS) path = path.replace(pattern, `$1${REDACTED}`);
  if (queryAt === -1) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const [key = ''] = pair.split('=', 1);
      let name = key;
      try {
        name = decodeURIComponent(key.replaceAll('+', ' '));
      } catch {
        // A key that does not decode is judged as written.
      }
      return SECRET_QUERY_KEY.test(name) ? `${key}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** What a database error may say in the log: where it happened, never the values involved. */
const ERROR_FIELDS = ['code', 'constraint', 'table', 'column', 'schema', 'routine', 'severity', 'statusCode', 'validationContext'] as const;
const MAX_CAUSES = 5;

// A failed query carries its SQL and parameters (a password hash, an email) in its message.
const isQueryError = (error: Error) => 'params' in error && 'query' in error;
// PostgreSQL errors carry a five-character SQLSTATE; their `detail` and quoted parts name values.
const isDatabaseError = (error: Error & { code?: unknown }) => typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code);

function safeMessage(error: Error): string {
  if (isQueryError(error)) return 'Failed query';
  if (isDatabaseError(error)) return error.message.split(/:\s*"|\bKey \(/)[0]!.trim();
  return error.message;
}

type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

function serializeCause(cause: unknown, depth: number): unknown {
  if (cause instanceof Error) return depth < MAX_CAUSES ? serializeError(cause, depth + 1) : { type: cause.constructor?.name ?? cause.name };
  // Anything else given as a cause is described, never copied: it may hold anything.
  return typeof cause;
}

/**
 * The `err` serializer of every log line: the class, message, stack and where-it-happened fields of
 * an error and its causes, but never a query's parameters or a database error's `detail`, which
 * quote the values (a new password's hash, an email address).
 */
export function serializeError(error: Error, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const message = safeMessage(error);
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const result: SerializedError = {
    type: error.constructor?.name ?? error.name,
    message,
    stack: [`${error.name}: ${message}`, ...frames].join('\n'),
  };
  for (const field of ERROR_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') result[field] = value;
  }
  if (error.cause !== undefined) result.cause = serializeCause(error.cause, depth);
  if (error instanceof AggregateError) result.errors = error.errors.slice(0, 10).map((e: unknown) => serializeCause(e, depth));
  return result;
}
