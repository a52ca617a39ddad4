import { errorBodySchema } from '@portal/shared/common';

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
