import { DEVICE_TOKEN_PREFIX, type CheckInRule, type DeviceRole } from '@portal/shared/check-in';
import { randomBytes } from 'node:crypto';
import { checkInDeviceLists, checkInDevices, checkInLists } from '../../db/schema/check-in';
import type { TestApp, TestUser } from '../../test/harness';
import { secretHash } from './pairing';

/** A check-in list written straight to the database (the organiser's screens make them in the app). */
export async function createCheckInList(
  t: TestApp,
  eventId: number,
  list: { name?: string; rules?: CheckInRule[]; categoryIds?: number[]; scansExits?: boolean; allowsReentry?: boolean } = {},
): Promise<number> {
  const [row] = await t.db
    .insert(checkInLists)
    .values({
      eventId,
      name: list.name ?? `Entrance ${randomBytes(3).toString('hex')}`,
      rules: list.rules ?? [
        { badgeType: 'exhibitor', windows: [] },
        { badgeType: 'visitor', windows: [] },
        { badgeType: 'vip', windows: [] },
      ],
      categoryIds: list.categoryIds ?? [],
      scansExits: list.scansExits ?? false,
      allowsReentry: list.allowsReentry ?? false,
    })
    .returning({ id: checkInLists.id });
  return row!.id;
}

export type TestDevice = TestUser & { eventId: number };

/**
 * A device already paired: its token made and stored hashed as pairing would. Sent with
 * `t.request(device, …)` like a user, since both go as a bearer token.
 */
export async function pairTestDevice(
  t: TestApp,
  device: { eventId: number; listIds: number[]; role?: DeviceRole; name?: string; createdBy?: number | null },
): Promise<TestDevice> {
  const token = `${DEVICE_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const [row] = await t.db
    .insert(checkInDevices)
    .values({
      eventId: device.eventId,
      name: device.name ?? `Door ${randomBytes(3).toString('hex')}`,
      role: device.role ?? 'steward',
      tokenHash: secretHash(token),
      pairedAt: new Date(),
      createdByAdminId: device.createdBy ?? null,
    })
    .returning({ id: checkInDevices.id });
  if (device.listIds.length > 0) {
    await t.db.insert(checkInDeviceLists).values(device.listIds.map((listId) => ({ deviceId: row!.id, listId })));
  }
  return { id: row!.id, email: '', token, eventId: device.eventId };
}
