import { type BADGE_TYPE_LABELS } from '@portal/shared/badge-categories';
import { ALLOCATION_MESSAGES } from '@portal/shared/allocations';
import { emailSchema } from '@portal/shared/common';
import { phoneSchema } from '@portal/shared/exhibitors';
import type { CustomFieldType } from '@portal/shared/custom-fields';
import type { Database } from '../../db/client';
import { changeUsed, lockAllocation } from '../allocations/allocations.repository';
import { newBadgeCode } from '../badges/badge-codes';
import { badgeMailer } from '../e-badges/badge-mails';
import { enqueueEmails } from '../email/email.repository';
import {
  validateFieldValues,
  type FieldDefinition,
  type SubmittedValue,
} from '../custom-fields/custom-field-values.rules';
import { mapColumns, RowReader, TEXT_CELLS, type ColumnSpec } from './columns';
import * as repo from './bulk-imports.repository';
import { mapInSlices } from '../../lib/slices';
import { ADDRESS_UNAVAILABLE, DuplicateGuard, planned, sameSnapshot, type ImportPlan, type PlannedRow } from './plan';
import type { Sheet, SheetWarning } from './sheet';

/** Where an import's badges go: the category, and the exhibitor and allocation holder (null for the organiser's own). */
export type BadgeTarget = {
  eventId: number;
  category: { id: number; name: string; displayName: string | null; badgeType: keyof typeof BADGE_TYPE_LABELS };
  exhibitorId: number | null;
  holderId: number | null;
  canUpdate: boolean;
  createdBy: number;
  /** The category's custom fields (its own and the event's), as the badge form checks them. */
  fields: FieldDefinition[];
  /** Email each new badge's holder the badge, in the import's transaction. */
  sendConfirmation: boolean;
};

const FIELD_KEY = (id: number) => `field:${id}`;
// A file answer is uploaded on the badge's own page: a cell cannot carry one.
export const importableField = (field: FieldDefinition) => field.isActive && field.type !== 'file';

const TYPE_NOTES: Record<Exclude<CustomFieldType, 'file'>, (field: FieldDefinition) => string> = {
  text: (f) => `Text${f.validation.max ? `, up to ${f.validation.max} characters` : ''}.`,
  textarea: (f) => `Text${f.validation.max ? `, up to ${f.validation.max} characters` : ''}.`,
  number: (f) =>
    `A number${f.validation.min !== undefined ? `, at least ${f.validation.min}` : ''}${f.validation.max !== undefined ? `, at most ${f.validation.max}` : ''}.`,
  email: () => 'An email address.',
  phone: () => 'A phone number, such as +44 20 7946 0000.',
  date: (f) =>
    `A date as YYYY-MM-DD${f.validation.minDate ? `, on or after ${f.validation.minDate}` : ''}${f.validation.maxDate ? `, on or before ${f.validation.maxDate}` : ''}.`,
  select: () => 'One of the options in the list.',
  radio: () => 'One of the options in the list.',
  multiselect: () => 'Options from the list, separated by ; (semicolon).',
  checkbox: () => 'yes or no.',
  country: () => 'A country as its two-letter ISO code, such as DE or FR.',
};

const EXAMPLES: Record<Exclude<CustomFieldType, 'file'>, string> = {
  text: 'Sample text',
  textarea: 'Sample text',
  number: '1',
  email: 'someone@example.com',
  phone: '+44 20 7946 0000',
  date: '2026-06-01',
  select: '',
  radio: '',
  multiselect: '',
  checkbox: 'yes',
  country: 'DE',
};

export function badgeColumns(fields: readonly FieldDefinition[]): ColumnSpec[] {
  return [
    { key: 'firstName', header: 'First name', required: true, note: 'Required. Up to 100 characters.', example: 'Ada' },
    {
      key: 'lastName',
      header: 'Last name',
      required: true,
      note: 'Required. Up to 100 characters.',
      example: 'Lovelace',
    },
    {
      key: 'email',
      header: 'Email',
      aliases: ['email address', 'e-mail'],
      required: true,
      note: 'Required. One badge per email in this category: a later file with the same email updates it.',
      example: 'ada@example.com',
    },
    {
      key: 'phone',
      header: 'Phone',
      required: false,
      note: 'Optional. Digits, spaces and + ( ) . / -.',
      example: '+44 20 7946 0000',
    },
    ...fields.filter(importableField).map((field) => {
      const type = field.type as Exclude<CustomFieldType, 'file'>;
      const options = field.options.length > 0 ? field.options.map((option) => option.label) : undefined;
      return {
        key: FIELD_KEY(field.id),
        header: field.label,
        required: field.required,
        note: `${field.required ? 'Required.' : 'Optional.'} ${TYPE_NOTES[type](field)}`,
        options,
        example: options?.[0] ?? EXAMPLES[type],
      };
    }),
  ];
}

