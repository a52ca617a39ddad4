import { describe, expect, it } from 'vitest';
import { answeredNonces, nextSyncBatch, type QueuedItem } from './scan-queue';

const BATCH = 100;

function scan(nonce: string, scannedAt: string): QueuedItem & { code: string } {
  return { code: 'K7M9Q2XR4T', nonce, scannedAt };
}

describe('the offline queue', () => {
  it('sends the oldest scans first, at most one batch at a time', () => {
    const queue = Array.from({ length: BATCH + 5 }, (_, i) =>
      scan(`nonce-${String(i).padStart(5, '0')}`, new Date(Date.UTC(2027, 2, 16, 9, 0, BATCH + 5 - i)).toISOString()),
    );
    const batch = nextSyncBatch(queue, BATCH);
    expect(batch).toHaveLength(BATCH);
    expect(batch[0]!.nonce).toBe(`nonce-${String(BATCH + 4).padStart(5, '0')}`);
    expect(batch.map((s) => s.scannedAt)).toEqual([...batch.map((s) => s.scannedAt)].sort());
    // The queue itself is left as it was: scans leave it only once answered.
    expect(queue).toHaveLength(BATCH + 5);
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
