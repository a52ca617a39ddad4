import type { CaptureLeadBody, UpdateLeadBody } from '@portal/shared/leads';
import { isAxiosError } from 'axios';
import { apiErrorBody } from '@/lib/api-client';

/**
 * Work done at the booth that waits for the server, kept on the phone (IndexedDB) until the server
 * has answered it: a scan (its nonce makes sending it twice harmless), or a change to a lead scanned
 * while online whose save found no network (its note keeps its client id, so the same). Each is the
 * signed-in account's: another account signing in on the same phone never sends it as its own.
 */
export type QueuedCapture = {
  kind: 'capture';
  nonce: string;
  /** When the badge was scanned: the queue goes out in this order. */
  scannedAt: string;
  adminId: number;
  body: CaptureLeadBody;
};
export type QueuedUpdate = {
  kind: 'update';
  /** The change's own id, in the queue's order with the scans. */
  nonce: string;
  /** When the change was made. */
  scannedAt: string;
  adminId: number;
  leadId: number;
  /** The visitor's name, for the list of what could not be saved. */
  label: string;
  body: UpdateLeadBody;
};
export type QueuedWork = QueuedCapture | QueuedUpdate;

/** Work the server refused: kept, with the reason, until the person at the booth has seen it. */
export type UnsavedWork = QueuedWork & { status: number; message: string; failedAt: string };

/**
 * What a failed call means for the work it carried. `retry`: no answer (no network, a time-out), a
 * server away or overloaded, or a session that ended — the work stays queued. `refused`: the server
 * answered no to this work itself, and sending it again would change nothing.
 */
export type SendFailure = { kind: 'retry'; reachable: boolean } | { kind: 'refused'; status: number; message: string };

const RETRY_STATUSES = new Set([401, 408, 425, 429]);

export function sendFailure(error: unknown): SendFailure {
  if (!isAxiosError(error) || !error.response) return { kind: 'retry', reachable: false };
  const { status } = error.response;
  if (status >= 500 || RETRY_STATUSES.has(status)) return { kind: 'retry', reachable: status < 502 };
  return { kind: 'refused', status, message: apiErrorBody(error)?.message ?? '' };
}

/** A refusal in words for the person at the booth: what happened, then the server's detail. */
export function refusalText(status: number, message: string): { title: string; detail: string } {
  switch (status) {
    case 404:
      return { title: 'Unknown badge', detail: 'No badge of this event has this code. Check it, or type it again.' };
    case 422:
      return { title: 'Badge cancelled', detail: message || 'This badge was cancelled: it is no lead.' };
    case 403:
      return {
        title: 'Scanning is off',
        detail: message || 'Lead scanning is turned off for your company at this event. The organiser can turn it on.',
      };
    default:
      return { title: 'Not saved', detail: message || `The server refused it (${status}).` };
  }
}

/** A random id for a scan's nonce or a note: letters, digits and dashes, as the API takes them. */
export function newClientId(): string {
  return crypto.randomUUID();
}