/** A cell as the answer the badge form would send: an option by its value or label, a multi-select split on `;`. */
function answerOf(field: FieldDefinition, text: string): unknown {
  const option = (item: string) => {
    const wanted = item.trim().toLowerCase();
    return (
      field.options.find((o) => o.value.toLowerCase() === wanted || o.label.toLowerCase() === wanted)?.value ??
      item.trim()
    );
  };
  if (field.type === 'select' || field.type === 'radio') return option(text);
  if (field.type === 'multiselect')
    return text
      .split(';')
      .filter((item) => item.trim() !== '')
      .map(option);
  return text;
}

type Planned = {
  id: number | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  answers: { customFieldId: number; value: unknown }[];
};

/**
 * Plans a badges file for one category and holder. A row is matched by its email within the
 * category; a match under another exhibitor or allocation is refused. Every create needs a place
 * of the holder's allocation: the whole file is counted against what is left before anything is written.
 */
export async function planBadges(db: Database, sheet: Sheet, target: BadgeTarget): Promise<ImportPlan> {
  const fields = target.fields.filter(importableField);
  const { indexOf, warnings } = mapColumns(sheet, badgeColumns(target.fields));
  const byKey = new Map(fields.map((field) => [`customFieldValues.${field.key}`, FIELD_KEY(field.id)]));
  const parsed = await mapInSlices(sheet.rows, (row) => {
    const reader = new RowReader(sheet, indexOf, row);
    return {
      row: row.row,
      reader,
      email: reader.value('email', emailSchema, { required: true }),
      firstName: reader.value('firstName', TEXT_CELLS.name),
      lastName: reader.value('lastName', TEXT_CELLS.name),
      phone: reader.value('phone', phoneSchema, { clearable: true }),
    };
  });
  const emailsOfFile = parsed.flatMap((row) => (row.email ? [row.email] : []));
  const stored = await repo.findBadgesByEmail(db, target.eventId, target.category.id, emailsOfFile);

  const emails = new DuplicateGuard();
  const rows: PlannedRow<Planned>[] = await mapInSlices(parsed, ({ row, reader, email, firstName, lastName, phone }) => {
    const duplicate = emails.check(email, row);
    if (duplicate) reader.error('email', duplicate);
    const before = email ? stored.get(email) : undefined;
    if (before && (before.exhibitorId !== target.exhibitorId || before.holderId !== target.holderId)) {
      reader.error('email', ADDRESS_UNAVAILABLE.badge);
    }
    if (before && !target.canUpdate)
      reader.error(null, 'This badge exists; updating it needs the permission to update exhibitor users');
    if (!before) {
      if (firstName === undefined && !reader.hasError('firstName'))
        reader.error('firstName', 'Required for a new badge');
      if (lastName === undefined && !reader.hasError('lastName')) reader.error('lastName', 'Required for a new badge');
    }

    const submitted: SubmittedValue[] = [];
    for (const field of fields) {
      const cell = reader.cell(FIELD_KEY(field.id));
      if (cell.kind === 'clear') submitted.push({ customFieldId: field.id, value: null });
      else if (cell.kind === 'value') submitted.push({ customFieldId: field.id, value: answerOf(field, cell.text) });
    }
    // The badge form's own rules: a new badge answers every required field, an update only what it names.
    const checked = validateFieldValues(fields, submitted, new Map(), { partial: before !== undefined });
    for (const error of checked.errors) reader.error(byKey.get(error.field) ?? null, error.message);

    const next = {
      id: before?.id ?? null,
      firstName: firstName ?? before?.firstName ?? '',
      lastName: lastName ?? before?.lastName ?? '',
      email: email ?? '',
      phone: phone === undefined ? (before?.phone ?? null) : phone,
      answers: checked.values.map((value) => ({ customFieldId: value.customFieldId, value: value.value })),
    };
    const same =
      before !== undefined &&
      next.firstName === before.firstName &&
      next.lastName === before.lastName &&
      next.phone === before.phone &&
      next.answers.every(
        (answer) =>
          JSON.stringify(answer.value ?? null) === JSON.stringify(before.answers[answer.customFieldId] ?? null),
      );
    return planned(row, reader.errors, () => reader.values(), !before ? 'create' : same ? 'unchanged' : 'update', next);
  });

  // Every new email needs a place, bad rows too: fixing them must not then overflow the allocation.
  const creates = rows.filter((_row, index) => !stored.has(parsed[index]!.email ?? ''));
  const allocation = target.holderId === null ? null : await lockAllocation(db, target.holderId, target.category.id);
  const available =
    target.holderId === null ? null : allocation ? allocation.quantity - allocation.used - allocation.reserved : 0;
  if (available !== null && creates.length > available) {
    const message = allocation
      ? `No place left: the allocation of ${target.category.name} has ${Math.max(available, 0)} left and this file adds ${creates.length} badges`
      : ALLOCATION_MESSAGES.exhausted(target.category.name);
    for (const row of creates.slice(Math.max(available, 0))) {
      const index = rows.indexOf(row);
      row.report = {
        row: row.report.row,
        action: null,
        errors: [...row.report.errors, { column: null, message }],
        values: parsed[index]!.reader.values(),
      };
    }
  }

  return {
    rows: rows.map((row) => row.report),
    warnings: [...sheet.warnings, ...warnings, ...missingFiles(target.fields, rows, stored, parsed)],
    capacity: { badgeCategoryId: target.category.id, needed: creates.length, available },
    async holds(tx) {
      const now = await repo.findBadgesByEmail(tx, target.eventId, target.category.id, emailsOfFile);
      const locked = target.holderId === null ? null : await lockAllocation(tx, target.holderId, target.category.id);
      return sameSnapshot(snapshotOf(stored), snapshotOf(now)) && sameSnapshot(allocation, locked);
    },
    async prepare(db) {
      const records = (action: string) => rows.flatMap((row) => (row.report.action === action ? [row.record!] : []));
      const created = records('create');
      const updated = records('update').map((record) => ({ ...record, id: record.id! }));
      const ids = await repo.reserveIds(db, 'badges', created.length);
      // Codes are drawn here, so that each new badge's mail is written before the transaction; the
      // rare collision prepares the rows again with new ones.
      const fresh = created.map((record, i) => ({ ...record, id: ids[i]!, code: newBadgeCode() }));
      const mails =
        target.sendConfirmation && fresh.length > 0
          ? await mapInSlices(
              fresh,
              await badgeMailer(db, {
                eventId: target.eventId,
                badgeCategoryId: target.category.id,
                badgeCategory: target.category.displayName ?? target.category.name,
                exhibitorId: target.exhibitorId,
              }),
            )
          : [];
      const placement = {
        eventId: target.eventId,
        badgeCategoryId: target.category.id,
        exhibitorId: target.exhibitorId,
        allocationId: allocation?.id ?? null,
        createdBy: target.createdBy,
        badgeType: target.category.badgeType,
      };
      return async (tx) => {
        await repo.insertBadges(tx, fresh, placement);
        if (allocation && created.length > 0) await changeUsed(tx, allocation.id, created.length);
        await repo.updateBadges(tx, updated);
        await repo.saveAnswers(tx, [...fresh, ...updated]);
        await enqueueEmails(tx, mails);
      };
    },
  };
}

