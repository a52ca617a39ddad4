import { badgeLayoutInputSchema, type BadgeElement } from '@portal/shared/badge-layouts';
import { apiErrorBody } from '@/lib/api-client';

/**
 * Errors by field: `name`, `pageSize`, … for the layout, `elements.<element id>.<field>` for an
 * element (by id rather than by place, so that an error stays on its element when the list is
 * reordered), `form` for what names no field.
 */
export type LayoutErrors = Record<string, string>;

export const elementErrorKey = (elementId: string, field: string) => `elements.${elementId}.${field}`;

/** The key of a path such as `elements.3.width` (`layout.` first in a preview's body). */
function keyOf(path: readonly PropertyKey[], elements: readonly BadgeElement[]): string {
  const [head, index, field] = path;
  if (head === 'elements' && index !== undefined) {
    const element = elements[Number(index)];
    if (element) return elementErrorKey(element.id, field === undefined ? 'id' : String(field));
  }
  return String(head ?? 'form');
}

function add(errors: LayoutErrors, key: string, message: string) {
  errors[key] ??= message;
}

/** What the shared schema says of a draft: the same rules the server applies on save. */
export function validateLayout(draft: { elements: BadgeElement[] } & Record<string, unknown>): LayoutErrors {
  const parsed = badgeLayoutInputSchema.safeParse(draft);
  const errors: LayoutErrors = {};
  if (!parsed.success) for (const issue of parsed.error.issues) add(errors, keyOf(issue.path, draft.elements), issue.message);
  return errors;
}

/** The server's refusal of a save, by field; its message under `form` when no detail names a field. */
export function serverLayoutErrors(error: unknown, elements: readonly BadgeElement[]): LayoutErrors {
  const body = apiErrorBody(error);
  const errors: LayoutErrors = {};
  for (const detail of body?.details ?? []) {
    const path = detail.field.split('.').filter((part) => part !== '');
    if (path[0] === 'layout') path.shift();
    add(errors, keyOf(path, elements), detail.message);
  }
  if (Object.keys(errors).length === 0) errors.form = body?.message ?? 'The layout could not be saved. Please try again.';
  return errors;
}
