import type { Device, DeviceRole } from '@portal/shared/check-in';

export const DEVICE_ROLE_LABELS: Readonly<Record<DeviceRole, string>> = {
  steward: 'Steward',
  supervisor: 'Supervisor',
};

export const DEVICE_ROLE_DESCRIPTIONS: Readonly<Record<DeviceRole, string>> = {
  steward: 'Scans badges at the door.',
  supervisor: 'Also finds people by name, undoes scans, sees conflicts and registers walk-ins.',
};

export const DEVICE_STATUS_LABELS: Readonly<Record<Device['status'], string>> = {
  waiting: 'Waiting to pair',
  paired: 'Paired',
  revoked: 'Revoked',
};

/** A pairing code as people read it aloud and type it: `ABCD-EFGH`. */
export function formatPairingCode(code: string): string {
  const plain = code.replace(/[\s-]/g, '').toUpperCase();
  return plain.length === 8 ? `${plain.slice(0, 4)}-${plain.slice(4)}` : plain;
}
