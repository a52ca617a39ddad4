import type { Device, DeviceBody, DeviceInfo, PairResponse, Pairing } from '@portal/shared/check-in';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import type { AttemptLimiter } from '../../lib/attempt-limiter';
import { AppError, ConflictError, NotFoundError, TooManyRequestsError, ValidationError } from '../../lib/errors';
import { recordAudit } from '../audit/audit.repository';
import { mayReachEvent, organisedEvent } from './organiser-scope';
import * as repo from './check-in-devices.repository';
import { toCheckInList } from './check-in-lists.service';
import { formatPairingCode, newDeviceToken, newPairingCode, pairingUrl, secretHash } from './pairing';

export function toDevice(row: repo.DeviceRow): Device {
  return {
    id: row.id,
    eventId: row.eventId,
    name: row.name,
    role: row.role,
    listIds: row.listIds,
    status: row.revokedAt ? 'revoked' : row.tokenHash ? 'paired' : 'waiting',
    pairedAt: row.pairedAt?.toISOString() ?? null,
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The one answer to a code that pairs nothing, whether it never existed, expired or was used. */
export class PairingCodeInvalidError extends AppError {
  constructor() {
    super(404, 'Not Found', 'This pairing code is not valid. Ask for a new one.');
  }
}

/** The device as it learns about itself: its event and the lists it scans for. */
export async function loadDeviceInfo(db: Database, deviceId: number): Promise<DeviceInfo | undefined> {
  const found = await repo.deviceEventAndLists(db, deviceId);
  return found && { ...found, lists: found.lists.map(toCheckInList) };
}

type Deps = { db: Database; publicUrl: string; limiter: AttemptLimiter; maxPerAddress: number };

/** The devices at the door, their pairing and revocation (docs/check-in.md, "Devices and pairing"). */
export function createCheckInDevicesService({ db, publicUrl, limiter, maxPerAddress }: Deps) {
  async function organisedDevice(actor: Actor, id: number) {
    const row = await repo.findDevice(db, id);
    if (!row || !mayReachEvent(actor, row.eventId)) throw new NotFoundError('Device');
    await organisedEvent(db, actor, row.eventId);
    return row;
  }

  async function checkLists(eventId: number, listIds: number[]) {
    const known = await repo.listIdsOfEvent(db, eventId, listIds);
    const details = listIds.flatMap((id, index) =>
      known.has(id) ? [] : [{ field: `listIds.${index}`, message: 'Not a check-in list of this event' }],
    );
    if (details.length > 0) throw new ValidationError(details[0]!.message, details);
  }

  /** A new code for the device, in the caller's transaction; only its hash is stored. */
  async function issueCode(tx: Database, deviceId: number) {
    const code = newPairingCode();
    const expiresAt = await repo.setPairingCode(tx, deviceId, secretHash(code));
    return { code: formatPairingCode(code), url: pairingUrl(publicUrl, code), expiresAt: expiresAt.toISOString() };
  }

  return {
    async list(actor: Actor, eventId: number): Promise<Device[]> {
      await organisedEvent(db, actor, eventId);
      return (await repo.listDevices(db, eventId)).map(toDevice);
    },

    /** Adds a device and shows its first pairing code, once. */
    async create(actor: Actor, eventId: number, body: DeviceBody): Promise<Pairing> {
      await organisedEvent(db, actor, eventId);
      await checkLists(eventId, body.listIds);
      return db.transaction(async (tx) => {
        const id = await repo.insertDevice(tx, eventId, body, actor.principal.id);
        await repo.replaceDeviceLists(tx, id, body.listIds);
        const pairing = await issueCode(tx, id);
        const device = toDevice((await repo.findDevice(tx, id))!);
        await recordAudit(tx, actor, {
          action: 'create_check_in_device',
          entityType: 'check_in_device',
          entityId: id,
          eventId,
          after: device,
        });
        return { device, ...pairing };
      });
    },

    /** Name, role and lists; a paired device sees them at its next refresh, without pairing again. */
    async update(actor: Actor, id: number, body: DeviceBody): Promise<Device> {
      const found = await organisedDevice(actor, id);
      await checkLists(found.eventId, body.listIds);
      return db.transaction(async (tx) => {
        const before = await repo.lockDevice(tx, id);
        if (!before) throw new NotFoundError('Device');
        await repo.updateDevice(tx, id, body);
        await repo.replaceDeviceLists(tx, id, body.listIds);
        const after = toDevice((await repo.findDevice(tx, id))!);
        await recordAudit(tx, actor, {
          action: 'update_check_in_device',
          entityType: 'check_in_device',
          entityId: id,
          eventId: before.eventId,
          before: toDevice(before),
          after,
        });
        return after;
      });
    },

    /** A new code, e.g. for a replaced phone: the old token works until the code is used, then stops. */
    async newPairingCode(actor: Actor, id: number): Promise<Pairing> {
      await organisedDevice(actor, id);
      return db.transaction(async (tx) => {
        const before = await repo.lockDevice(tx, id);
        if (!before) throw new NotFoundError('Device');
        if (before.revokedAt) throw new ConflictError('This device is revoked. Add a new device instead.');
        const pairing = await issueCode(tx, id);
        await recordAudit(tx, actor, {
          action: 'new_check_in_pairing_code',
          entityType: 'check_in_device',
          entityId: id,
          eventId: before.eventId,
        });
        return { device: toDevice(before), ...pairing };
      });
    },

    /** Stops the device at once (a lost phone); its scans stay in the log. */
    async revoke(actor: Actor, id: number): Promise<Device> {
      await organisedDevice(actor, id);
      return db.transaction(async (tx) => {
        const before = await repo.lockDevice(tx, id);
        if (!before) throw new NotFoundError('Device');
        await repo.revokeDevice(tx, id);
        const after = toDevice((await repo.findDevice(tx, id))!);
        await recordAudit(tx, actor, {
          action: 'revoke_check_in_device',
          entityType: 'check_in_device',
          entityId: id,
          eventId: before.eventId,
          before: toDevice(before),
          after,
        });
        return after;
      });
    },

    /**
     * A device trades a pairing code for its token. Attempts are counted per address as sign-ins
     * are, so that codes cannot be guessed in bulk; a wrong, expired or used code get one answer.
     */
    async pair(code: string, ip: string): Promise<PairResponse> {
      const { count, retryAfterSeconds } = await limiter.hit(`check-in-pair:${ip}`);
      if (count > maxPerAddress)
        throw new TooManyRequestsError(
          'Too many pairing attempts from this address. Try again later.',
          retryAfterSeconds,
        );
      const token = newDeviceToken();
      const deviceId = await db.transaction(async (tx) => {
        const paired = await repo.pairDevice(tx, secretHash(code), secretHash(token));
        if (paired)
          await recordAudit(tx, null, {
            action: 'pair_check_in_device',
            entityType: 'check_in_device',
            entityId: paired.id,
            eventId: paired.eventId,
          });
        return paired?.id;
      });
      const device = deviceId === undefined ? undefined : await loadDeviceInfo(db, deviceId);
      if (!device) throw new PairingCodeInvalidError();
      return { token, device };
    },
  };
}

export type CheckInDevicesService = ReturnType<typeof createCheckInDevicesService>;
