import { errorBodySchema } from '@portal/shared/common';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';

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
 * The serializer of list answers whose rows are built field by field from typed, explicitly
 * selected columns (no column can slip through unnamed). In production they are sent as they are:
 * checking up to 100 rows against the schema costs about as much as the page's query. Tests and
 * development check them as every other answer is checked.
 */
export const listSerializerCompiler: FastifySerializerCompiler<unknown> =
  process.env.NODE_ENV === 'production'
    ? () => (data) => JSON.stringify(data)
    : (serializerCompiler as unknown as FastifySerializerCompiler<unknown>);
