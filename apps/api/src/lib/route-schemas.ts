import { errorBodySchema } from '@portal/shared/common';
import { z } from 'zod';

/** The error answers every guarded route may give, in its OpenAPI entry. */
export const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
  429: errorBodySchema,
};

/**
 * Sends an answer already written as JSON text (a list page PostgreSQL wrote): Fastify sends a
 * string as it is, so the route's response schema documents it without serialising the rows again.
 * The route tests check such answers against that schema. The handler returns what this returns
 * (the reply): an async handler that sent its reply and resolved to nothing makes Fastify send
 * again when the client has gone meanwhile, logging a 500 for a request nobody waits for.
 */
export function sendJson<R extends { type(contentType: string): unknown }>(reply: R, json: string): R {
  // A typed reply's send takes the schema's shape only; this is that shape, already as text.
  (reply.type('application/json; charset=utf-8') as { send(payload: string): unknown }).send(json);
  return reply;
}

/** The JSON-schema key under which `fileResponse` names its media type, for the OpenAPI transform. */
export const FILE_MEDIA_TYPE = 'x-file-media-type';

/**
 * A file a route answers with 200 (a PDF, a ZIP): not JSON, so never serialised; the OpenAPI
 * document lists it as binary content of its media type (see `operationTransform`).
 */
export const fileResponse = (mediaType: string, description: string) =>
  z.unknown().meta({ description, [FILE_MEDIA_TYPE]: mediaType });
