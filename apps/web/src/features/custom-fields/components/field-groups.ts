import type { BadgeCategorySummary } from '@portal/shared/badge-categories';
import type { CustomField } from '@portal/shared/custom-fields';

export type FieldGroup = { badgeCategoryId: number | null; title: string; fields: CustomField[] };

/**
 * Fields grouped as the badge forms ask them: the event-wide ones first, then each category's in the
 * categories' order, each group in the order the server sorted the fields.
 */
export function groupFields(fields: readonly CustomField[], categories: readonly BadgeCategorySummary[]): FieldGroup[] {
  const byCategory = new Map<number | null, CustomField[]>();
  for (const field of fields)
    byCategory.set(field.badgeCategoryId, [...(byCategory.get(field.badgeCategoryId) ?? []), field]);
  const rank = (id: number | null) => (id === null ? -1 : categories.findIndex((category) => category.id === id));
  return [...byCategory.entries()]
    .sort(([a], [b]) => {
      const [ra, rb] = [rank(a), rank(b)];
      // Categories not in the list (another badge type) come last, by id.
      return (ra < 0 && a !== null ? Infinity : ra) - (rb < 0 && b !== null ? Infinity : rb) || (a ?? 0) - (b ?? 0);
    })
    .map(([badgeCategoryId, group]) => ({
      badgeCategoryId,
      title:
        badgeCategoryId === null
          ? 'All categories'
          : (categories.find((category) => category.id === badgeCategoryId)?.name ??
            group[0]!.badgeCategoryName ??
            'Category'),
      fields: group,
    }));
}

/** The group's ids with one field moved one place up (-1) or down (1). */
export function moveField(fields: readonly CustomField[], id: number, by: -1 | 1): number[] {
  const ids = fields.map((field) => field.id);
  const from = ids.indexOf(id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= ids.length) return ids;
  [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  return ids;
}
