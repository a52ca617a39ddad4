import { emailSchema } from '@portal/shared/common';
import { exhibitorProfileFields } from '@portal/shared/exhibitors';
import { SYSTEM_ROLE_NAMES } from '@portal/shared/roles';
import type { Database } from '../../db/client';
import { mapInSlices } from '../../lib/slices';
import { holdInvitations } from '../auth/pending-invitations';
import { mapColumns, RowReader, TEXT_CELLS, type ColumnSpec } from './columns';
import * as repo from './bulk-imports.repository';
import { ADDRESS_UNAVAILABLE, DuplicateGuard, planned, sameSnapshot, type ImportPlan, type PlannedRow } from './plan';
import type { Sheet } from './sheet';

export const EXHIBITOR_COLUMNS: ColumnSpec[] = [
  {
    key: 'externalId',
    header: 'External ID',
    aliases: ['external id', 'id'],
    required: false,
    note: 'Optional. Your own id for the exhibitor: a later file with the same id updates it. Without one, the exhibitor with the same email is updated.',
    example: 'EXH-001',
  },
  {
    key: 'companyName',
    header: 'Company',
    aliases: ['company name'],
    required: true,
    note: 'Required for a new exhibitor. Up to 200 characters.',
    example: 'Aurora Robotics',
  },
  {
    key: 'firstName',
    header: 'First name',
    required: true,
    note: 'Required. The contact person, up to 100 characters.',
    example: 'Ada',
  },
  {
    key: 'lastName',
    header: 'Last name',
    required: true,
    note: 'Required. Up to 100 characters.',
    example: 'Lovelace',
  },
  {
    key: 'email',
    header: 'Email',
    aliases: ['email address', 'e-mail'],
    required: true,
    note: 'Required. The address the exhibitor signs in with; an invitation to choose a password goes there.',
    example: 'ada@aurora-robotics.example',
  },
  {
    key: 'phone',
    header: 'Phone',
    required: false,
    note: 'Optional. Digits, spaces and + ( ) . / -, such as +44 20 7946 0000.',
    example: '+44 20 7946 0000',
  },
  { key: 'booth', header: 'Booth', required: false, note: 'Optional. Up to 40 characters.', example: 'B12' },
  { key: 'hall', header: 'Hall', required: false, note: 'Optional. Up to 40 characters.', example: 'Hall 3' },
  {
    key: 'website',
    header: 'Website',
    required: false,
    note: 'Optional. Starting with http:// or https://.',
    example: 'https://aurora-robotics.example',
  },
  {
    key: 'profile',
    header: 'Profile',
    required: false,
    note: 'Optional. A public description, up to 5,000 characters.',
    example: 'Service robots for warehouses.',
  },
];

type Values = Omit<repo.ExhibitorValues, 'id' | 'companyId'>;
type Planned = { id: number | null; companyId: number | null; values: Values; before?: repo.StoredExhibitor };

const PROFILE_KEYS = ['phone', 'booth', 'hall', 'website', 'profile'] as const;
const REQUIRED_TO_CREATE: string[] = ['companyName', 'firstName', 'lastName'];

/**
 * Plans an exhibitors file for one event. A row is matched by its External ID among the event's
 * exhibitors, else by its email; matched rows update (with `update_exhibitor`), others create.
 */
