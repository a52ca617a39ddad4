import { and, eq, isNull, sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../db/client';
import { oneTimeTokens } from '../../db/schema/auth';

type Purpose = (typeof oneTimeTokens.$inferInsert)['purpose'];

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A fresh single-use token; only its hash is stored. */
export async function createOneTimeToken(db: Database, adminId: number, purpose: Purpose, ttlHours: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(oneTimeTokens).values({
    adminId,
    purpose,
    tokenHash: hash(token),
    expiresAt: new Date(Date.now() + ttlHours * 3_600_000),
  });
  return token;
}

/** Uses a token up and answers whose it was; null when unknown, used or expired. */
export async function consumeOneTimeToken(db: Database, token: string, purpose: Purpose): Promise<number | null> {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hash(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        sql`${oneTimeTokens.expiresAt} > now()`,
      ),
    )
    .returning({ adminId: oneTimeTokens.adminId });
  return row?.adminId ?? null;
}

/** Uses up every open token of the purpose, so only the newest link sent works. */
export async function expireOneTimeTokens(db: Database, adminId: number, purpose: Purpose): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(oneTimeTokens.adminId, adminId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
}
