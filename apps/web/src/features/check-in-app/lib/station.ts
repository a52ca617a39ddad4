import {
  MAX_SYNC_BATCH,
  type CheckInDirection,
  type CheckInList,
  type CheckInMethod,
  type DeviceInfo,
  type RedeemBody,
  type RedeemResult,
  type RosterResponse,
} from '@portal/shared/check-in';
import { answeredNonces, nextSyncBatch } from '@/lib/scanning/scan-queue';
import * as store from './device-db';
import type { QueuedScan } from './device-db';
import { deviceBlob, deviceRequest, DeviceOfflineError, DeviceUnpairedError, SCAN_TIMEOUT_MS } from './device-api';
import { decideLocally } from './local-decision';
import {
  applyRosterResponse,
  normaliseCode,
  recordPassage,
  rosterFromStored,
  storedFromRoster,
  type Roster,
} from './roster';

/** How often the roster is brought up to date while online. */
export const ROSTER_REFRESH_MS = 30_000;
/** A roster older than this is fetched whole: the server answers in full past it anyway. */
export const ROSTER_FULL_AFTER_MS = 10 * 60_000;
/** How often a device with unsent scans tries again, besides when the browser says it is back online. */
export const SYNC_RETRY_MS = 15_000;
/**
 * How often a changed roster is written back to IndexedDB. Copying 100,000 rows takes a phone a
 * moment, and each incremental answer repeats the last 30 s of changes; a copy up to two minutes
 * old loses nothing, since its cursor is saved with it and the next answer brings what followed.
 */
export const ROSTER_SAVE_MS = 120_000;

export type ScanOutcome = {
  result: RedeemResult;
  direction: CheckInDirection;
  code: string;
  /** Decided on the device: not yet known to the server. */
  local: boolean;
  at: number;
};

export type StationState = {
  phase: 'loading' | 'unpaired' | 'ready';
  /** Paired before and refused now, as against never paired on this browser. */
  revoked: boolean;
  device: DeviceInfo | null;
  listId: number | null;
  direction: CheckInDirection;
  online: boolean;
  queued: number;
  rosterFetchedAt: string | null;
  rosterSize: number;
  outcome: ScanOutcome | null;
  /** The last local decision's time in ms (lookup, decision, presence): kept in view for checks. */
  lastDecisionMs: number | null;
  /** A server's refusal of a scan that is no answer about a badge, shown until dismissed. */
  notice: string | null;
};

const LIST_KEY = 'portal-check-in-list';

/**
 * The door device's logic outside React: pairing state, the selected list's roster, scans online
 * and offline, the queue and its sync. The page renders its state and calls its methods.
 */
export class Station {
  private state: StationState = {
    phase: 'loading',
    revoked: false,
    device: null,
    listId: null,
    direction: 'entry',
    online: typeof navigator === 'undefined' ? true : navigator.onLine,
    queued: 0,
    rosterFetchedAt: null,
    rosterSize: 0,
    outcome: null,
    lastDecisionMs: null,
    notice: null,
  };
  private listeners = new Set<() => void>();
  private token: string | null = null;
  private roster: Roster | null = null;
  private timers: ReturnType<typeof setInterval>[] = [];
  private syncing: Promise<void> | null = null;
  private refreshing: Promise<void> | null = null;
  private rosterSavedAt = 0;
  /** Counts starts and stops: work of a start that was stopped meanwhile ends (React runs effects twice in development). */
  private run = 0;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  getState = () => this.state;

  private set(patch: Partial<StationState>) {
    this.state = { ...this.state, ...patch };
    this.listeners.forEach((listener) => listener());
  }

  private get list(): CheckInList | undefined {
    return this.state.device?.lists.find((l) => l.id === this.state.listId);
  }

  async start(): Promise<void> {
    const run = ++this.run;
    const device = await store.loadDevice();
    if (run !== this.run) return;
    if (!device) {
      this.set({ phase: 'unpaired' });
      return;
    }
    this.token = device.token;
    const saved = Number(localStorage.getItem(LIST_KEY));
    const listId = device.info.lists.some((l) => l.id === saved) ? saved : (device.info.lists[0]?.id ?? null);
    const queued = (await store.queuedScans()).length;
    if (run !== this.run) return;
    this.set({ phase: 'ready', device: device.info, listId, queued });
    window.addEventListener('online', this.onOnline);
    window.addEventListener('offline', this.onOffline);
    // The organiser may change the device's lists or role meanwhile: read with the roster.
    this.timers.push(
      setInterval(() => void this.refreshDeviceInfo().then(() => this.refreshRoster()), ROSTER_REFRESH_MS),
    );
    this.timers.push(setInterval(() => void (this.state.queued > 0 && this.sync()), SYNC_RETRY_MS));
    await this.loadList();
    void this.refreshDeviceInfo();
    void this.sync();
  }

