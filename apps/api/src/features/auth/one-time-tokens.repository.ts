import { and, eq, isNull, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client';
import { oneTimeTokens } from '../../db/schema/auth';
import { sha256Hex } from '../../lib/sha256';

type Purpose = (typeof oneTimeTokens.$inferInsert)['purpose'];

/** A fresh single-use token and the row that stores its hash, for `insertOneTimeTokens`. */
export function newOneTimeToken(adminId: number, purpose: Purpose, ttlHours: number) {
  const token = randomBytes(32).toString('base64url');
  const row = { adminId, purpose, tokenHash: sha256Hex(token), expiresAt: new Date(Date.now() + ttlHours * 3_600_000) };
  return { token, row };
}

/** Stores many tokens' rows in a few statements, each batch one JSON parameter. */
export async function insertOneTimeTokens(db: Database, rows: readonly ReturnType<typeof newOneTimeToken>['row'][]): Promise<void> {
  for (let start = 0; start < rows.length; start += 5000) {
    await db.execute(sql`insert into one_time_tokens (admin_id, purpose, token_hash, expires_at)
      select v."adminId", v.purpose, v."tokenHash", v."expiresAt"
        from jsonb_to_recordset(${JSON.stringify(rows.slice(start, start + 5000))}::jsonb)
          as v("adminId" int, purpose text, "tokenHash" text, "expiresAt" timestamptz)`);
  }
}

/** A fresh single-use token; only its hash is stored. */
export async function createOneTimeToken(db: Database, adminId: number, purpose: Purpose, ttlHours: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(oneTimeTokens).values({
    adminId,
    purpose,
    tokenHash: sha256Hex(token),
    expiresAt: new Date(Date.now() + ttlHours * 3_600_000),
  });
  return token;
}

/** The token's row while it still works: of this purpose, not used, not expired. */
const isOpen = (token: string, purpose: Purpose) =>
  and(
    eq(oneTimeTokens.tokenHash, sha256Hex(token)),
    eq(oneTimeTokens.purpose, purpose),
    isNull(oneTimeTokens.usedAt),
    sql`${oneTimeTokens.expiresAt} > now()`,
  );

/** Whose a token is while it still works, without using it up; null when unknown, used or expired. */
export async function findOpenOneTimeToken(db: Database, token: string, purpose: Purpose): Promise<number | null> {
  const [row] = await db
    .select({ adminId: oneTimeTokens.adminId })
    .from(oneTimeTokens)
    .where(isOpen(token, purpose));
  return row?.adminId ?? null;
}

/** Uses a token up and answers whose it was; null when unknown, used or expired. */
export async function consumeOneTimeToken(db: Database, token: string, purpose: Purpose): Promise<number | null> {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(isOpen(token, purpose))
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
