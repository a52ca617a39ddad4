import { and, eq, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { badgeFieldValues, customFields } from '../../db/schema/badges';
import { ValidationError } from '../../lib/errors';
import { validateFieldValues, type FieldDefinition, type NormalizedFieldValue } from '../custom-fields/custom-field-values.rules';
import { detectContentType } from '../files/content-type';
import type { FilesService, StoredFile } from '../files/files.service';
import { saveFieldValues } from './badges.repository';

/** A file part of a badge form (`customField[{id}]`), still in memory. */
export type Upload = { bytes: Buffer; filename: string; mimetype: string };

export type CheckedAnswers = { values: NormalizedFieldValue[]; uploads: Map<number, Upload> };

export type FieldValuesPort = {
  /** Validates answers against the category's fields; a 400 names every wrong field. */
  check(
    db: Database,
    target: { eventId: number; badgeCategoryId: number; badgeId?: number },
    submitted: { customFieldId: number; value?: unknown }[],
    uploads: Map<number, Upload>,
    options: { partial: boolean },
  ): Promise<CheckedAnswers>;
  /** Stores the files and writes the answers in the caller's transaction. */
  save(tx: Database, badgeId: number, answers: CheckedAnswers, adminId: number, eventId: number): Promise<void>;
};

/** The fields a badge of the category answers: its own and the event-wide ones. */
async function definitionsFor(db: Database, eventId: number, badgeCategoryId: number): Promise<FieldDefinition[]> {
  return db
    .select({
      id: customFields.id,
      key: customFields.key,
      label: customFields.label,
      type: customFields.type,
      options: customFields.options,
      required: customFields.required,
      isActive: customFields.isActive,
      validation: customFields.validation,
    })
    .from(customFields)
    .where(
      and(
        eq(customFields.eventId, eventId),
        eq(customFields.entityType, 'badge'),
        or(eq(customFields.badgeCategoryId, badgeCategoryId), isNull(customFields.badgeCategoryId)),
      ),
    )
    .orderBy(customFields.sortOrder, customFields.id);
}

export function createFieldValues(files: FilesService): FieldValuesPort {
  return {
    async check(db, target, submitted, uploads, options) {
      const definitions = await definitionsFor(db, target.eventId, target.badgeCategoryId);
      const detected = new Map(
        [...uploads].map(([id, upload]) => [
          id,
          { sizeBytes: upload.bytes.byteLength, contentType: detectContentType(upload.bytes, { name: upload.filename, type: upload.mimetype }) },
        ]),
      );
      const storedFiles = target.badgeId
        ? new Set(
            (
              await db
                .select({ id: badgeFieldValues.customFieldId })
                .from(badgeFieldValues)
                .where(and(eq(badgeFieldValues.badgeId, target.badgeId)))
            ).map((row) => row.id),
          )
        : undefined;
      const result = validateFieldValues(
        definitions,
        submitted.map((s) => ({ customFieldId: s.customFieldId, value: s.value })),
        detected,
        { partial: options.partial, storedFiles },
      );
      if (result.errors.length > 0) {
        throw new ValidationError(result.errors.length === 1 ? result.errors[0]!.message : 'Some answers are not valid', result.errors);
      }
      return { values: result.values, uploads };
    },

    async save(tx, badgeId, answers, adminId, eventId) {
      const stored: StoredFile[] = [];
      try {
        const rows = [];
        for (const answer of answers.values) {
          if (answer.type === 'file') {
            const upload = answers.uploads.get(answer.customFieldId)!;
            const file = await files.storeUpload(tx, {
              eventId,
              purpose: 'custom-field',
              originalName: upload.filename,
              bytes: upload.bytes,
              declaredType: upload.mimetype,
              adminId,
              field: `customFieldValues.${answer.key}`,
            });
            stored.push(file);
            rows.push({ customFieldId: answer.customFieldId, value: null, fileId: file.id });
          } else {
            rows.push({ customFieldId: answer.customFieldId, value: answer.value });
          }
        }
        await saveFieldValues(tx, badgeId, rows);
      } catch (error) {
        await files.discard(stored);
        throw error;
      }
    },
  };
}
