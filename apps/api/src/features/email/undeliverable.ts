/**
 * A message that must not go out at all, now or later (its badge was cancelled or deleted): its
 * attempt fails at once as the last one, never retried, with this reason shown in the outbox.
 */
export class UndeliverableMailError extends Error {}
