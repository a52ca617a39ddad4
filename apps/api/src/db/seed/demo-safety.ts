import { inArray } from 'drizzle-orm';
import type { Config } from '../../config';
import { verifyPassword } from '../../features/auth/passwords';
import type { Database, DatabaseHandle } from '../client';
import { admins } from '../schema/admins';
import { DEMO_LOGINS, seedDemoData, type DemoLogin } from './demo';

type DemoConfig = Pick<Config, 'NODE_ENV' | 'SEED_DEMO'>;

/**
 * Whether to seed the demo show, whose passwords are published: when SEED_DEMO says so; without
 * it, only outside production and only into the embedded database (`npm start` on a laptop).
 */
export function shouldSeedDemo(config: DemoConfig, databaseKind: DatabaseHandle['kind']): boolean {
  if (config.SEED_DEMO !== undefined) return config.SEED_DEMO;
  return config.NODE_ENV !== 'production' && databaseKind === 'pglite';
}

/** The demo accounts whose stored password is still the published one (a handful of argon2 checks). */
export async function findPublishedDemoPasswords(db: Database): Promise<DemoLogin[]> {
  const logins = Object.values(DEMO_LOGINS);
  const rows = await db
    .select({ email: admins.email, passwordHash: admins.passwordHash })
    .from(admins)
    .where(
      inArray(
        admins.email,
        logins.map((login) => login.email),
      ),
    );
  const found: DemoLogin[] = [];
  for (const login of logins) {
    const row = rows.find((candidate) => candidate.email === login.email);
    if (row?.passwordHash && (await verifyPassword(row.passwordHash, login.password))) found.push(login);
  }
  return found;
}

export function publishedPasswordsMessage(logins: readonly DemoLogin[]): string {
  const accounts = logins.map((login) => `  ${login.email} (${login.role})`);
  const first = logins[0]?.email ?? 'EMAIL';
  return [
    'Refusing to start in production: these accounts still have the demo password published in the README:',
    ...accounts,
    `Give each a new password, e.g. npm run admin:password -- --email ${first} --password '<a new password>'`,
    '(or sign in with SEED_DEMO=true and change or deactivate them), or set SEED_DEMO=true to run the demo show on purpose.',
  ].join('\n');
}

/**
 * Seeds the demo show when it should, then, in production, refuses to start while a demo account
 * still has its published password, unless SEED_DEMO=true asked for the demo explicitly: then it
 * starts with a loud warning (docs/decisions.md). Answers whether it seeded and whether the demo
 * logins are in use, for the start-up banner.
 */
export async function prepareDemoData(
  database: Pick<DatabaseHandle, 'db' | 'kind'>,
  config: DemoConfig,
  warn: (message: string) => void,
): Promise<{ seedDemo: boolean; seeded: boolean }> {
  const seedDemo = shouldSeedDemo(config, database.kind);
  const seeded = seedDemo && (await seedDemoData(database.db));
  if (config.NODE_ENV === 'production') {
    const published = await findPublishedDemoPasswords(database.db);
    if (published.length > 0) {
      if (config.SEED_DEMO !== true) throw new Error(publishedPasswordsMessage(published));
      warn(
        `WARNING: SEED_DEMO=true in production: ${published.map((login) => login.email).join(', ')} ` +
          'sign in with the passwords published in the README. Anyone can sign in as them; never run a real show like this.',
      );
    }
  }
  return { seedDemo, seeded };
}
