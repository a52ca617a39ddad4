import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers on every answer, errors and the web app's files included. The middleware is
 * built once: the Fastify wrapper builds it again for each request, parsing the whole policy each
 * time, which a door scanning 300 badges a second pays for on every scan.
 */
export const securityHeaders = fp(async (app: FastifyInstance, options: HelmetOptions) => {
  const setHeaders = helmet(options);
  // Helmet throws rather than passes an error on; its callback only says it is done.
  app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, () => done()));
});
