import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { refreshTokens } from '../../db/schema/auth';

export type StoredRefreshToken = typeof refreshTokens.$inferSelect;

export async function insertRefreshToken(
  db: Database,
  values: { adminId: number; familyId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values(values);
}

/** Locks the row, so two refreshes with one token are taken one after the other. */
export async function findRefreshTokenForUpdate(
  db: Database,
  tokenHash: string,
): Promise<StoredRefreshToken | undefined> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).for('update');
  return row;
}

export async function markRotated(db: Database, id: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ rotatedAt: sql`now()` })
    .where(eq(refreshTokens.id, id));
}

export async function revokeFamily(db: Database, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeAllForAdmin(db: Database, adminId: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.adminId, adminId), isNull(refreshTokens.revokedAt)));
}

export async function findFamilyOf(db: Database, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return row?.familyId;
}

/** Rows past their expiry serve no purpose, not even reuse detection. */
export async function deleteExpiredRefreshTokens(db: Database): Promise<void> {
  await db.delete(refreshTokens).where(sql`${refreshTokens.expiresAt} < now() - interval '1 day'`);
}
