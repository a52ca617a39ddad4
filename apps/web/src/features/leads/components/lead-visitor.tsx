import { LEAD_STANDARD_FIELD_LABELS, type Lead, type LeadVisitor } from '@portal/shared/leads';
import { ShieldCheckIcon, ShieldOffIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { answerText } from '@/components/custom-fields/custom-field-rules';
import { Detail, DetailList } from '@/components/detail-list';

type ShownField = { key: string; label: string; value: string };

const text = (value: string | null | undefined) => (typeof value === 'string' && value.trim() ? value : null);

/**
 * The visitor's fields as the server released them, in a fixed order: a field the server left out
 * (not released, or no consent) is not in the answer, and one released but empty has nothing to
 * show; neither gets a label.
 */
export function shownVisitorFields(visitor: LeadVisitor): ShownField[] {
  const standard = (['company', 'email', 'phone', 'category'] as const).flatMap((key) => {
    const value = text(visitor[key]);
    return value ? [{ key, label: LEAD_STANDARD_FIELD_LABELS[key], value }] : [];
  });
  const custom = (visitor.fields ?? []).flatMap((field) => {
    const value = answerText({ value: field.value, file: null }, undefined);
    return value === '—' ? [] : [{ key: `field:${field.id}`, label: field.label, value }];
  });
  return [...standard, ...custom];
}

export function visitorName(visitor: LeadVisitor): string {
  return `${visitor.firstName} ${visitor.lastName}`.trim();
}

/**
 * The released fields beneath the visitor's name; `omit` leaves out what the page shows already.
 * With nothing to show, `empty` says so where the page would otherwise look unfinished.
 */
export function LeadVisitorDetails({
  visitor,
  omit = [],
  empty = null,
}: {
  visitor: LeadVisitor;
  omit?: readonly string[];
  empty?: ReactNode;
}) {
  const fields = shownVisitorFields(visitor).filter((field) => !omit.includes(field.key));
  if (fields.length === 0) return empty;
  return (
    <DetailList>
      {fields.map((field) => (
        <Detail key={field.key} label={field.label}>
          {field.key === 'email' ? (
            <a className="underline-offset-2 hover:underline" href={`mailto:${field.value}`}>
              {field.value}
            </a>
          ) : field.key === 'phone' ? (
            <a className="underline-offset-2 hover:underline" href={`tel:${field.value.replace(/\s+/g, '')}`}>
              {field.value}
            </a>
          ) : (
            field.value
          )}
        </Detail>
      ))}
    </DetailList>
  );
}

/** The visitor's answer to the consent question, where the organiser asked it. */
export function LeadConsent({ consent }: { consent: Lead['consent'] }) {
  if (!consent) return null;
  const Icon = consent.given ? ShieldCheckIcon : ShieldOffIcon;
  return (
    <p className="flex items-start gap-2 text-sm">
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <span>
        {consent.given
          ? 'Agreed to share contact details with exhibitors who scan the badge'
          : 'Did not agree to share contact details: only name and company are shared'}
        {consent.version != null && <span className="text-muted-foreground"> · wording version {consent.version}</span>}
      </span>
    </p>
  );
}