  stop() {
    this.run++;
    this.timers.forEach(clearInterval);
    this.timers = [];
    window.removeEventListener('online', this.onOnline);
    window.removeEventListener('offline', this.onOffline);
  }

  private onOnline = () => {
    this.set({ online: true });
    void this.sync().then(() => this.refreshRoster());
  };

  private onOffline = () => this.set({ online: false });

  private unpaired() {
    this.token = null;
    void store.forgetToken();
    this.set({ phase: 'unpaired', revoked: true, outcome: null });
  }

  /** Runs a server call; a refused token ends the session, no answer marks the device offline. */
  private async call<T>(path: string, options: Parameters<typeof deviceRequest>[2] = {}): Promise<T> {
    if (!this.token) throw new DeviceUnpairedError();
    try {
      const answer = await deviceRequest<T>(this.token, path, options);
      if (!this.state.online) this.set({ online: true });
      return answer;
    } catch (error) {
      if (error instanceof DeviceUnpairedError) this.unpaired();
      if (error instanceof DeviceOfflineError && this.state.online) this.set({ online: false });
      throw error;
    }
  }

  /** For the supervisor's tools: a server call with the device's token. */
  request<T>(path: string, options: Parameters<typeof deviceRequest>[2] = {}): Promise<T> {
    return this.call<T>(path, options);
  }

  /** A badge's PDF, for the walk-in's print. */
  async badgePdf(badgeId: number): Promise<Blob> {
    if (!this.token) throw new DeviceUnpairedError();
    try {
      return await deviceBlob(this.token, `/check-in/badges/${badgeId}/badge.pdf`);
    } catch (error) {
      if (error instanceof DeviceUnpairedError) this.unpaired();
      throw error;
    }
  }

  /** The roster the supervisor searches by name. */
  rosterEntries() {
    return this.roster ? [...this.roster.byCode.values()] : [];
  }

  categoryName(id: number): string {
    return this.roster?.categories.get(id)?.name ?? '';
  }

  private async refreshDeviceInfo() {
    try {
      const { data } = await this.call<{ data: DeviceInfo }>('/check-in/me');
      await store.updateDeviceInfo(data);
      const listId = data.lists.some((l) => l.id === this.state.listId)
        ? this.state.listId
        : (data.lists[0]?.id ?? null);
      const changed = listId !== this.state.listId;
      this.set({ device: data, listId });
      if (changed) await this.loadList();
    } catch {
      // Offline: the lists saved at pairing serve.
    }
  }

  private async loadList() {
    const listId = this.state.listId;
    this.roster = null;
    this.set({ rosterFetchedAt: null, rosterSize: 0 });
    if (listId === null) return;
    const stored = await store.loadRoster(listId);
    if (stored && this.state.listId === listId) {
      this.roster = rosterFromStored(stored);
      this.replayQueue(await store.queuedScans());
      this.set({ rosterFetchedAt: stored.fetchedAt, rosterSize: this.roster.byCode.size });
    }
    await this.refreshRoster();
  }

  /** Scans not yet sent are not in the server's presence: the device's roster carries them over. */
  private replayQueue(queue: QueuedScan[]) {
    const roster = this.roster;
    const name = this.state.device?.name ?? '';
    if (!roster) return;
    for (const scan of nextSyncBatch(queue, Infinity)) {
      if (scan.listId !== roster.listId || scan.localResult !== 'admitted') continue;
      const entry = roster.byCode.get(normaliseCode(scan.code));
      if (entry) recordPassage(entry, scan.direction, scan.scannedAt, name);
    }
  }

  refreshRoster(): Promise<void> {
    this.refreshing ??= this.fetchRoster().finally(() => (this.refreshing = null));
    return this.refreshing;
  }

  private async fetchRoster() {
    const listId = this.state.listId;
    if (listId === null || !this.token) return;
    const fresh = this.roster && Date.now() - Date.parse(this.roster.fetchedAt) < ROSTER_FULL_AFTER_MS;
    const query = new URLSearchParams({ listId: String(listId) });
    if (fresh && this.roster) query.set('since', this.roster.cursor);
    let response: RosterResponse;
    try {
      response = await this.call<RosterResponse>(`/check-in/roster?${query}`, { timeoutMs: 60_000 });
    } catch {
      return;
    }
    if (this.state.listId !== listId) return;
    this.roster = applyRosterResponse(this.roster, response, new Date());
    // The server's presence does not hold scans still queued here.
    if (response.full) this.replayQueue(await store.queuedScans());
    this.set({ rosterFetchedAt: this.roster.fetchedAt, rosterSize: this.roster.byCode.size });
    const due = Date.now() - this.rosterSavedAt > ROSTER_SAVE_MS;
    if (response.full || (response.badges.length > 0 && due)) {
      this.rosterSavedAt = Date.now();
      await store.saveRoster(storedFromRoster(this.roster));
    }
  }

