/**
 * SQLSTATEs of a connection that the server ended or lost: admin_shutdown (a terminated backend),
 * crash_shutdown, cannot_connect_now (starting up or shutting down), and the connection_exception
 * class (08000 and its subclasses).
 */
const LOST_CONNECTION_STATES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006']);

/** Socket errors of a server that is down or a connection cut on the way. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

/** What node-postgres and its pool say when a connection ended, could not be made in time, or is unusable. */
const LOST_CONNECTION_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /is not queryable/i,
];

/**
 * Whether an error means the database could not be reached or dropped the connection mid-request,
 * rather than refused the statement. Such a request is answered 503 (try again), never 500: the
 * request did nothing wrong, and the pool reconnects on its own. Drizzle wraps a driver's error in
 * `cause`, and Node reports a refused connection to a host of several addresses as an
 * AggregateError, so both are followed.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const pending: unknown[] = [error];
  for (let seen = 0; pending.length > 0 && seen < 10; seen++) {
    const current = pending.shift();
    if (!current || typeof current !== 'object') continue;
    const { code, message, cause, errors } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string' && (LOST_CONNECTION_STATES.has(code) || NETWORK_CODES.has(code))) return true;
    if (typeof message === 'string' && LOST_CONNECTION_MESSAGES.some((pattern) => pattern.test(message))) return true;
    pending.push(cause, ...(Array.isArray(errors) ? errors : []));
  }
  return false;
}
