/** The first wait once an account has had its threshold of failures; it doubles with each further one. */
const FIRST_DELAY_MS = 250;

/**
 * How long a sign-in to an account waits, given the account's recent failures from every
 * address. Below the threshold nothing; above it a wait that doubles up to the cap. The account
 * is never refused outright, so failures sent from other addresses slow its owner down by at
 * most the cap and cannot lock them out.
 */
export function accountDelayMs(failures: number, threshold: number, maxMs: number): number {
  if (failures < threshold) return 0;
  const doublings = Math.min(failures - threshold, 30);
  return Math.min(maxMs, FIRST_DELAY_MS * 2 ** doublings);
}
