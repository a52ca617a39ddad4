import { captureLeadBodySchema, updateLeadBodySchema } from '@portal/shared/leads';
import { AxiosError } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { fakeAdapter, type Reply, type SeenRequest } from '@/testing/fake-adapter';
import { leadFixture } from '../testing/fixtures';
import { memoryBoothStore } from '../testing/memory-booth-store';
import { Booth } from './booth';
import { refusalText, type QueuedCapture, type QueuedWork } from './booth-queue';

const originalAdapter = api.defaults.adapter;
const booths: Booth[] = [];
afterEach(() => {
  api.defaults.adapter = originalAdapter;
  booths.splice(0).forEach((booth) => booth.stop());
  // Back to the browser's own answer.
  delete (navigator as { onLine?: boolean }).onLine;
});

function serve(handle: (request: SeenRequest) => Reply) {
  const { adapter, seen } = fakeAdapter(handle);
  api.defaults.adapter = adapter;
  return seen;
}

/** No network: axios's error with no answer. */
const noNetwork = (): Reply => {
  throw new AxiosError('Network Error', AxiosError.ERR_NETWORK);
};

const refusal = (status: number, message: string): Reply => ({
  status,
  data: { statusCode: status, error: 'Refused', message },
});

async function startBooth(queue: QueuedWork[] = [], adminId = 5) {
  const memory = memoryBoothStore(queue);
  const onSaved = vi.fn();
  const booth = new Booth({ adminId, store: memory.store, onSaved });
  booths.push(booth);
  await booth.start();
  return { booth, onSaved, ...memory };
}

function queuedCapture(code: string, scannedAt: string, adminId = 5): QueuedCapture {
  const nonce = `nonce-${code}`;
  return { kind: 'capture', nonce, scannedAt, adminId, body: { code, nonce, scannedAt } };
}

const posts = (seen: SeenRequest[]) => seen.filter((request) => request.method === 'POST' && request.url === '/leads');

describe('scanning at the booth without network', () => {
  it('keeps the scan on the phone with its nonce and time, and the quick qualification goes with it', async () => {
    serve(noNetwork);
    const { booth, queued } = await startBooth();
    const answer = await booth.scan(' K7M9Q2XR4T ');
    expect(answer).toMatchObject({ kind: 'queued', code: 'K7M9Q2XR4T' });
    expect(booth.getState()).toMatchObject({ online: false, queued: 1 });

    expect(
      await booth.qualify({ rating: 'hot', note: '  Wants a demo in Rīga ', tags: ['demo', 'Ρομποτική'] }),
    ).toEqual({
      ok: true,
    });
    const [work] = [...queued.values()] as QueuedCapture[];
    expect(work).toMatchObject({
      kind: 'capture',
      adminId: 5,
      body: {
        code: 'K7M9Q2XR4T',
        rating: 'hot',
        tags: ['demo', 'Ρομποτική'],
        note: { text: 'Wants a demo in Rīga' },
      },
    });
    expect(work!.nonce).toBe(work!.body.nonce);
    expect(work!.scannedAt).toBe(work!.body.scannedAt);
    // What waits is exactly what the API takes.
    expect(captureLeadBodySchema.safeParse(work!.body).success).toBe(true);
    expect(booth.getState().answer).toBeNull();
  });

  it('does not try the network while the browser says it is offline', async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    const seen = serve(() => ({ status: 201, data: { data: { lead: leadFixture(), created: true } } }));
    const { booth } = await startBooth();
    expect(await booth.scan('K7M9Q2XR4T')).toMatchObject({ kind: 'queued' });
    expect(seen).toEqual([]);
    expect(booth.getState().queued).toBe(1);
  });

  it('sends the queue oldest first when the network is back, and keeps a refused scan with its reason', async () => {
    serve(noNetwork);
    const { booth, queued, unsaved, onSaved } = await startBooth([
      queuedCapture('THIRDSCAN', '2027-03-16T09:00:03.000Z'),
      queuedCapture('FIRSTSCAN', '2027-03-16T09:00:01.000Z'),
      queuedCapture('CANCELLED', '2027-03-16T09:00:02.000Z'),
    ]);
    expect(booth.getState().queued).toBe(3);

    const seen = serve((request) =>
      (request.body as { code: string }).code === 'CANCELLED'
        ? refusal(422, 'This badge is cancelled')
        : { status: 201, data: { data: { lead: leadFixture(), created: true } } },
    );
    window.dispatchEvent(new Event('online'));
    await booth.sync();

    expect(posts(seen).map((request) => (request.body as { code: string }).code)).toEqual([
      'FIRSTSCAN',
      'CANCELLED',
      'THIRDSCAN',
    ]);
    expect(queued.size).toBe(0);
    expect([...unsaved.values()]).toMatchObject([
      { nonce: 'nonce-CANCELLED', status: 422, message: 'This badge is cancelled' },
    ]);
    expect(booth.getState()).toMatchObject({ online: true, queued: 0, unsaved: [{ nonce: 'nonce-CANCELLED' }] });
    expect(onSaved).toHaveBeenCalled();

    // Gone only when the person at the booth says so.
    await booth.dismissUnsaved('nonce-CANCELLED');
    expect(booth.getState().unsaved).toEqual([]);
  });

  it('keeps the queue while the server is away, and sends it on a later try', async () => {
    let answer: Reply = refusal(503, 'Unavailable');
    const seen = serve(() => answer);
    const { booth, queued } = await startBooth([
      queuedCapture('FIRSTSCAN', '2027-03-16T09:00:01.000Z'),
      queuedCapture('SECONDSCAN', '2027-03-16T09:00:02.000Z'),
    ]);
    // The start tried once: the first scan went, got no real answer, and the rest waited behind it.
    expect(posts(seen)).toHaveLength(1);
    expect(queued.size).toBe(2);
    expect(booth.getState().unsaved).toEqual([]);

    answer = { status: 200, data: { data: { lead: leadFixture(), created: false } } };
    await booth.sync();
    expect(queued.size).toBe(0);
    expect(booth.getState().queued).toBe(0);
  });

  it('never sends what another account scanned on the same phone', async () => {
    const seen = serve(() => ({ status: 201, data: { data: { lead: leadFixture(), created: true } } }));
    const { booth, queued } = await startBooth([queuedCapture('OTHERS', '2027-03-16T09:00:01.000Z', 6)]);
    await booth.sync();
    expect(seen).toEqual([]);
    expect(queued.size).toBe(1);
    expect(booth.getState().queued).toBe(0);
  });
});

