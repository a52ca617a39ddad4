import type { BadgeFace } from './render';
import type { FaceRow } from './badge-layouts.repository';

/** An answer as printed: an option's label, choices joined, a file's name. */
function answerText(answer: FaceRow['answers'][number]): string {
  if (answer.fileName) return answer.fileName;
  const labelOf = (value: unknown) => answer.options.find((option) => option.value === String(value))?.label ?? String(value);
  const { value } = answer;
  if (value === null || value === undefined || value === '') return '';
  if (Array.isArray(value)) return value.map(labelOf).join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return '';
  return labelOf(value);
}

/** What a stored badge shows on its face. */
export function faceOf(row: FaceRow): BadgeFace {
  return {
    code: row.code,
    firstName: row.firstName,
    lastName: row.lastName,
    company: row.company,
    category: row.category,
    badgeType: row.badgeType,
    fields: Object.fromEntries(row.answers.map((answer) => [answer.customFieldId, answerText(answer)])),
  };
}
