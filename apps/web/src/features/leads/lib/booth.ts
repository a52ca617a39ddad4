import type { CaptureLeadBody, Lead, LeadRating, UpdateLeadBody } from '@portal/shared/leads';
import { nextSyncBatch } from '@/lib/scanning/scan-queue';
import { captureLead } from '../api/capture-lead';
import { updateLead } from '../api/update-lead';
import { indexedDbBoothStore, type BoothStore } from './booth-db';
import { newClientId, sendFailure, type QueuedUpdate, type QueuedWork, type UnsavedWork } from './booth-queue';
import { tagChange, tagsChanged } from './lead-tags';

/** How long a scan waits for the server before it is kept on the phone instead. */
export const SCAN_TIMEOUT_MS = 5000;
/** The same for a save of the qualification, and for each queued piece of work when sent. */
export const SAVE_TIMEOUT_MS = 10_000;
/** How often a phone with unsent work tries again, besides when the browser says it is back online. */
export const SYNC_RETRY_MS = 15_000;

export type BoothAnswer =
  | { kind: 'captured'; code: string; lead: Lead; created: boolean }
  /** Kept on the phone: the server has not seen it yet. */
  | { kind: 'queued'; code: string; nonce: string }
  | { kind: 'refused'; code: string; status: number; message: string };

export type BoothState = {
  phase: 'loading' | 'ready';
  online: boolean;
  /** Scans and changes waiting to be sent. */
  queued: number;
  unsaved: UnsavedWork[];
  answer: BoothAnswer | null;
  /** A scan is on its way to the server. */
  scanning: boolean;
  /** What the last save did, when it is worth saying (kept on the phone). */
  notice: string | null;
};

/** What the quick qualify panel sends: the rating, a note, the tags as they now are. */
export type Qualification = { rating: LeadRating | null; note: string; tags: string[] };

export type SaveResult = { ok: true } | { ok: false; error: string };

type BoothOptions = { adminId: number; store?: BoothStore; onSaved?: () => void };

/**
 * The booth's scanner outside React: a scan sent at once when online and kept on the phone when
 * not, the quick qualification of the answer, and the queue of unsent work with its sync. The
 * scan page renders its state and calls its methods.
 */
export class Booth {
  private state: BoothState = {
    phase: 'loading',
    online: typeof navigator === 'undefined' ? true : navigator.onLine,
    queued: 0,
    unsaved: [],
    answer: null,
    scanning: false,
    notice: null,
  };
  private listeners = new Set<() => void>();
  private readonly adminId: number;
  private readonly store: BoothStore;
  private readonly onSaved: () => void;
  private timer: ReturnType<typeof setInterval> | undefined;
  private syncing: Promise<void> | null = null;
  /** Scans one after another: a second badge scanned while the first is on its way waits its turn. */
  private scans: Promise<unknown> = Promise.resolve();
  /** Counts starts and stops: work of a start that was stopped meanwhile ends (React runs effects twice in development). */
  private run = 0;

