import type { FastifyRequest } from 'fastify';
import { ValidationError } from './errors';

/** A file part, still in memory (the body limit keeps it to 10 MiB). */
export type FormFile = { bytes: Buffer; filename: string; mimetype: string };

declare module 'fastify' {
  interface FastifyRequest {
    /** Files of a multipart form by field name, filled in by `readMultipartForm`. */
    formFiles: Map<string, FormFile>;
  }
}

/** Fields that carry JSON inside a multipart form (the spec's `customFieldValues`). */
const JSON_FIELDS = new Set(['customFieldValues']);

/**
 * A preValidation hook: turns a multipart form into a plain body for the route's schema and keeps
 * its files aside. A JSON request passes through untouched, so one route serves both.
 */
export async function readMultipartForm(request: FastifyRequest): Promise<void> {
  request.formFiles = new Map();
  if (!request.isMultipart()) return;
  const body: Record<string, unknown> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      request.formFiles.set(part.fieldname, { bytes: await part.toBuffer(), filename: part.filename, mimetype: part.mimetype });
      continue;
    }
    const value = String(part.value);
    if (JSON_FIELDS.has(part.fieldname)) {
      try {
        body[part.fieldname] = JSON.parse(value);
      } catch {
        throw ValidationError.field(part.fieldname, 'Not valid JSON');
      }
    } else {
      body[part.fieldname] = value === '' ? null : value;
    }
  }
  request.body = body;
}

/** `customField[12]` parts, keyed by custom field id. */
export function customFieldFiles(files: Map<string, FormFile>): Map<number, FormFile> {
  const result = new Map<number, FormFile>();
  for (const [name, file] of files) {
    const match = /^customField\[(\d+)\]$/.exec(name);
    if (!match) throw ValidationError.field(name, 'Unexpected file');
    result.set(Number(match[1]), file);
  }
  return result;
}
