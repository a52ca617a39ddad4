import { MAX_SYNC_BATCH } from '@portal/shared/check-in';
import { describe, expect, it } from 'vitest';
import { answeredNonces, nextSyncBatch, type QueuedScan } from './scan-queue';

function scan(nonce: string, scannedAt: string): QueuedScan {
  return {
    code: 'K7M9Q2XR4T',
    listId: 1,
    nonce,
    scannedAt,
    direction: 'entry',
    method: 'scanner',
    localResult: 'admitted',
  };
}

describe('the offline queue', () => {
  it('sends the oldest scans first, at most one batch at a time', () => {
    const queue = Array.from({ length: MAX_SYNC_BATCH + 5 }, (_, i) =>
      scan(
        `nonce-${String(i).padStart(5, '0')}`,
        new Date(Date.UTC(2027, 2, 16, 9, 0, MAX_SYNC_BATCH + 5 - i)).toISOString(),
      ),
    );
    const batch = nextSyncBatch(queue);
    expect(batch).toHaveLength(MAX_SYNC_BATCH);
    expect(batch[0]!.nonce).toBe(`nonce-${String(MAX_SYNC_BATCH + 4).padStart(5, '0')}`);
    expect(batch.map((s) => s.scannedAt)).toEqual([...batch.map((s) => s.scannedAt)].sort());
    // The queue itself is left as it was: scans leave it only once answered.
    expect(queue).toHaveLength(MAX_SYNC_BATCH + 5);
  });

  it('removes only the scans the server answered', () => {
    const sent = [
      scan('nonce-a-1', '2027-03-16T09:00:00Z'),
      scan('nonce-b-2', '2027-03-16T09:00:01Z'),
      scan('nonce-c-3', '2027-03-16T09:00:02Z'),
    ];
    expect(answeredNonces(sent, [{ nonce: 'nonce-a-1' }, { nonce: 'nonce-c-3' }, { nonce: 'unrelated' }])).toEqual([
      'nonce-a-1',
      'nonce-c-3',
    ]);
    expect(answeredNonces(sent, [])).toEqual([]);
  });
});
