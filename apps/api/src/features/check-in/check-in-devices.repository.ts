import { PAIRING_CODE_TTL_MINUTES, type DeviceBody } from '@portal/shared/check-in';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { checkInDeviceLists, checkInDevices, checkInLists } from '../../db/schema/check-in';
import { events } from '../../db/schema/events';

const listIdsColumn = sql<
  number[]
>`coalesce((select array_agg(dl.list_id order by dl.list_id) from ${checkInDeviceLists} dl where dl.device_id = ${checkInDevices.id}), '{}'::integer[])`;

const deviceColumns = {
  id: checkInDevices.id,
  eventId: checkInDevices.eventId,
  name: checkInDevices.name,
  role: checkInDevices.role,
  tokenHash: checkInDevices.tokenHash,
  pairedAt: checkInDevices.pairedAt,
  lastSeenAt: checkInDevices.lastSeenAt,
  revokedAt: checkInDevices.revokedAt,
  createdAt: checkInDevices.createdAt,
  listIds: listIdsColumn,
};

export type DeviceRow = {
  id: number;
  eventId: number;
  name: string;
  role: 'steward' | 'supervisor';
  tokenHash: string | null;
  pairedAt: Date | null;
  lastSeenAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
  listIds: number[];
};

export async function listDevices(db: Database, eventId: number): Promise<DeviceRow[]> {
  const rows = await db
    .select(deviceColumns)
    .from(checkInDevices)
    .where(eq(checkInDevices.eventId, eventId))
    .orderBy(asc(checkInDevices.id));
  return rows;
}

export async function findDevice(db: Database, id: number): Promise<DeviceRow | undefined> {
  const [row] = await db.select(deviceColumns).from(checkInDevices).where(eq(checkInDevices.id, id));
  return row;
}

export async function lockDevice(tx: Database, id: number): Promise<DeviceRow | undefined> {
  const [row] = await tx
    .select(deviceColumns)
    .from(checkInDevices)
    .where(eq(checkInDevices.id, id))
    .for('update', { of: checkInDevices });
  return row;
}

export async function insertDevice(tx: Database, eventId: number, body: DeviceBody, adminId: number): Promise<number> {
  const [row] = await tx
    .insert(checkInDevices)
    .values({ eventId, name: body.name, role: body.role, createdByAdminId: adminId })
    .returning({ id: checkInDevices.id });
  return row!.id;
}

export async function updateDevice(tx: Database, id: number, body: DeviceBody): Promise<void> {
  await tx
    .update(checkInDevices)
    .set({ name: body.name, role: body.role, updatedAt: sql`now()` })
    .where(eq(checkInDevices.id, id));
}

export async function replaceDeviceLists(tx: Database, deviceId: number, listIds: number[]): Promise<void> {
  await tx.delete(checkInDeviceLists).where(eq(checkInDeviceLists.deviceId, deviceId));
  await tx.insert(checkInDeviceLists).values([...new Set(listIds)].map((listId) => ({ deviceId, listId })));
}

/** Gives the device a new pairing code (replacing an unused one); its token stays until the code is used. */
export async function setPairingCode(tx: Database, id: number, codeHash: string): Promise<Date> {
  const [row] = await tx
    .update(checkInDevices)
    .set({
      pairingCodeHash: codeHash,
      pairingExpiresAt: sql`now() + make_interval(mins => ${PAIRING_CODE_TTL_MINUTES})`,
      updatedAt: sql`now()`,
    })
    .where(eq(checkInDevices.id, id))
    .returning({ expiresAt: checkInDevices.pairingExpiresAt });
  return row!.expiresAt!;
}

/** Stops the device's token and any code at once; the first revocation's time is kept. */
export async function revokeDevice(tx: Database, id: number): Promise<void> {
  await tx
    .update(checkInDevices)
    .set({
      tokenHash: null,
      pairingCodeHash: null,
      pairingExpiresAt: null,
      revokedAt: sql`coalesce(${checkInDevices.revokedAt}, now())`,
      updatedAt: sql`now()`,
    })
    .where(eq(checkInDevices.id, id));
}

/**
 * Uses a pairing code: in one statement, so that a code pairs one device once however many try it
 * at the same moment. The new token replaces the device's old one.
 */
export async function pairDevice(
  db: Database,
  codeHash: string,
  tokenHash: string,
): Promise<{ id: number; eventId: number } | undefined> {
  const [row] = await db
    .update(checkInDevices)
    .set({
      tokenHash,
      pairingCodeHash: null,
      pairingExpiresAt: null,
      pairedAt: sql`now()`,
      lastSeenAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(checkInDevices.pairingCodeHash, codeHash),
        gt(checkInDevices.pairingExpiresAt, sql`now()`),
        isNull(checkInDevices.revokedAt),
      ),
    )
    .returning({ id: checkInDevices.id, eventId: checkInDevices.eventId });
  return row;
}

/** Of the given ids, those of the event's check-in lists. */
export async function listIdsOfEvent(db: Database, eventId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: checkInLists.id })
    .from(checkInLists)
    .where(and(eq(checkInLists.eventId, eventId), inArray(checkInLists.id, ids)));
  return new Set(rows.map((row) => row.id));
}

/** The device's event and lists, as a paired device is told them. */
export async function deviceEventAndLists(db: Database, deviceId: number) {
  const [device] = await db
    .select({
      id: checkInDevices.id,
      name: checkInDevices.name,
      role: checkInDevices.role,
      event: { id: events.id, name: events.name, timezone: events.timezone },
    })
    .from(checkInDevices)
    .innerJoin(events, eq(events.id, checkInDevices.eventId))
    .where(eq(checkInDevices.id, deviceId));
  if (!device) return undefined;
  const lists = await db
    .select({ list: checkInLists })
    .from(checkInDeviceLists)
    .innerJoin(checkInLists, eq(checkInLists.id, checkInDeviceLists.listId))
    .where(eq(checkInDeviceLists.deviceId, deviceId))
    .orderBy(asc(checkInLists.name), asc(checkInLists.id));
  return { ...device, lists: lists.map((row) => row.list) };
}
