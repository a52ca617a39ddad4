import type { FieldError } from '@portal/shared/common';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ValidationError } from './errors';
import { NO_BODY_MESSAGE, UNEXPECTED_FIELD, unknownFields } from './unknown-fields';

/** Deeper than any body of the API; a deeper one is refused before it is walked any further. */
export const MAX_INPUT_DEPTH = 32;

// A NUL, which PostgreSQL refuses in text, or half of a surrogate pair, which no encoding can write.
// eslint-disable-next-line no-control-regex -- the NUL is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function problem(value: string): string | null {
  UNSTORABLE.lastIndex = 0;
  return UNSTORABLE.test(value) ? 'Contains a character that cannot be stored (a NUL or half of a surrogate pair)' : null;
}

/** The first string (key or value) that cannot be stored, or a nesting too deep, with its path. */
export function findUnstorable(data: unknown, path: string[] = [], depth = 0): FieldError | null {
  const field = () => path.join('.');
  if (typeof data === 'string') {
    const message = problem(data);
    return message ? { field: field(), message } : null;
  }
  if (typeof data !== 'object' || data === null || Buffer.isBuffer(data)) return null;
  if (depth >= MAX_INPUT_DEPTH) return { field: field(), message: `Nested more than ${MAX_INPUT_DEPTH} levels deep` };
  for (const [key, value] of Object.entries(data)) {
    const keyMessage = problem(key);
    if (keyMessage) return { field: [...path, key.replace(UNSTORABLE, '?')].join('.'), message: keyMessage };
    const found = findUnstorable(value, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * The zod validator of every route, behind one check of the raw input: whatever a schema says of a
 * field (even `unknown`), no string with a NUL or a lone surrogate reaches a service or the
 * database. It runs after the preValidation hooks, so multipart text fields are checked too.
 */
export const guardedValidatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  return (data: unknown) => {
    if (route.httpPart !== 'headers') {
      const found = findUnstorable(data);
      if (found) {
        const issue = { field: found.field || (route.httpPart ?? 'body'), message: found.message };
        return { error: new ValidationError(`${issue.field}: ${issue.message}`, [issue]) };
      }
    }
    // One rule for every route: a field the route does not take is refused, never dropped, so a
    // misspelt or misplaced field (a price sent under another name) cannot pass for a default.
    if (route.httpPart === 'body' || route.httpPart === 'querystring') {
      const unknown = unknownFields(route.schema as z.core.$ZodType, data);
      if (unknown.length > 0) {
        return { error: new ValidationError(`${unknown[0]}: ${UNEXPECTED_FIELD}`, unknown.map((field) => ({ field, message: UNEXPECTED_FIELD }))) };
      }
    }
    // A body without content reaches its schema as null: no body at all, or a multipart body sent
    // to a route that reads no form (its parser leaves the body empty). A schema may take that
    // (logout's optional body); one whose rules across fields read the fields of null throws
    // instead, and that is the sender's missing body, not a server error.
    if (route.httpPart === 'body' && data === null) {
      try {
        return validate(data);
      } catch {
        const message = NO_BODY_MESSAGE;
        return { error: new ValidationError(`body: ${message}`, [{ field: 'body', message }]) };
      }
    }
    return validate(data);
  };
};
