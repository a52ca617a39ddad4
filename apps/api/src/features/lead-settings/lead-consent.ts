import type { Database } from '../../db/client';
import { findConsentQuestion } from './lead-settings.repository';

/**
 * What a visitor's answer to the consent question writes on its badge: yes records the wording's
 * current version and the time, no clears both. Undefined, leaving the badge as it is, when no
 * answer was given or the event asks no question (an answer to a question not asked means nothing).
 * Read in the badge's transaction, so the version is the one in force when the badge is written.
 */
export async function consentOnBadge(
  tx: Database,
  eventId: number,
  answer: boolean | undefined,
): Promise<{ leadConsentVersion: number | null; leadConsentAt: Date | null } | undefined> {
  if (answer === undefined) return undefined;
  const question = await findConsentQuestion(tx, eventId);
  if (!question) return undefined;
  return answer ? { leadConsentVersion: question.version, leadConsentAt: new Date() } : { leadConsentVersion: null, leadConsentAt: null };
}
