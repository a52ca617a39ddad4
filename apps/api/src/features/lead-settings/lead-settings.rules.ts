import type { CustomFieldType } from '@portal/shared/custom-fields';
import {
  LEAD_ALWAYS_RELEASED,
  LEAD_FIELD_PREFIX,
  LEAD_STANDARD_FIELD_LABELS,
  LEAD_STANDARD_FIELDS,
  leadReleaseKey,
  type LeadReleasableField,
} from '@portal/shared/leads';

export type BadgeField = { id: number; label: string; type: CustomFieldType; isPrivate: boolean; categoryName: string | null };

export const NOT_RELEASABLE = {
  private: 'Marked private: never sent to exhibitors',
  file: 'A file: never sent to exhibitors',
} as const;

/** Why a badge field can never be released, or null when it can. */
function refusal(field: BadgeField): string | null {
  if (field.isPrivate) return NOT_RELEASABLE.private;
  if (field.type === 'file') return NOT_RELEASABLE.file;
  return null;
}

/** What the organiser chooses the release list from: the standard fields, then the event's badge questions. */
export function releasableFields(badgeFields: readonly BadgeField[]): LeadReleasableField[] {
  return [
    ...LEAD_STANDARD_FIELDS.map((key) => ({
      key,
      label: LEAD_STANDARD_FIELD_LABELS[key],
      alwaysReleased: LEAD_ALWAYS_RELEASED.includes(key),
      releasable: true,
      reason: null,
      categoryName: null,
    })),
    ...badgeFields.map((field) => {
      const reason = refusal(field);
      return {
        key: leadReleaseKey(field.id),
        label: field.label,
        alwaysReleased: false,
        releasable: reason === null,
        reason,
        categoryName: field.categoryName,
      };
    }),
  ];
}

/**
 * The places in a release list that name no releasable field of the event: a custom field of
 * another event, an exhibitor's own question, a private or a file field. Standard keys are checked
 * by the body's schema already.
 */
export function unreleasableKeys(keys: readonly string[], choices: readonly LeadReleasableField[]) {
  const allowed = new Set(choices.filter((field) => field.releasable).map((field) => field.key));
  return keys.flatMap((key, index) => {
    if (!key.startsWith(LEAD_FIELD_PREFIX) || allowed.has(key)) return [];
    const known = choices.find((field) => field.key === key);
    return [{ field: `releasedFields.${index}`, message: known?.reason ?? 'Not a badge field of this event' }];
  });
}
