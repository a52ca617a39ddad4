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
