import type { BadgeCategorySummary } from '@portal/shared/badge-categories';
import { apiErrorBody } from '@/lib/api-client';

/** The API takes import requests of up to 5 MiB; a larger file is refused before it is sent. */
export const MAX_IMPORT_FILE_BYTES = 5 * 1024 * 1024;

export type FileCategory = { ref: string; name: string; fieldCount: number };

/** A chosen file, read and parsed; the server checks its format, version and shape. */
export type ImportFile = {
  fileName: string;
  document: unknown;
  eventName: string | null;
  fieldCount: number | null;
  /** The file's categories as far as they can be read, to map onto the target event's. */
  categories: FileCategory[];
  /** Fields of the file that apply to every category of the event (`categoryRef: null`). */
  eventWideCount: number;
};

export class ImportFileError extends Error {}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads an export file in the browser. Refuses what is not JSON (or cannot be read) with a message
 * for the reader; whether it is a custom-fields export of a version this portal reads is the
 * server's to say, in its own words.
 */
export async function readImportFile(file: File): Promise<ImportFile> {
  if (file.size === 0) throw new ImportFileError('The file is empty.');
  if (file.size > MAX_IMPORT_FILE_BYTES) {
    throw new ImportFileError('The file is larger than 5 MB, more than an export of custom fields can be.');
  }
  let text: string;
  try {
    text = await file.text();
  } catch {
    throw new ImportFileError('The file could not be read. Choose it again, or save a fresh copy.');
  }
  let document: unknown;
  try {
    document = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw new ImportFileError('The file is not JSON. Choose a custom-fields export (a .json file).');
  }
  return describeDocument(file.name, document);
}

/** What the page can show of a parsed document before the server has checked it. */
export function describeDocument(fileName: string, document: unknown): ImportFile {
  const doc = isRecord(document) ? document : {};
  const fields = Array.isArray(doc.fields) ? doc.fields.filter(isRecord) : [];
  const refCounts = new Map<unknown, number>();
  for (const field of fields) refCounts.set(field.categoryRef, (refCounts.get(field.categoryRef) ?? 0) + 1);
  const categories: FileCategory[] = [];
  for (const category of Array.isArray(doc.categories) ? doc.categories : []) {
    if (!isRecord(category) || typeof category.ref !== 'string') continue;
    if (categories.some((seen) => seen.ref === category.ref)) continue;
    categories.push({
      ref: category.ref,
      name: typeof category.name === 'string' ? category.name : category.ref,
      fieldCount: refCounts.get(category.ref) ?? 0,
    });
  }
  return {
    fileName,
    document,
    eventName: isRecord(doc.event) && typeof doc.event.name === 'string' ? doc.event.name : null,
    fieldCount: Array.isArray(doc.fields) ? doc.fields.length : null,
    categories,
    eventWideCount: refCounts.get(null) ?? 0,
  };
}

/** Category ref → target category id, or null to leave its fields out. */
export type CategoryMapping = Record<string, number | null>;

/**
 * Each file category goes to the target event's badge category of the same name (ignoring case,
 * as the server matches an unmapped one), or is left out when there is none.
 */
export function defaultCategoryMapping(
  fileCategories: readonly FileCategory[],
  targets: readonly Pick<BadgeCategorySummary, 'id' | 'name'>[],
): CategoryMapping {
  return Object.fromEntries(
    fileCategories.map((category) => {
      const name = category.name.trim().toLowerCase();
      return [category.ref, targets.find((target) => target.name.trim().toLowerCase() === name)?.id ?? null];
    }),
  );
}

/** A problem of the file at one place in it, such as `fields.3.type`. */
export type DocumentProblem = { path: string; message: string };

/** A refused preview or import, placed by the control it concerns. */
export type ImportErrors = {
  file?: { message: string; problems: DocumentProblem[] };
  eventId?: string;
  onConflict?: string;
  /** By category ref of the file. */
  mapping: Record<string, string>;
  /** What names none of the controls: a missing event, a server failure. */
  form?: string;
};

/** Sorts the server's answer to a refused preview or import onto the controls of the import screen. */
export function importErrorsOf(error: unknown, refs: readonly string[]): ImportErrors {
  const body = apiErrorBody(error);
  const errors: ImportErrors = { mapping: {} };
  const problems: DocumentProblem[] = [];
  let fileMessage: string | undefined;
  for (const { field, message } of body?.details ?? []) {
    if (field === 'document' || field === 'document.format' || field === 'document.version') {
      fileMessage ??= message;
    } else if (field.startsWith('document.')) {
      problems.push({ path: field.slice('document.'.length), message });
    } else if (field.startsWith('categoryMapping.') && refs.includes(field.slice('categoryMapping.'.length))) {
      errors.mapping[field.slice('categoryMapping.'.length)] ??= message;
    } else if (field === 'eventId') {
      errors.eventId ??= message;
    } else if (field === 'onConflict') {
      errors.onConflict ??= message;
    } else {
      errors.form ??= body?.message;
    }
  }
  if (fileMessage || problems.length) {
    // A damaged file's message repeats its first problem; the list shows them all.
    const message =
      problems.length && !fileMessage
        ? 'The file is damaged. Export it again, or correct it at these places:'
        : fileMessage!;
    errors.file = { message, problems };
  }
  const placed = errors.file || errors.eventId || errors.onConflict || Object.keys(errors.mapping).length;
  if (!placed) errors.form ??= body?.message ?? 'Something went wrong. Please try again.';
  return errors;
}
