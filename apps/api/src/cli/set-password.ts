import { emailSchema } from '@portal/shared/common';
import { passwordSchema } from '@portal/shared/passwords';
import { eq, sql } from 'drizzle-orm';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/open';
import { admins } from '../db/schema/admins';
import { DEMO_LOGINS } from '../db/seed/demo';
import { recordAudit } from '../features/audit/audit.repository';
import { revokeAllForAdmin } from '../features/auth/refresh-tokens.repository';
import { hashPassword } from '../features/auth/passwords';
import { runCli } from './run-cli';

const USAGE = 'Usage: npm run admin:password -- --email E --password P';

const argsSchema = z.object({
  email: emailSchema,
  password: passwordSchema.refine((value) => !Object.values(DEMO_LOGINS).some((login) => login.password === value), {
    message: 'This is a published demo password: choose another',
  }),
});

/**
 * Gives an existing account a new password without a running server, ending its sessions: how an
 * operator replaces a published demo password, which keeps a production server from starting.
 */
async function main(): Promise<number> {
  const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } }, strict: true });
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`${issue.path.join('.') || 'input'}: ${issue.message}`);
    console.error(USAGE);
    return 1;
  }
  const { email, password } = parsed.data;
  const { database, release } = await openConfiguredDatabase(loadConfig());
  try {
    const db = database.db;
    const [account] = await db.select({ id: admins.id }).from(admins).where(eq(admins.email, email));
    if (!account) {
      console.error(`email: No account has the email ${email}`);
      return 1;
    }
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      await tx
        .update(admins)
        .set({ passwordHash, updatedAt: sql`now()` })
        .where(eq(admins.id, account.id));
      await revokeAllForAdmin(tx, account.id);
      await recordAudit(tx, null, { action: 'password_set_from_cli', entityType: 'admin', entityId: account.id });
    });
    console.log(`New password set for ${email}; its sessions are ended.`);
    return 0;
  } finally {
    await release();
  }
}

runCli(main, USAGE);
