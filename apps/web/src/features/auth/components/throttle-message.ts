import { AUTH_MESSAGES } from '@portal/shared/auth-messages';
import { refusal } from '@/lib/api-core';

/** The seconds a 429 answer asks to wait (its Retry-After header), or null. */
export function retryAfterSeconds(error: unknown): number | null {
  const answer = refusal(error);
  if (answer?.status !== 429) return null;
  const seconds = Number(answer.header('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null;
}

function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** "Too many sign-in attempts. Try again in 4 minutes.", from the answer's Retry-After; null for other errors. */
export function throttleMessage(error: unknown): string | null {
  const seconds = retryAfterSeconds(error);
  if (seconds === null) return refusal(error)?.status === 429 ? AUTH_MESSAGES.tooManyAttempts : null;
  return `Too many sign-in attempts. Try again in ${waitText(seconds)}.`;
}
