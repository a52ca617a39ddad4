import { emailSchema } from '@portal/shared/common';
import { SYSTEM_ROLE_NAMES } from '@portal/shared/roles';
import type { Database } from '../../db/client';
import { holdInvitations } from '../auth/pending-invitations';
import { mapColumns, RowReader, TEXT_CELLS, type ColumnSpec } from './columns';
import * as repo from './bulk-imports.repository';
import { ADDRESS_UNAVAILABLE, DuplicateGuard, planned, sameSnapshot, type ImportPlan, type PlannedRow } from './plan';
import type { Sheet } from './sheet';

export const SUB_ACCOUNT_COLUMNS: ColumnSpec[] = [
  { key: 'firstName', header: 'First name', required: true, note: 'Required. Up to 100 characters.', example: 'Grace' },
  { key: 'lastName', header: 'Last name', required: true, note: 'Required. Up to 100 characters.', example: 'Hopper' },
  {
    key: 'email',
    header: 'Email',
    aliases: ['email address', 'e-mail'],
    required: true,
    note: 'Required. The address the sub-account signs in with; an invitation to choose a password goes there. A later file with the same email updates the name.',
    example: 'grace@example.com',
  },
];

type Planned = { id: number | null; firstName: string; lastName: string; email: string };

/** Plans a sub-accounts file for one exhibitor: rows matched by email among its sub-accounts update, others create. */
export async function planSubAccounts(
  db: Database,
  sheet: Sheet,
  target: {
    exhibitorId: number;
    eventId: number;
    companyId: number | null;
  },
): Promise<ImportPlan> {
  const { indexOf, warnings } = mapColumns(sheet, SUB_ACCOUNT_COLUMNS);
  const parsed = sheet.rows.map((row) => {
    const reader = new RowReader(sheet, indexOf, row);
    return {
      row: row.row,
      reader,
      email: reader.value('email', emailSchema, { required: true }),
      firstName: reader.value('firstName', TEXT_CELLS.name),
      lastName: reader.value('lastName', TEXT_CELLS.name),
    };
  });
  const emailsOfFile = parsed.flatMap((row) => (row.email ? [row.email] : []));
  const accounts = await repo.findAccountsByEmail(db, emailsOfFile);
  const emails = new DuplicateGuard();
  const rows: PlannedRow<Planned>[] = parsed.map(({ row, reader, email, firstName, lastName }) => {
    const duplicate = emails.check(email, row);
    if (duplicate) reader.error('email', duplicate);
    const owner = email ? accounts.get(email) : undefined;
    const before = owner?.exhibitorId === target.exhibitorId ? owner : undefined;
    if (owner && !before) reader.error('email', ADDRESS_UNAVAILABLE.account);
    if (!before) {
      if (firstName === undefined && !reader.hasError('firstName'))
        reader.error('firstName', 'Required for a new sub-account');
      if (lastName === undefined && !reader.hasError('lastName'))
        reader.error('lastName', 'Required for a new sub-account');
    }
    const next = {
      id: before?.id ?? null,
      firstName: firstName ?? before?.firstName ?? '',
      lastName: lastName ?? before?.lastName ?? '',
      email: email ?? '',
    };
    const action = !before
      ? 'create'
      : next.firstName === before.firstName && next.lastName === before.lastName
        ? 'unchanged'
        : 'update';
    return planned(row, reader.errors, () => reader.values(), action, next);
  });

  return {
    rows: rows.map((row) => row.report),
    warnings: [...sheet.warnings, ...warnings],
    capacity: null,
    async holds(tx) {
      return sameSnapshot(snapshotOf(accounts), snapshotOf(await repo.findAccountsByEmail(tx, emailsOfFile)));
    },
    async prepare(db) {
      const records = (action: string) => rows.flatMap((row) => (row.report.action === action ? [row.record!] : []));
      const creates = records('create');
      const ids = await repo.reserveIds(db, 'admins', creates.length);
      const created = creates.map((record, i) => ({ ...record, id: ids[i]! }));
      return async (tx) => {
        await repo.insertSubAccounts(tx, created, { ...target, roleName: SYSTEM_ROLE_NAMES.subAccount });
        await repo.updateAccountNames(
          tx,
          records('update').map((record) => ({ ...record, id: record.id! })),
        );
        // Each new account is owed its invitation to choose a password, recorded with the account.
        await holdInvitations(tx, created.map((row) => ({ adminId: row.id, exhibitorId: target.exhibitorId })));
      };
    },
  };
}

const snapshotOf = (accounts: Awaited<ReturnType<typeof repo.findAccountsByEmail>>) =>
  [...accounts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
