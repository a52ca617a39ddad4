import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { apiErrorBody } from './api-client';

/** A form field, or a pair of the server's name for a value and the form field that edits it. */
export type ServerErrorField<T extends FieldValues> = Path<T> | readonly [server: string, field: Path<T>];

/**
 * Puts the server's field errors (the `details` of a 400, 409 or 422) on the form's fields, and its
 * message on the form itself when no detail names a field the form has.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly ServerErrorField<T>[],
  fallback = 'Something went wrong. Please try again.',
) {
  const body = apiErrorBody(error);
  const pairs = fields.map((entry) => (typeof entry === 'string' ? ([entry, entry] as const) : entry));
  let placed = 0;
  for (const detail of body?.details ?? []) {
    // `permissions.3` or `roleIds` both belong to their top-level field.
    const field = pairs.find(([name]) => detail.field === name || detail.field.startsWith(`${name}.`))?.[1];
    if (field) {
      setError(field, { type: 'server', message: detail.message }, { shouldFocus: placed === 0 });
      placed += 1;
    }
  }
  if (placed === 0) setError('root.server', { type: 'server', message: body?.message ?? fallback });
}
