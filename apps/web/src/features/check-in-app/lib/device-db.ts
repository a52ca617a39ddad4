import type { CheckInResult, DeviceInfo, RedeemBody } from '@portal/shared/check-in';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { StoredRoster } from './roster';

/** A scan decided on the device, waiting for the server: kept until the server has answered it. */
export type QueuedScan = Omit<RedeemBody, 'direction' | 'method'> &
  Required<Pick<RedeemBody, 'direction' | 'method'>> & { localResult: CheckInResult };

/** What the device keeps across reloads and without network: its token, the rosters, the unsent scans. */
export type StoredDevice = { token: string; info: DeviceInfo; pairedAt: string };

interface DoorDb extends DBSchema {
  device: { key: 'current'; value: StoredDevice };
  rosters: { key: number; value: StoredRoster };
  queue: { key: string; value: QueuedScan };
}

let opening: Promise<IDBPDatabase<DoorDb>> | undefined;

function db(): Promise<IDBPDatabase<DoorDb>> {
  opening ??= openDB<DoorDb>('portal-check-in', 1, {
    upgrade(database) {
      database.createObjectStore('device');
      database.createObjectStore('rosters', { keyPath: 'listId' });
      database.createObjectStore('queue', { keyPath: 'nonce' });
    },
  });
  return opening;
}

export async function loadDevice(): Promise<StoredDevice | undefined> {
  return (await db()).get('device', 'current');
}

/** A new pairing: the token and lists of a device paired before go, and so do their rosters. */
export async function savePairedDevice(device: StoredDevice): Promise<void> {
  const tx = (await db()).transaction(['device', 'rosters'], 'readwrite');
  await Promise.all([tx.objectStore('rosters').clear(), tx.objectStore('device').put(device, 'current'), tx.done]);
}

export async function updateDeviceInfo(info: DeviceInfo): Promise<void> {
  const database = await db();
  const current = await database.get('device', 'current');
  if (current) await database.put('device', { ...current, info }, 'current');
}

/**
 * Forgets the token once the server refused it. Unsent scans stay: a device paired again sends
 * them under its new token, as scans of the same lists.
 */
export async function forgetToken(): Promise<void> {
  await (await db()).delete('device', 'current');
}

export async function loadRoster(listId: number): Promise<StoredRoster | undefined> {
  return (await db()).get('rosters', listId);
}

export async function saveRoster(roster: StoredRoster): Promise<void> {
  await (await db()).put('rosters', roster);
}

export async function queueScan(scan: QueuedScan): Promise<void> {
  await (await db()).put('queue', scan);
}

export async function queuedScans(): Promise<QueuedScan[]> {
  return (await db()).getAll('queue');
}

export async function removeQueued(nonces: readonly string[]): Promise<void> {
  const tx = (await db()).transaction('queue', 'readwrite');
  await Promise.all([...nonces.map((nonce) => tx.store.delete(nonce)), tx.done]);
}
