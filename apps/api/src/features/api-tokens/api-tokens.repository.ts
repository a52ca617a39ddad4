import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { apiTokens } from '../../db/schema/api-tokens';

const tokenColumns = {
  id: apiTokens.id,
  adminId: apiTokens.adminId,
  name: apiTokens.name,
  tokenPrefix: apiTokens.tokenPrefix,
  permissions: apiTokens.permissions,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokens.lastUsedAt,
  revokedAt: apiTokens.revokedAt,
  createdAt: apiTokens.createdAt,
};

export type ApiTokenRow = {
  id: number;
  adminId: number;
  name: string;
  tokenPrefix: string;
  permissions: string[];
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
};

/** An account's own tokens, newest first; nobody lists another account's. */
export async function listOwnTokens(db: Database, adminId: number): Promise<ApiTokenRow[]> {
  return db.select(tokenColumns).from(apiTokens).where(eq(apiTokens.adminId, adminId)).orderBy(desc(apiTokens.id));
}

export async function findOwnToken(db: Database, adminId: number, id: number): Promise<ApiTokenRow | undefined> {
  const [row] = await db
    .select(tokenColumns)
    .from(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.adminId, adminId)));
  return row;
}

/** The account's tokens that are not revoked (expired ones included: they still show in its list). */
export async function countUnrevokedTokens(db: Database, adminId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiTokens)
    .where(and(eq(apiTokens.adminId, adminId), isNull(apiTokens.revokedAt)));
  return row?.n ?? 0;
}

export async function insertToken(
  db: Database,
  values: { adminId: number; name: string; tokenHash: string; tokenPrefix: string; permissions: string[]; expiresAt: Date | null },
): Promise<ApiTokenRow> {
  const [row] = await db.insert(apiTokens).values(values).returning(tokenColumns);
  return row!;
}

/** Revokes the token once; an already revoked one is left as it was. */
export async function revokeToken(db: Database, adminId: number, id: number): Promise<ApiTokenRow | undefined> {
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.adminId, adminId), isNull(apiTokens.revokedAt)))
    .returning(tokenColumns);
  return row;
}

/** How often a token's last_used_at is written at most: a program calling every second would otherwise write each time. */
const LAST_USED_INTERVAL_SECONDS = 60;

export type UsableToken = { id: number; adminId: number; permissions: string[]; stale: boolean };

/** The token with this hash when it is neither revoked nor expired, with whether its last use is over a minute old. */
export async function findUsableToken(db: Database, tokenHash: string): Promise<UsableToken | undefined> {
  const [row] = await db
    .select({
      id: apiTokens.id,
      adminId: apiTokens.adminId,
      permissions: apiTokens.permissions,
      stale: sql<boolean>`(${apiTokens.lastUsedAt} is null or ${apiTokens.lastUsedAt} < now() - make_interval(secs => ${sql.raw(String(LAST_USED_INTERVAL_SECONDS))}))`,
    })
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.tokenHash, tokenHash),
        isNull(apiTokens.revokedAt),
        sql`(${apiTokens.expiresAt} is null or ${apiTokens.expiresAt} > now())`,
      ),
    );
  return row;
}

export async function touchToken(db: Database, id: number): Promise<void> {
  await db.update(apiTokens).set({ lastUsedAt: sql`now()` }).where(eq(apiTokens.id, id));
}

/** Holds the account's row until the transaction ends, so that two creations at once count each other. */
export async function lockAccount(db: Database, adminId: number): Promise<void> {
  await db.execute(sql`select 1 from admins where id = ${adminId} for update`);
}
