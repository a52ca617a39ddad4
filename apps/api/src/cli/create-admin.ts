import { createAdminBodySchema } from '@portal/shared/admins';
import { passwordSchema } from '@portal/shared/passwords';
import { SYSTEM_ROLE_NAMES } from '@portal/shared/roles';
import { eq, and } from 'drizzle-orm';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/open';
import { adminRoles, admins } from '../db/schema/admins';
import { roles } from '../db/schema/roles';
import { hashPassword } from '../features/auth/passwords';
import { recordAudit } from '../features/audit/audit.repository';
import { runCli } from './run-cli';

const USAGE = 'Usage: npm run admin:create -- --email E --password P [--first-name F --last-name L]';

/** Creates a system admin without a running server, e.g. the first account of a production install. */
async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string', default: 'System' },
      'last-name': { type: 'string', default: 'Administrator' },
    },
    strict: true,
  });
  // The command line has nobody to invite by email: a password is required here.
  const parsed = createAdminBodySchema.extend({ password: passwordSchema }).safeParse({
    email: values.email,
    password: values.password,
    firstName: values['first-name'],
    lastName: values['last-name'],
    roleIds: [],
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`${issue.path.join('.') || 'input'}: ${issue.message}`);
    console.error(USAGE);
    return 1;
  }
  const body = parsed.data;
  const { database, release } = await openConfiguredDatabase(loadConfig());
  try {
    const db = database.db;
    const [taken] = await db.select({ id: admins.id }).from(admins).where(eq(admins.email, body.email));
    if (taken) {
      console.error(`email: An account with ${body.email} already exists`);
      return 1;
    }
    const passwordHash = await hashPassword(body.password);
    const id = await db.transaction(async (tx) => {
      const [role] = await tx
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.name, SYSTEM_ROLE_NAMES.systemAdmin), eq(roles.isSystem, true)));
      const [row] = await tx
        .insert(admins)
        .values({ email: body.email, passwordHash, firstName: body.firstName, lastName: body.lastName })
        .returning({ id: admins.id });
      await tx.insert(adminRoles).values({ adminId: row!.id, roleId: role!.id });
      await recordAudit(tx, null, {
        action: 'create_from_cli',
        entityType: 'admin',
        entityId: row!.id,
        after: { email: body.email, firstName: body.firstName, lastName: body.lastName, role: SYSTEM_ROLE_NAMES.systemAdmin },
      });
      return row!.id;
    });
    console.log(`Created system admin ${body.email} (id ${id}).`);
    return 0;
  } finally {
    await release();
  }
}

runCli(main, USAGE);