  constructor({ adminId, store = indexedDbBoothStore, onSaved = () => undefined }: BoothOptions) {
    this.adminId = adminId;
    this.store = store;
    this.onSaved = onSaved;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  getState = () => this.state;

  private set(patch: Partial<BoothState>) {
    this.state = { ...this.state, ...patch };
    this.listeners.forEach((listener) => listener());
  }

  async start(): Promise<void> {
    const run = ++this.run;
    window.addEventListener('online', this.onOnline);
    window.addEventListener('offline', this.onOffline);
    this.timer = setInterval(() => void (this.state.queued > 0 && this.sync()), SYNC_RETRY_MS);
    await this.readCounts();
    if (run !== this.run) return;
    this.set({ phase: 'ready' });
    await this.sync();
  }

  stop() {
    this.run++;
    clearInterval(this.timer);
    window.removeEventListener('online', this.onOnline);
    window.removeEventListener('offline', this.onOffline);
  }

  private onOnline = () => {
    this.set({ online: true });
    void this.sync();
  };

  private onOffline = () => this.set({ online: false });

  private async readCounts() {
    const [queued, unsaved] = await Promise.all([this.store.queued(this.adminId), this.store.unsaved(this.adminId)]);
    this.set({
      queued: queued.length,
      unsaved: unsaved.sort((a, b) => b.failedAt.localeCompare(a.failedAt)),
    });
  }

  private get mayCallServer(): boolean {
    return this.state.online && navigator.onLine;
  }

  /** One badge: to the server when online, else (or when no answer comes in time) kept on the phone. */
  scan(code: string): Promise<BoothAnswer | null> {
    const next = this.scans.then(() => this.capture(code));
    this.scans = next.catch(() => undefined);
    return next;
  }

  private async capture(raw: string): Promise<BoothAnswer | null> {
    const code = raw.trim();
    if (!code) return null;
    const body: CaptureLeadBody = { code, nonce: newClientId(), scannedAt: new Date().toISOString() };
    if (this.mayCallServer) {
      this.set({ scanning: true, notice: null });
      try {
        const { lead, created } = await captureLead(body, { timeoutMs: SCAN_TIMEOUT_MS });
        this.set({ online: true });
        this.onSaved();
        return this.show({ kind: 'captured', code, lead, created });
      } catch (error) {
        const failure = sendFailure(error);
        if (failure.kind === 'refused') return this.show({ ...failure, code });
        if (!failure.reachable) this.set({ online: false });
      } finally {
        this.set({ scanning: false });
      }
    }
    return this.keep(
      { kind: 'capture', nonce: body.nonce, scannedAt: body.scannedAt, adminId: this.adminId, body },
      () => this.show({ kind: 'queued', code, nonce: body.nonce }),
    );
  }

  private show(answer: BoothAnswer): BoothAnswer {
    this.set({ answer });
    return answer;
  }

  /** Puts work in the queue; when the phone's storage refuses it, says so rather than pretend it was kept. */
  private async keep<T>(work: QueuedWork, then: () => T): Promise<T | null> {
    try {
      await this.store.put(work);
    } catch {
      this.set({
        answer: null,
        notice:
          'This could not be kept on the phone (its storage is full or blocked), so it was not saved. Free some storage and scan again.',
      });
      return null;
    }
    await this.readCounts();
    return then();
  }

  /** Back to scanning without qualifying the answer on screen. */
  dismiss() {
    this.set({ answer: null });
  }

  dismissNotice() {
    this.set({ notice: null });
  }

  /**
   * Saves the quick qualification of the answer on screen, then goes back to scanning. A lead the
   * server has: a change of it (a save that finds no network is queued and sent later). A scan kept
   * on the phone: the qualification goes with it, in the same request.
   */
  async qualify(qualification: Qualification): Promise<SaveResult> {
    const answer = this.state.answer;
    const note = qualification.note.trim();
    if (answer?.kind === 'queued') {
      const work = await this.store.get(answer.nonce);
      if (work?.kind === 'capture') {
        const body: CaptureLeadBody = {
          ...work.body,
          ...(qualification.rating ? { rating: qualification.rating } : {}),
          ...(qualification.tags.length > 0 ? { tags: qualification.tags } : {}),
          ...(note ? { note: { id: work.body.note?.id ?? newClientId(), text: note } } : {}),
        };
        const kept = await this.keep({ ...work, body }, () => true);
        if (!kept) return { ok: false, error: 'The phone could not keep this scan.' };
      }
      this.set({ answer: null, notice: null });
      return { ok: true };
    }
    if (answer?.kind !== 'captured') {
      this.set({ answer: null });
      return { ok: true };
    }
    const { lead } = answer;
    const body: UpdateLeadBody = {
      ...(qualification.rating !== lead.rating && qualification.rating ? { rating: qualification.rating } : {}),
      ...(tagsChanged(lead.tags, qualification.tags) ? tagChange(lead.tags, qualification.tags) : {}),
      ...(note ? { notes: [{ id: newClientId(), text: note }] } : {}),
    };
    if (Object.keys(body).length === 0) {
      this.set({ answer: null });
      return { ok: true };
    }
    if (this.mayCallServer) {
      try {
        await updateLead(lead.id, body, { timeoutMs: SAVE_TIMEOUT_MS });
        this.onSaved();
        this.set({ answer: null, notice: null });
        return { ok: true };
      } catch (error) {
        const failure = sendFailure(error);
        if (failure.kind === 'refused')
          return { ok: false, error: failure.message || 'The server refused the change.' };
        if (!failure.reachable) this.set({ online: false });
      }
    }
    const work: QueuedUpdate = {
      kind: 'update',
      nonce: newClientId(),
      scannedAt: new Date().toISOString(),
      adminId: this.adminId,
      leadId: lead.id,
      label: `${lead.visitor.firstName} ${lead.visitor.lastName}`.trim(),
      body,
    };
    const kept = await this.keep(work, () => true);
    if (!kept) return { ok: false, error: 'The phone could not keep this change.' };
    this.set({ answer: null, notice: 'Saved on this phone — it will be sent when back online.' });
    return { ok: true };
  }

  /** Sends the queue oldest first; each piece leaves it once the server has answered it. */
  sync(): Promise<void> {
    this.syncing ??= this.sendQueue().finally(() => (this.syncing = null));
    return this.syncing;
  }

  private async sendQueue() {
    let sent = 0;
    for (const work of nextSyncBatch(await this.store.queued(this.adminId), Infinity)) {
      try {
        await this.send(work);
        await this.store.remove(work.nonce);
        sent++;
        if (!this.state.online) this.set({ online: true });
      } catch (error) {
        const failure = sendFailure(error);
        if (failure.kind === 'retry') {
          if (!failure.reachable) this.set({ online: false });
          break;
        }
        await this.store.refuse({
          ...work,
          status: failure.status,
          message: failure.message,
          failedAt: new Date().toISOString(),
        });
      }
    }
    await this.readCounts();
    if (sent > 0) this.onSaved();
  }

  private send(work: QueuedWork) {
    return work.kind === 'capture'
      ? captureLead(work.body, { timeoutMs: SAVE_TIMEOUT_MS })
      : updateLead(work.leadId, work.body, { timeoutMs: SAVE_TIMEOUT_MS });
  }

  /** The person at the booth has read a refusal: it leaves the list. */
  async dismissUnsaved(nonce: string) {
    await this.store.dismiss(nonce);
    await this.readCounts();
  }
}

/** What the quick qualify panel starts from for an answer: the lead as the server has it, or nothing yet. */
export function startingQualification(answer: BoothAnswer | null): Qualification {
  if (answer?.kind === 'captured') return { rating: answer.lead.rating, note: '', tags: [...answer.lead.tags] };
  return { rating: null, note: '', tags: [] };
}

/** Whether the panel holds something of the person's own, which going on to the next scan must not lose. */
export function isQualified(answer: BoothAnswer | null, draft: Qualification): boolean {
  if (!answer || answer.kind === 'refused') return false;
  const start = startingQualification(answer);
  return draft.rating !== start.rating || draft.note.trim() !== '' || tagsChanged(start.tags, draft.tags);
}
