import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ValidationError } from './errors';
import { formReaders, UNEXPECTED_FIELD } from './unknown-fields';

/** All text parts of a form together: a badge's fields and answers take a few KiB. */
export const FORM_FIELDS_MAX_BYTES = 1024 * 1024;
/** The most file parts a form may carry, whatever its fields: the parser stops beyond. */
export const MAX_FORM_FILES = 20;
/** Boundaries and part headers, and the read-ahead of a socket, on top of the parts themselves. */
const FRAMING_BYTES = 256 * 1024;

/** A file part, its content still arriving: consume it once, or refuse it. */
export type FilePart = { content: AsyncIterable<Uint8Array>; filename: string; mimetype: string };

/** What a multipart form of one route may carry and where its files go. */
export type FormRules<Rule extends { maxBytes: number }, Received> = {
  /** The text parts accepted, each at most once. */
  fields: readonly string[];
  /** Text parts that carry JSON (the spec's `customFieldValues`). */
  jsonFields?: readonly string[];
  /** The most file parts, and the largest file, any form of the route can carry: bound a body before its files are known. */
  maxFiles: number;
  maxFileBytes: number;
  /** The file part of a form that carries just one: a refusal of the whole body names it, as the form's error shows there. */
  fileField?: string;
  /**
   * The file parts accepted, by part name, with their limits. Asked once, at the first file part,
   * with the text parts read so far: a form sends its fields before its files.
   */
  files(request: FastifyRequest, fields: Record<string, unknown>): Promise<Map<string, Rule>>;
  /** Streams one file part to storage, refusing it (by throwing) as soon as it breaks its rule. */
  receive(part: FilePart, rule: Rule, name: string): Promise<Received>;
  /** Removes received files that no record will name. */
  discard(files: Received[]): Promise<void>;
};

function tooLarge(limit: number, field?: string): AppError {
  const message = `The request is larger than ${Math.ceil(limit / (1024 * 1024))} MB, the most this form can carry`;
  return new AppError(413, 'Payload Too Large', message, field ? [{ field, message }] : undefined);
}

/**
 * Reads multipart forms for one route: a `preValidation` hook that turns the text parts into a
 * plain body for the route's schema and streams each file part straight to storage, never holding
 * a file in memory. Refuses, before reading further, a body over its cap (the form fields plus
 * the limit of each file part the form accepts), announced by Content-Length or counted as it
 * streams; an unknown or repeated part; a file over its own limit or of a type it does not take.
 * A JSON request passes through untouched, so one route serves both.
 *
 * `files(request)` hands the received files to the handler, which then owns them; files of a
 * request that never got that far are discarded when its response is sent.
 */
export function multipartForm<Rule extends { maxBytes: number }, Received>(rules: FormRules<Rule, Received>) {
  const received = new WeakMap<FastifyRequest, { files: Map<string, Received>; claimed: boolean }>();
  const ceiling = FORM_FIELDS_MAX_BYTES + FRAMING_BYTES + rules.maxFiles * rules.maxFileBytes;

  async function preValidation(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (!request.isMultipart()) return;
    const state = { files: new Map<string, Received>(), claimed: false };
    received.set(request, state);
    reply.raw.once('close', () => {
      if (!state.claimed) void rules.discard([...state.files.values()]).catch((error: unknown) => request.log.error({ err: error }, 'discarding uploads failed'));
    });

    const declared = Number(request.headers['content-length']);
    let cap = ceiling;
    let count = 0;
    const onData = (chunk: Buffer) => {
      count += chunk.length;
    };
    request.raw.on('data', onData);
    const checkSize = () => {
      if (declared > cap || count > cap) throw tooLarge(cap, rules.fileField);
    };

    const body: Record<string, unknown> = {};
    const seen = new Set<string>();
    // The part a broken body is blamed on: the body itself until a part has begun.
    let reading = 'body';
    let fieldBytes = 0;
    let fileRules: Map<string, Rule> | undefined;
    try {
      checkSize();
      for await (const part of request.parts()) {
        checkSize();
        const name = part.fieldname;
        reading = name;
        if (seen.has(name)) throw ValidationError.field(name, 'This part was sent twice');
        seen.add(name);
        if (part.type === 'field') {
          if (!rules.fields.includes(name)) throw ValidationError.field(name, UNEXPECTED_FIELD);
          const value = String(part.value);
          fieldBytes += Buffer.byteLength(value);
          if (part.valueTruncated || fieldBytes > FORM_FIELDS_MAX_BYTES) {
            throw new AppError(413, 'Payload Too Large', 'The form fields are too long', [{ field: name, message: 'Too long' }]);
          }
          body[name] = rules.jsonFields?.includes(name) ? parseJson(name, value) : value === '' ? null : value;
          reading = 'body';
          continue;
        }
        if (!fileRules) {
          fileRules = await rules.files(request, body);
          cap = Math.min(cap, FORM_FIELDS_MAX_BYTES + FRAMING_BYTES + [...fileRules.values()].reduce((sum, rule) => sum + rule.maxBytes, 0));
          checkSize();
        }
        const rule = fileRules.get(name);
        if (!rule) throw ValidationError.field(name, 'Unexpected file: the form has no such file field');
        const file = part.file;
        const content = (async function* () {
          for await (const chunk of file as AsyncIterable<Buffer>) {
            checkSize();
            yield chunk;
          }
          if (file.truncated) throw tooLarge(cap, name);
        })();
        state.files.set(name, await rules.receive({ content, filename: part.filename, mimetype: part.mimetype }, rule, name));
        reading = 'body';
      }
      checkSize();
    } catch (error) {
      await rules.discard([...state.files.values()]);
      state.files.clear();
      // The rest of a refused body is not worth reading: the connection closes after the answer.
      reply.header('connection', 'close');
      throw isBrokenForm(error) ? ValidationError.field(reading, BROKEN_FORM_MESSAGE) : error;
    } finally {
      request.raw.off('data', onData);
    }
    request.body = body;
  }

  formReaders.add(preValidation);
  return {
    preValidation,
    /** The files of the request's form by part name; from here on the caller discards them on failure. */
    files(request: FastifyRequest): Map<string, Received> {
      const state = received.get(request);
      if (!state) return new Map();
      state.claimed = true;
      return state.files;
    },
  };
}

const BROKEN_FORM_MESSAGE = 'The form ends before its closing boundary, or has no boundary: send it again whole';

/**
 * The multipart parser's own complaints about the body's framing: no boundary in the content
 * type, or the data ending before the closing boundary (a client that gave up, a truncated
 * upload). They are the sender's fault, so 400, not the 500 of an error nobody expected.
 */
function isBrokenForm(error: unknown): boolean {
  if (error instanceof AppError || !(error instanceof Error)) return false;
  return /Boundary not found|unexpected end of multipart data|Malformed part header/i.test(error.message);
}

function parseJson(field: string, value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    throw ValidationError.field(field, 'Not valid JSON');
  }
}
