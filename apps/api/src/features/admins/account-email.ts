import type { Database } from '../../db/client';
import { ConflictError, withUniqueConflict } from '../../lib/errors';
import { emailTaken } from './admins.repository';

/** The answer of every account form (admins, exhibitors, sub-accounts) to an email already in use. */
export const emailTakenConflict = () => new ConflictError('An account with this email already exists', 'email');

/** Refuses an email another account uses, before the costly work of a write. */
export async function assertEmailFree(db: Database, email: string, exceptId?: number): Promise<void> {
  if (await emailTaken(db, email, exceptId)) throw emailTakenConflict();
}

/** Runs an account write; the unique index catches the race the check above cannot, with the same 409. */
export function withEmailConflict<T>(write: () => Promise<T>): Promise<T> {
  return withUniqueConflict(write, emailTakenConflict);
}