export async function planExhibitors(
  db: Database,
  sheet: Sheet,
  target: { eventId: number; canUpdate: boolean },
): Promise<ImportPlan> {
  const { indexOf, warnings } = mapColumns(sheet, EXHIBITOR_COLUMNS);
  const parsed = await mapInSlices(sheet.rows, (row) => {
    const reader = new RowReader(sheet, indexOf, row);
    const externalId = reader.value('externalId', TEXT_CELLS.externalId);
    const email = reader.value('email', emailSchema, { required: true });
    const fields = {
      companyName: reader.value('companyName', TEXT_CELLS.companyName),
      firstName: reader.value('firstName', TEXT_CELLS.name),
      lastName: reader.value('lastName', TEXT_CELLS.name),
      ...Object.fromEntries(
        PROFILE_KEYS.map((key) => [
          key,
          reader.value(key, key === 'profile' ? TEXT_CELLS.profile : exhibitorProfileFields[key], {
            clearable: true,
          }),
        ]),
      ),
    } as { [K in keyof Values]?: Values[K] | null };
    return { row: row.row, reader, externalId: externalId ?? null, email, fields };
  });

  const keys = {
    emails: parsed.flatMap((row) => (row.email ? [row.email] : [])),
    externalIds: parsed.flatMap((row) => (row.externalId ? [row.externalId] : [])),
  };
  const stored = await repo.findExhibitorsByKeys(db, target.eventId, keys);
  const emails = new DuplicateGuard();
  const externalIds = new DuplicateGuard();
  const rows: PlannedRow<Planned>[] = await mapInSlices(parsed, ({ row, reader, externalId, email, fields }) => {
    const duplicateEmail = emails.check(email, row);
    if (duplicateEmail) reader.error('email', duplicateEmail);
    const duplicateId = externalIds.check(externalId, row);
    if (duplicateId) reader.error('externalId', duplicateId);

    const byId = externalId ? stored.exhibitors.find((exhibitor) => exhibitor.externalId === externalId) : undefined;
    const owner = email ? stored.accounts.get(email) : undefined;
    let before = byId;
    if (!before && owner?.exhibitor) before = owner.exhibitor;
    if (email && owner && owner.id !== before?.id) {
      // The event's exhibitors are the organiser's to see; any other account is not.
      reader.error('email', owner.exhibitor ? 'Another exhibitor of this event has this email' : ADDRESS_UNAVAILABLE.account);
    }
    if (before && externalId && before.externalId && before.externalId !== externalId) {
      reader.error('externalId', `This email belongs to the exhibitor with External ID ${before.externalId}`);
    }
    if (before && !target.canUpdate)
      reader.error(null, 'This exhibitor exists; updating it needs the permission to update exhibitors');

    const merged = {} as Values;
    for (const key of ['companyName', 'firstName', 'lastName', ...PROFILE_KEYS] as const) {
      const value = fields[key];
      (merged as { [k: string]: unknown })[key] = value === undefined ? (before?.[key] ?? null) : value;
      if (!before && REQUIRED_TO_CREATE.includes(key) && value === undefined && !reader.hasError(key))
        reader.error(key, 'Required for a new exhibitor');
    }
    merged.email = email ?? before?.email ?? '';
    merged.externalId = externalId ?? before?.externalId ?? null;
    const action = !before ? 'create' : repo.sameExhibitor(before, merged) ? 'unchanged' : 'update';
    return planned(row, reader.errors, () => reader.values(), action, {
      id: before?.id ?? null,
      companyId: before?.companyId ?? null,
      values: merged,
      before,
    });
  });

  return {
    rows: rows.map((row) => row.report),
    warnings: [...sheet.warnings, ...warnings],
    capacity: null,
    async holds(tx) {
      return sameSnapshot(snapshotOf(stored), snapshotOf(await repo.findExhibitorsByKeys(tx, target.eventId, keys)));
    },
    async prepare(db) {
      const creates = rows.flatMap((row) => (row.report.action === 'create' ? [row.record!] : []));
      const updates = rows.flatMap((row) => (row.report.action === 'update' ? [row.record!] : []));
      const companyIds = await repo.reserveIds(db, 'companies', creates.length);
      const adminIds = await repo.reserveIds(db, 'admins', creates.length);
      const created = creates.map((record, i) => ({ ...record.values, id: adminIds[i]!, companyId: companyIds[i]! }));
      return async (tx) => {
        await repo.insertExhibitors(tx, target.eventId, created, SYSTEM_ROLE_NAMES.exhibitor);
        await repo.updateExhibitors(
          tx,
          updates.map((record) => ({ ...record.values, id: record.id!, companyId: record.companyId })),
        );
        // Each new account is owed its invitation to choose a password, recorded with the account.
        await holdInvitations(tx, created.map((row) => ({ adminId: row.id, exhibitorId: row.id })));
      };
    },
  };
}

/** What an exhibitors file was planned against, in a fixed order. */
const snapshotOf = (stored: Awaited<ReturnType<typeof repo.findExhibitorsByKeys>>) => ({
  exhibitors: [...stored.exhibitors].sort((a, b) => a.id - b.id),
  accounts: [...stored.accounts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
});