  selectList(listId: number) {
    if (listId === this.state.listId) return;
    localStorage.setItem(LIST_KEY, String(listId));
    this.set({ listId, direction: 'entry', outcome: null });
    void this.loadList();
  }

  setDirection(direction: CheckInDirection) {
    this.set({ direction });
  }

  dismiss() {
    this.set({ outcome: null });
  }

  dismissNotice() {
    this.set({ notice: null });
  }

  /**
   * One scan: to the server when online (the answer within 1.5 s, else decided here), decided on
   * the roster and queued when not. The nonce stays the scan's own, so a scan the server did write
   * before its answer was lost is not counted twice when the queue sends it again.
   */
  async scan(code: string, method: CheckInMethod): Promise<ScanOutcome | null> {
    const list = this.list;
    const device = this.state.device;
    if (!list || !device || this.state.phase !== 'ready') return null;
    const body: Required<RedeemBody> = {
      // Badge codes are upper case; a person typing one may not be. Scanned codes go as read.
      code: method === 'typed' ? normaliseCode(code) : code.trim(),
      listId: list.id,
      nonce: crypto.randomUUID(),
      scannedAt: new Date().toISOString(),
      direction: list.scansExits ? this.state.direction : 'entry',
      method,
    };
    if (!body.code) return null;
    if (this.state.online && navigator.onLine) {
      try {
        const { data } = await this.call<{ data: RedeemResult }>('/check-in/redeem', {
          method: 'POST',
          body,
          timeoutMs: SCAN_TIMEOUT_MS,
        });
        if (data.result === 'admitted') this.notePassage(body);
        return this.show({ result: data, direction: body.direction, code: body.code, local: false, at: Date.now() });
      } catch (error) {
        if (error instanceof DeviceUnpairedError) return null;
        if (!(error instanceof DeviceOfflineError)) {
          // A refusal, not a lost connection (the list was taken off this device, the role
          // changed): said on screen, and the device's lists read again.
          this.set({ notice: (error as Error).message });
          void this.refreshDeviceInfo();
          return null;
        }
      }
    }
    return this.decideOffline(list, device, body);
  }

  private notePassage(body: Required<RedeemBody>) {
    const entry = this.roster?.byCode.get(normaliseCode(body.code));
    if (entry) recordPassage(entry, body.direction, body.scannedAt, this.state.device?.name ?? '');
  }

  private async decideOffline(list: CheckInList, device: DeviceInfo, body: Required<RedeemBody>) {
    const roster =
      this.roster ??
      applyRosterResponse(null, { listId: list.id, full: true, cursor: '', categories: [], badges: [] }, new Date(0));
    const started = performance.now();
    const result = decideLocally(roster, list, body, { timeZone: device.event.timezone, deviceName: device.name });
    const lastDecisionMs = performance.now() - started;
    try {
      await store.queueScan({ ...body, localResult: result.result });
      this.set({ queued: this.state.queued + 1, lastDecisionMs });
    } catch {
      // Storage full or blocked (a private window): the answer stands, but the server will not hear of it.
      this.set({
        lastDecisionMs,
        notice:
          'This scan could not be saved on the device, so it will not reach the server. Free some storage on the device.',
      });
    }
    return this.show({ result, direction: body.direction, code: body.code, local: true, at: Date.now() });
  }

  /** An answer reached another way (a walk-in registered and admitted), shown like a scan's. */
  showResult(result: RedeemResult, code: string) {
    this.show({ result, direction: 'entry', code, local: false, at: Date.now() });
    void this.refreshRoster();
  }

  private show(outcome: ScanOutcome) {
    this.set({ outcome });
    return outcome;
  }

  /** Sends the queue in batches; each scan leaves it only once the server has answered it. */
  sync(): Promise<void> {
    this.syncing ??= this.sendQueue().finally(() => (this.syncing = null));
    return this.syncing;
  }

  private async sendQueue() {
    if (!this.token) return;
    for (;;) {
      // Scans of a list this device no longer has (paired again for other lists) wait: the server would refuse the batch.
      const lists = new Set(this.state.device?.lists.map((l) => l.id));
      const batch = nextSyncBatch(
        (await store.queuedScans()).filter((scan) => lists.has(scan.listId)),
        MAX_SYNC_BATCH,
      );
      if (batch.length === 0) break;
      let results: { nonce: string }[];
      try {
        ({
          data: { results },
        } = await this.call<{ data: { results: { nonce: string }[] } }>('/check-in/sync', {
          method: 'POST',
          body: { scans: batch },
          timeoutMs: 30_000,
        }));
      } catch {
        break;
      }
      const done = answeredNonces(batch, results);
      await store.removeQueued(done);
      this.set({ queued: (await store.queuedScans()).length });
      if (done.length < batch.length) break;
    }
  }
}
