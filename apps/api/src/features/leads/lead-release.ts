import {
  LEAD_FIELD_PREFIX,
  LEAD_STANDARD_FIELD_LABELS,
  LEAD_STANDARD_FIELDS,
  type LeadStandardField,
  type LeadVisitor,
} from '@portal/shared/leads';
import type { CustomFieldOption } from '@portal/shared/custom-fields';
import { answerText } from '../../lib/answer-text';

/**
 * What of a visitor an exhibitor receives: decided here and nowhere else, for every path a lead
 * leaves the server by (the scan's answer, the list, a lead, a changed lead, the export). The
 * repository may read more of the badge than is released; nothing of it goes out but through
 * `releaseLeadVisitor`, and the export's columns are `releasedColumns` of the same release.
 */

/** The event's lead settings as the release reads them; no row: nothing beyond name and company, no consent asked. */
export type ReleaseSettings = { releasedFields: readonly string[]; askConsent: boolean };

/** A custom field named in the release list, as stored (the release decides whether it may go out). */
export type ReleaseFieldDefinition = {
  id: number;
  eventId: number;
  entityType: string;
  exhibitorId: number | null;
  isPrivate: boolean;
  type: string;
  label: string;
  options: CustomFieldOption[];
};

/** The release of one event: its settings and the definitions of the custom fields its list names. */
export type LeadRelease = {
  eventId: number;
  settings: ReleaseSettings;
  definitions: readonly ReleaseFieldDefinition[];
};

/** The badge behind a lead, as read for the release; null once the badge is deleted. */
export type VisitorBadge = {
  email: string;
  phone: string | null;
  category: string;
  /** Answers by custom-field id (the repository reads those of the fields the list names). */
  values: Readonly<Record<string, unknown>>;
};

/** The lead's own copy of who the visitor is, made at the scan, and the visitor's consent then. */
export type LeadPerson = { firstName: string; lastName: string; company: string | null; consentGiven: boolean | null };

/** A column of the visitor's released fields: a standard field or a custom field of the badge. */
export type ReleasedColumn =
  | { kind: 'standard'; key: LeadStandardField; label: string }
  | { kind: 'field'; key: string; id: number; label: string; options: CustomFieldOption[] };

const OPTIONAL_STANDARD = LEAD_STANDARD_FIELDS.filter((key) => key !== 'firstName' && key !== 'lastName' && key !== 'company');

/**
 * A custom field goes out only when the list names it, it is a question of the lead's own event
 * asked of badge holders by the organiser, it is not marked private and it holds no file.
 */
function mayRelease(definition: ReleaseFieldDefinition, eventId: number): boolean {
  return (
    definition.eventId === eventId &&
    definition.entityType === 'badge' &&
    definition.exhibitorId === null &&
    !definition.isPrivate &&
    definition.type !== 'file'
  );
}

const columnsKept = new WeakMap<LeadRelease, ReleasedColumn[]>();

/**
 * The visitor's fields this event releases, in the order of its list, name and company first (they
 * always go out). The export's columns and each lead's visitor are both made from this list.
 */
export function releasedColumns(release: LeadRelease): ReleasedColumn[] {
  const kept = columnsKept.get(release);
  if (kept) return kept;
  const listed = new Set(release.settings.releasedFields);
  const definitions = new Map(release.definitions.map((definition) => [definition.id, definition]));
  const columns: ReleasedColumn[] = (['firstName', 'lastName', 'company'] as const).map((key) => ({
    kind: 'standard',
    key,
    label: LEAD_STANDARD_FIELD_LABELS[key],
  }));
  for (const key of OPTIONAL_STANDARD) if (listed.has(key)) columns.push({ kind: 'standard', key, label: LEAD_STANDARD_FIELD_LABELS[key] });
  for (const key of release.settings.releasedFields) {
    if (!key.startsWith(LEAD_FIELD_PREFIX)) continue;
    const definition = definitions.get(Number(key.slice(LEAD_FIELD_PREFIX.length)));
    if (definition && mayRelease(definition, release.eventId)) {
      columns.push({ kind: 'field', key, id: definition.id, label: definition.label, options: definition.options });
    }
  }
  columnsKept.set(release, columns);
  return columns;
}

/** The custom fields whose answers the release may need, for the repository to read no others. */
export function releasedFieldIds(release: LeadRelease): number[] {
  return releasedColumns(release).flatMap((column) => (column.kind === 'field' ? [column.id] : []));
}

/**
 * Whether a lead gives only name and company: the visitor refused consent, or the event asks for
 * consent and this lead has none recorded (scanned before the event started asking).
 */
function withheld(person: LeadPerson, settings: ReleaseSettings): boolean {
  return person.consentGiven === false || (settings.askConsent && person.consentGiven !== true);
}

/**
 * The visitor of a lead as the exhibitor receives it. Name and company (the lead's copy) always; the
 * event's released fields from the badge when the visitor's consent allows and the badge is still
 * there. A field not released is absent, never null or empty; a released custom field the visitor
 * left unanswered is there with the value null. Custom-field values are sent as the badge shows them
 * (an option's label, choices joined), since an exhibitor cannot read the organiser's options.
 */
export function releaseLeadVisitor(person: LeadPerson, badge: VisitorBadge | null, release: LeadRelease): LeadVisitor {
  const visitor: LeadVisitor = { firstName: person.firstName, lastName: person.lastName, company: person.company };
  if (!badge || withheld(person, release.settings)) return visitor;
  const fields: NonNullable<LeadVisitor['fields']> = [];
  for (const column of releasedColumns(release)) {
    if (column.kind === 'field') {
      const text = answerText(badge.values[String(column.id)], column.options);
      fields.push({ id: column.id, label: column.label, value: text === '' ? null : text });
    } else if (column.key === 'email') visitor.email = badge.email;
    else if (column.key === 'phone') visitor.phone = badge.phone;
    else if (column.key === 'category') visitor.category = badge.category;
  }
  if (fields.length > 0) visitor.fields = fields;
  return visitor;
}

/**
 * The company a visitor is copied with at the scan: its exhibitor's company for an exhibitor's
 * badge, otherwise the badge's answer to the event's field keyed `company`, otherwise none.
 */
export function visitorCompany(badge: { exhibitorCompany: string | null; companyAnswer: unknown }): string | null {
  if (badge.exhibitorCompany !== null) return badge.exhibitorCompany;
  return typeof badge.companyAnswer === 'string' && badge.companyAnswer.trim() !== '' ? badge.companyAnswer.trim() : null;
}