describe('scanning at the booth online', () => {
  it('qualifies the answer in one change: rating, tags against those loaded, a note with its own id', async () => {
    const lead = leadFixture({ tags: ['robotics'], scans: 2 });
    const seen = serve((request) =>
      request.method === 'POST'
        ? { status: 200, data: { data: { lead, created: false } } }
        : { status: 200, data: { data: lead } },
    );
    const { booth, onSaved } = await startBooth();
    expect(await booth.scan('K7M9Q2XR4T')).toMatchObject({ kind: 'captured', created: false, lead: { scans: 2 } });
    const capture = posts(seen)[0]!.body;
    expect(captureLeadBodySchema.safeParse(capture).success).toBe(true);

    expect(await booth.qualify({ rating: 'hot', note: ' Call back on Monday ', tags: ['robotics', 'demo'] })).toEqual({
      ok: true,
    });
    const put = seen.find((request) => request.method === 'PUT')!;
    expect(put.url).toBe('/leads/7');
    expect(put.body).toEqual({
      rating: 'hot',
      tags: ['robotics', 'demo'],
      baseTags: ['robotics'],
      notes: [{ id: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/), text: 'Call back on Monday' }],
    });
    expect(updateLeadBodySchema.safeParse(put.body).success).toBe(true);
    expect(booth.getState().answer).toBeNull();
    expect(onSaved).toHaveBeenCalledTimes(2);
  });

  it('sends nothing when nothing was entered', async () => {
    const seen = serve(() => ({ status: 201, data: { data: { lead: leadFixture(), created: true } } }));
    const { booth } = await startBooth();
    await booth.scan('K7M9Q2XR4T');
    expect(await booth.qualify({ rating: null, note: '   ', tags: [] })).toEqual({ ok: true });
    expect(seen.filter((request) => request.method === 'PUT')).toEqual([]);
  });

  it('keeps a save that finds no network and sends it later with the same note id', async () => {
    const lead = leadFixture();
    serve(() => ({ status: 201, data: { data: { lead, created: true } } }));
    const { booth, queued } = await startBooth();
    await booth.scan('K7M9Q2XR4T');
    serve(noNetwork);
    expect(await booth.qualify({ rating: 'warm', note: 'Олена asked for the price list', tags: [] })).toEqual({
      ok: true,
    });
    expect(booth.getState()).toMatchObject({
      answer: null,
      queued: 1,
      notice: expect.stringContaining('sent when back online'),
    });
    const [kept] = [...queued.values()];
    expect(kept).toMatchObject({ kind: 'update', leadId: 7, label: 'Līga Bērziņa' });

    const later = serve(() => ({ status: 200, data: { data: lead } }));
    await booth.sync();
    expect(later).toMatchObject([{ method: 'PUT', url: '/leads/7' }]);
    expect(later[0]!.body).toEqual(kept!.body);
    expect(queued.size).toBe(0);
  });

  it('says why a scan was refused, in words, and keeps nothing', async () => {
    serve((request) => {
      const code = (request.body as { code: string }).code;
      if (code === 'UNKNOWN') return refusal(404, 'No badge of this event has this code');
      if (code === 'CANCELLED') return refusal(422, 'This badge is cancelled');
      return refusal(403, 'Lead scanning is not available for your company at this event');
    });
    const { booth, queued } = await startBooth();
    for (const [code, title] of [
      ['UNKNOWN', 'Unknown badge'],
      ['CANCELLED', 'Badge cancelled'],
      ['SCANNINGOFF', 'Scanning is off'],
    ] as const) {
      const answer = await booth.scan(code);
      expect(answer?.kind).toBe('refused');
      if (answer?.kind === 'refused') expect(refusalText(answer.status, answer.message).title).toBe(title);
    }
    expect(queued.size).toBe(0);
    expect(booth.getState().online).toBe(true);
  });
});
