import type { CheckInLogEntry, DeviceInfo, RedeemBody, RedeemResult, SyncBody, WalkInBody } from '@portal/shared/check-in';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { Database } from '../../db/client';
import { checkIns } from '../../db/schema/check-in';
import { NotFoundError } from '../../lib/errors';
import { eventHasLayout, findFace } from '../badge-layouts/badge-layouts.repository';
import { singleBadgePdf } from '../badge-layouts/single-badge-pdf';
import type { BadgesService } from '../badges/badges.service';
import type { FilesService } from '../files/files.service';
import { applyScan, resolveConflict, undoScan, type Scan } from './check-in-ledger';
import { findLogEntry, logPage } from './check-in-log.repository';
import { loadDeviceInfo } from './check-in-devices.service';
import { compressJson } from './compressed-json';
import { assertMayCheckInBy, type CheckInDevice } from './device-auth';
import { rosterJson, rosterStart } from './roster';
import { createWalkIns } from './walk-ins';

/** The scans a device's recent list shows. */
const RECENT_SCANS = 50;
/** Scans of a sync applied at once: a few connections of the pool, leaving the rest to other doors' scans. */
const SYNC_PARALLEL_CHAINS = 4;
/** The open conflicts a supervisor's device shows at most. */
const OPEN_CONFLICTS = 200;

type Client = { requestId: string; ip: string };

/** A list of the device's own, or 404: another device's or event's list is not told apart from none. */
function assertOwnList(device: CheckInDevice, listId: number) {
  if (!device.listIds.includes(listId)) throw new NotFoundError('Check-in list');
}

/** What a paired device asks of the server (docs/check-in.md, API (device)). */
export function createCheckInDeviceService({ db, badges, files }: { db: Database; badges: BadgesService; files: FilesService }) {
  const walkIns = createWalkIns({ db, badges });

  function toScan(body: RedeemBody, offline: boolean, localResult: Scan['localResult']): Scan {
    const now = new Date();
    const sent = new Date(body.scannedAt);
    // Online the server's clock decides; a queued scan was decided when it was made, but never in
    // the future (a device clock running ahead would open a window early).
    return {
      code: body.code,
      listId: body.listId,
      nonce: body.nonce,
      at: offline && sent < now ? sent : now,
      direction: body.direction,
      method: body.method,
      offline,
      localResult,
    };
  }

  return {
    async info(device: CheckInDevice): Promise<DeviceInfo> {
      const info = await loadDeviceInfo(db, device.id);
      if (!info) throw new NotFoundError('Device');
      return info;
    },

    /** The roster as sent: JSON text, compressed as the device accepts. */
    async roster(device: CheckInDevice, query: { listId: number; since?: string }, acceptEncoding: string | undefined) {
      assertOwnList(device, query.listId);
      const json = await rosterJson(db, device.eventId, query.listId, rosterStart(query.since, new Date()));
      return compressJson(json, acceptEncoding);
    },

    /** One scan, by the device holding the token: its lookup checks the token and the list. */
    redeem(deviceTokenHash: string, body: RedeemBody): Promise<RedeemResult> {
      return applyScan(db, { tokenHash: deviceTokenHash }, toScan(body, false, null));
    },

    /**
     * Queued scans, each applied alone: one that fails to apply does not lose the others already
     * applied. Scans of one code are applied in the order made (an entry before its exit); scans
     * of different codes a few at a time. Every list is checked before any scan is applied.
     */
    async sync(device: CheckInDevice, body: SyncBody): Promise<{ results: (RedeemResult & { nonce: string })[] }> {
      for (const scan of body.scans) {
        assertOwnList(device, scan.listId);
        assertMayCheckInBy(scan.method, device.role);
      }
      const scans = body.scans.map((scan) => toScan(scan, true, scan.localResult ?? null));
      const results: (RedeemResult & { nonce: string })[] = new Array(scans.length);
      const byCode = new Map<string, number[]>();
      scans.forEach((scan, index) => {
        const chain = byCode.get(scan.code);
        if (chain) chain.push(index);
        else byCode.set(scan.code, [index]);
      });
      const chains = [...byCode.values()];
      const worker = async () => {
        for (let chain = chains.shift(); chain; chain = chains.shift()) {
          for (const index of chain) results[index] = { ...(await applyScan(db, device, scans[index]!)), nonce: scans[index]!.nonce };
        }
      };
      await Promise.all(Array.from({ length: SYNC_PARALLEL_CHAINS }, worker));
      return { results };
    },

    undo(device: CheckInDevice, body: { checkInId: number; reason: string }) {
      return undoScan(db, body.checkInId, { eventId: device.eventId, listIds: device.listIds }, { deviceId: device.id }, body.reason);
    },

    /** The list's last scans: all devices' for a supervisor, a steward's own. */
    async recent(device: CheckInDevice, listId: number): Promise<CheckInLogEntry[]> {
      assertOwnList(device, listId);
      const own = device.role === 'supervisor' ? undefined : eq(checkIns.deviceId, device.id);
      return logPage(db, and(eq(checkIns.listId, listId), own)!, RECENT_SCANS, 0);
    },

    conflicts(device: CheckInDevice): Promise<CheckInLogEntry[]> {
      return logPage(
        db,
        and(
          eq(checkIns.eventId, device.eventId),
          eq(checkIns.conflict, true),
          isNull(checkIns.conflictResolvedAt),
          inArray(checkIns.listId, device.listIds),
        )!,
        OPEN_CONFLICTS,
        0,
      );
    },

    async resolve(device: CheckInDevice, id: number): Promise<CheckInLogEntry> {
      await resolveConflict(db, id, { eventId: device.eventId, listIds: device.listIds });
      return findLogEntry(db, id);
    },

    walkInOptions: (device: CheckInDevice) => walkIns.options(device),
    walkIn: (device: CheckInDevice, body: WalkInBody, client: Client) => walkIns.register(device, body, client),

    /** The badge as printed, for a walk-in or a lost badge; 404 when the event has no layout. */
    async badgePdf(device: CheckInDevice, badgeId: number): Promise<{ fileName: string; content: Readable }> {
      const row = await findFace(db, badgeId, sql`badges.event_id = ${device.eventId} and badges.status = 'active'`);
      if (!row || !(await eventHasLayout(db, device.eventId))) throw new NotFoundError('Badge');
      return { fileName: `badge-${row.code}.pdf`, content: await singleBadgePdf(db, files, row) };
    },
  };
}

export type CheckInDeviceService = ReturnType<typeof createCheckInDeviceService>;
