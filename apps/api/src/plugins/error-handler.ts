import type { ErrorBody, FieldError } from '@portal/shared/common';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/connection-errors';
import { AppError, TooManyRequestsError } from '../lib/errors';

const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** Seconds a client is asked to wait after a 503: PostgreSQL restarts in about a second or two. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is not reachable; try again shortly';

function body(statusCode: number, message: string, details?: FieldError[]): ErrorBody {
  return { statusCode, error: STATUS_NAMES[statusCode] ?? 'Error', message, ...(details ? { details } : {}) };
}

/**
 * One error handler for the whole API: typed service errors and validation failures keep their
 * message and field details; a lost database connection is a 503 to retry; anything unexpected is
 * logged in full and answered with a generic 500, so no stack trace or SQL ever reaches a client.
 */
export default fp(
  async (app: FastifyInstance, opts: { serveSpa: boolean }) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
        return reply.code(error.statusCode).send({ ...body(error.statusCode, error.message, error.details), ...error.extra });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const details = error.validation.map((issue) => ({
          field: issue.instancePath.slice(1).replaceAll('/', '.') || String(error.validationContext ?? 'body'),
          message: issue.message ?? 'Invalid value',
        }));
        const first = details[0]!;
        const message = details.length === 1 ? `${first.field}: ${first.message}` : 'Some fields are not valid';
        return reply.code(400).send(body(400, message, details));
      }
      if (isDatabaseUnavailable(error)) {
        // Not the request's fault and not a bug: the pool reconnects by itself, so the client retries.
        request.log.warn({ err: error }, 'database unreachable');
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        return reply.code(503).send(body(503, DATABASE_UNAVAILABLE_MESSAGE));
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply.code(status).send(body(status, error.message));
      }
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send(body(500, 'An unexpected error occurred. It has been logged.'));
    });

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0]!;
      // A missing script or image is a 404, not the app's page: a browser would run HTML as code.
      const isPage = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api') && !/\.\w+$/.test(path);
      // The single-page app routes every other path itself, including its own Page Not Found.
      if (opts.serveSpa && isPage) return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
      return reply.code(404).send(body(404, `Route ${request.method} ${path} not found`));
    });
  },
  { name: 'error-handler' },
);
