import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Runs the work and answers no sooner than `minMs` after the start, so that the work done for one
 * case (an existing account) does not tell it apart by timing from another (an unknown email).
 * Errors come back at once: they say nothing about the case.
 */
export async function noSoonerThan<T>(minMs: number, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await work();
  await sleep(Math.max(0, minMs - (Date.now() - started)));
  return result;
}
