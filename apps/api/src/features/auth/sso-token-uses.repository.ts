import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ssoTokenUses } from '../../db/schema/auth';

/**
 * Marks a single sign-on token as used; false when it was used before. The primary key decides,
 * so two replicas given the same token at once let exactly one of them through.
 */
export async function markSsoTokenUsed(db: Database, useKey: string, expiresAt: Date): Promise<boolean> {
  await db.delete(ssoTokenUses).where(sql`${ssoTokenUses.expiresAt} < now()`);
  const inserted = await db
    .insert(ssoTokenUses)
    .values({ key: useKey, expiresAt })
    .onConflictDoNothing()
    .returning({ key: ssoTokenUses.key });
  return inserted.length === 1;
}
