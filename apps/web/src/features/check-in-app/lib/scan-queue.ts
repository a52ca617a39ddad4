import { MAX_SYNC_BATCH, type CheckInResult, type RedeemBody } from '@portal/shared/check-in';

/** A scan decided on the device, waiting for the server: kept until the server has answered it. */
export type QueuedScan = Omit<RedeemBody, 'direction' | 'method'> &
  Required<Pick<RedeemBody, 'direction' | 'method'>> & { localResult: CheckInResult };

/** The next call's scans: the oldest first, so that the server judges them in the order they happened. */
export function nextSyncBatch(queue: readonly QueuedScan[], size = MAX_SYNC_BATCH): QueuedScan[] {
  return [...queue]
    .sort((a, b) => a.scannedAt.localeCompare(b.scannedAt) || a.nonce.localeCompare(b.nonce))
    .slice(0, size);
}

/**
 * The nonces the server answered, which leave the queue. A scan the answer does not mention stays
 * for the next try: nothing leaves the queue on the device's word alone.
 */
export function answeredNonces(sent: readonly QueuedScan[], results: readonly { nonce: string }[]): string[] {
  const answered = new Set(results.map((r) => r.nonce));
  return sent.filter((scan) => answered.has(scan.nonce)).map((scan) => scan.nonce);
}
