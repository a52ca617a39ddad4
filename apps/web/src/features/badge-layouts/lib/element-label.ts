import { BADGE_ELEMENT_KIND_LABELS, type BadgeElement } from '@portal/shared/badge-layouts';
import type { CustomField } from '@portal/shared/custom-fields';

const TEXT_PREVIEW_LENGTH = 24;

/** How the editor names an element: its kind, and what tells two of a kind apart. */
export function elementLabel(element: BadgeElement, fields: readonly Pick<CustomField, 'id' | 'label'>[]): string {
  const kind = BADGE_ELEMENT_KIND_LABELS[element.kind];
  switch (element.kind) {
    case 'name':
      return element.lines === 2 ? `${kind} (two lines)` : kind;
    case 'field': {
      const field = fields.find((candidate) => candidate.id === element.customFieldId);
      return `${kind}: ${field?.label ?? 'no question chosen'}`;
    }
    case 'text': {
      const text = element.text.length > TEXT_PREVIEW_LENGTH ? `${element.text.slice(0, TEXT_PREVIEW_LENGTH)}…` : element.text;
      return `${kind}: ${text}`;
    }
    default:
      return kind;
  }
}
