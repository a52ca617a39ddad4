import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { badgeFieldValues } from '../../db/schema/badges';
import { ValidationError } from '../../lib/errors';
import { validateFieldValues, type NormalizedFieldValue } from '../custom-fields/custom-field-values.rules';
import { findFieldsForCategory } from '../custom-fields/custom-fields.repository';
import { detectContentType } from '../files/content-type';
import type { FilesService, StoredFile } from '../files/files.service';
import { saveFieldValues } from './badges.repository';

/** A file part of a badge form (`customField[{id}]`), still in memory. */
export type Upload = { bytes: Buffer; filename: string; mimetype: string };

/** Checked answers; `stored` collects the files written for them, to discard if the transaction fails. */
export type CheckedAnswers = { values: NormalizedFieldValue[]; uploads: Map<number, Upload>; stored: StoredFile[] };

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
  /** Removes the bytes of files written for answers whose transaction did not commit. */
  discard(answers: CheckedAnswers | null): Promise<void>;
};

export function createFieldValues(files: FilesService): FieldValuesPort {
  return {
    async check(db, target, submitted, uploads, options) {
      const definitions = await findFieldsForCategory(db, target);
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
      return { values: result.values, uploads, stored: [] };
    },

    async save(tx, badgeId, answers, adminId, eventId) {
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
            answers.stored.push(file);
            rows.push({ customFieldId: answer.customFieldId, value: null, fileId: file.id });
          } else {
            rows.push({ customFieldId: answer.customFieldId, value: answer.value });
          }
        }
      await saveFieldValues(tx, badgeId, rows);
    },

    async discard(answers) {
      if (answers && answers.stored.length > 0) await files.discard(answers.stored.splice(0));
    },
  };
}
