import { REFRESH_TOKEN_TTL_DAYS } from '@portal/shared/auth';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '../../db/client';
import { refreshTokens } from '../../db/schema/auth';

export type StoredRefreshToken = typeof refreshTokens.$inferSelect;

export async function insertRefreshToken(
  db: Database,
  values: { adminId: number; familyId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values(values);
}

/**
 * Opens a session whose refresh token nobody holds, for callers that sign access tokens
 * themselves (the test harness, the benchmark); answers the session id to sign them with.
 */
export async function openDetachedSession(db: Database, adminId: number): Promise<string> {
  const familyId = randomUUID();
  await insertRefreshToken(db, {
    adminId,
    familyId,
    tokenHash: randomBytes(32).toString('hex'),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_DAYS * 86_400_000),
  });
  return familyId;
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
