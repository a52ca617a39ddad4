import { answerText } from '../../lib/answer-text';
import type { BadgeFace } from './render';
import type { FaceRow } from './badge-layouts.repository';

/** An answer as printed: a file's name, or the answer's text. */
function faceText(answer: FaceRow['answers'][number]): string {
  return answer.fileName ? answer.fileName : answerText(answer.value, answer.options);
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
    fields: Object.fromEntries(row.answers.map((answer) => [answer.customFieldId, faceText(answer)])),
  };
}
