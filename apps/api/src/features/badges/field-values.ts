import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { badgeFieldValues } from '../../db/schema/badges';
import { ValidationError } from '../../lib/errors';
import { validateFieldValues, type NormalizedFieldValue } from '../custom-fields/custom-field-values.rules';
import { findFieldsForCategory } from '../custom-fields/custom-fields.repository';
import { deleteFiles } from '../files/files.repository';
import type { FilesService, ReceivedFile } from '../files/files.service';
import { saveFieldValues } from './badges.repository';

/** A file part of a badge form (`customField[{id}]`), already streamed to the store, its row not yet written. */
export type Upload = ReceivedFile;

/** Received `customField[{id}]` parts by custom field id. */
export const uploadsByField = (files: Map<string, Upload>) => new Map([...files].map(([name, file]) => [Number(/\d+/.exec(name)![0]), file]));

/** Checked answers with the uploads they were checked against. */
export type CheckedAnswers = { values: NormalizedFieldValue[]; uploads: Map<number, Upload> };

/** Bytes to remove once the transaction that wrote the answers has committed. */
export type ObsoleteFiles = { storageKey: string }[];

export type FieldValuesPort = {
  /** Validates answers against the category's fields; a 400 names every wrong field. */
  check(
    db: Database,
    target: { eventId: number; badgeCategoryId: number; badgeId?: number },
    submitted: { customFieldId: number; value?: unknown }[],
    uploads: Map<number, Upload>,
    options: { partial: boolean },
  ): Promise<CheckedAnswers>;
  /**
   * Records the uploads and writes the answers in the caller's transaction; deletes the rows of
   * files the answers replace or clear. Returns the bytes to remove after the commit: those
   * files', and any upload no answer took.
   */
  save(tx: Database, badgeId: number, answers: CheckedAnswers, adminId: number, eventId: number): Promise<ObsoleteFiles>;
};

export function createFieldValues(files: FilesService): FieldValuesPort {
  return {
    async check(db, target, submitted, uploads, options) {
      const definitions = await findFieldsForCategory(db, target);
      const detected = new Map([...uploads].map(([id, upload]) => [id, { sizeBytes: upload.sizeBytes, contentType: upload.contentType }]));
      const storedFiles = target.badgeId
        ? new Set(
            (
              await db
                .select({ id: badgeFieldValues.customFieldId })
                .from(badgeFieldValues)
                .where(eq(badgeFieldValues.badgeId, target.badgeId))
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
      const fileFieldIds = answers.values.filter((answer) => answer.type === 'file').map((answer) => answer.customFieldId);
      const previous =
        fileFieldIds.length === 0
          ? []
          : await tx
              .select({ fileId: badgeFieldValues.fileId })
              .from(badgeFieldValues)
              .where(and(eq(badgeFieldValues.badgeId, badgeId), inArray(badgeFieldValues.customFieldId, fileFieldIds), isNotNull(badgeFieldValues.fileId)));
      const rows = [];
      const used = new Set<Upload>();
      for (const answer of answers.values) {
        if (answer.type === 'file' && answer.file) {
          const upload = answers.uploads.get(answer.customFieldId)!;
          await files.record(tx, upload, { eventId, purpose: 'custom-field', adminId });
          used.add(upload);
          rows.push({ customFieldId: answer.customFieldId, value: null, fileId: upload.id });
        } else {
          rows.push({ customFieldId: answer.customFieldId, value: answer.value });
        }
      }
      await saveFieldValues(tx, badgeId, rows);
      const replaced = await deleteFiles(tx, previous.map((row) => row.fileId!));
      return [...replaced, ...[...answers.uploads.values()].filter((upload) => !used.has(upload))];
    },
  };
}