/** Row numbers as short ranges: 2–4, 7. */
export function rowRanges(numbers: number[]): string {
  const ranges: string[] = [];
  for (let i = 0; i < numbers.length; i++) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === numbers[j]! + 1) j++;
    ranges.push(i === j ? `${numbers[i]}` : `${numbers[i]}–${numbers[j]}`);
    i = j;
  }
  return ranges.join(', ');
}

/**
 * A required file field cannot be answered in a cell (`importableField`). Its badges are imported
 * without the file rather than refused, or a category asking for a photo could never be imported;
 * the report names, for each such field, the good rows whose badge will lack it (new badges, and
 * stored ones without a file), to upload it on each badge's page.
 */
function missingFiles(
  fields: readonly FieldDefinition[],
  rows: PlannedRow<Planned>[],
  stored: Map<string, repo.StoredBadge>,
  parsed: { email: string | null | undefined }[],
): SheetWarning[] {
  return fields
    .filter((field) => field.isActive && field.type === 'file' && field.required)
    .flatMap((field) => {
      const lacking = rows.flatMap((row, index) => {
        if (row.report.action === null) return [];
        const before = stored.get(parsed[index]!.email ?? '');
        return before && Object.hasOwn(before.answers, field.id) ? [] : [row.report.row];
      });
      if (lacking.length === 0) return [];
      const one = lacking.length === 1;
      return [
        {
          row: null,
          column: field.label,
          message: one
            ? `Row ${lacking[0]} has no file, though the field is required (a file cannot be imported): the badge is imported without it; upload it on the badge’s page`
            : `Rows ${rowRanges(lacking)} have no file, though the field is required (a file cannot be imported): the badges are imported without it; upload it on each badge’s page`,
        },
      ];
    });
}

/** Stored badges in a fixed order, to tell whether they changed between the plan and the write. */
const snapshotOf = (stored: Map<string, repo.StoredBadge>) => [...stored.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
