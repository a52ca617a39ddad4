/** What a queue of scans kept on a device needs of each: its own nonce, and when it happened. */
export type QueuedItem = { nonce: string; scannedAt: string };

/** The next call's scans: the oldest first, so that the server judges them in the order they happened. */
export function nextSyncBatch<T extends QueuedItem>(queue: readonly T[], size: number): T[] {
  return [...queue]
    .sort((a, b) => a.scannedAt.localeCompare(b.scannedAt) || a.nonce.localeCompare(b.nonce))
    .slice(0, size);
}

/**
 * The nonces the server answered, which leave the queue. A scan the answer does not mention stays
 * for the next try: nothing leaves the queue on the device's word alone.
 */
export function answeredNonces(sent: readonly QueuedItem[], results: readonly { nonce: string }[]): string[] {
  const answered = new Set(results.map((r) => r.nonce));
  return sent.filter((scan) => answered.has(scan.nonce)).map((scan) => scan.nonce);
}
