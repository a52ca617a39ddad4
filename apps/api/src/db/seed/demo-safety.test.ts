import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { hashPassword } from '../../features/auth/passwords';
import { openTestDatabase } from '../../test/database';
import type { DatabaseHandle } from '../client';
import { admins } from '../schema/admins';
import { DEMO_LOGINS, seedDemoData } from './demo';
import { findPublishedDemoPasswords, prepareDemoData, shouldSeedDemo } from './demo-safety';

const configOf = (env: Record<string, string>) => loadConfig({ LOG_LEVEL: 'silent', ...env });
const production = configOf({ NODE_ENV: 'production' });
const productionDemo = configOf({ NODE_ENV: 'production', SEED_DEMO: 'true' });

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const accountCount = async () =>
  (await database.db.select({ count: sql<number>`cast(count(*) as integer)` }).from(admins))[0]!.count;

describe('seeding the demo show', () => {
  it.each([
    [{ NODE_ENV: 'production' }, 'pglite', false],
    [{ NODE_ENV: 'production' }, 'postgres', false],
    [{ NODE_ENV: 'production', SEED_DEMO: 'true' }, 'pglite', true],
    [{ NODE_ENV: 'production', SEED_DEMO: 'true' }, 'postgres', true],
    [{ NODE_ENV: 'development' }, 'pglite', true],
    [{ NODE_ENV: 'development' }, 'postgres', false],
    [{ NODE_ENV: 'development', SEED_DEMO: 'false' }, 'pglite', false],
  ] as const)('%o on %s: seeds %s', (env, kind, expected) => {
    expect(shouldSeedDemo(configOf(env), kind)).toBe(expected);
  });

  it('does not seed in production without SEED_DEMO, even on the embedded database', async () => {
    const warnings: string[] = [];
    expect(await prepareDemoData({ db: database.db, kind: 'pglite' }, production, (w) => warnings.push(w))).toEqual({
      seedDemo: false,
      seeded: false,
    });
    expect(await accountCount()).toBe(0);
    expect(warnings).toEqual([]);
  });
});

describe('published demo passwords in production', () => {
  it('refuse the start, naming each account and how to change it, until every one is changed', async () => {
    expect(await seedDemoData(database.db)).toBe(true);
    const demo = { db: database.db, kind: 'pglite' as const };
    const refusal = await prepareDemoData(demo, production, () => {}).then(
      () => null,
      (error: Error) => error.message,
    );
    expect(refusal).toContain('Refusing to start in production');
    for (const login of Object.values(DEMO_LOGINS)) expect(refusal).toContain(`${login.email} (${login.role})`);
    expect(refusal).toContain('npm run admin:password -- --email admin@example.com');

    await database.db
      .update(admins)
      .set({ passwordHash: await hashPassword('A-Private-Passphrase-9') })
      .where(eq(admins.email, DEMO_LOGINS.systemAdmin.email));
    const stillRefused = await prepareDemoData(demo, production, () => {}).then(
      () => null,
      (error: Error) => error.message,
    );
    expect(stillRefused).not.toContain(DEMO_LOGINS.systemAdmin.email);
    expect(stillRefused).toContain(DEMO_LOGINS.eventAdmin.email);

    // Outside production the demo is what `npm start` is for: no refusal, no warning.
    const warnings: string[] = [];
    await prepareDemoData(demo, configOf({ NODE_ENV: 'development' }), (w) => warnings.push(w));
    expect(warnings).toEqual([]);
  });

  it('with SEED_DEMO=true asked for explicitly, start with a loud warning naming the accounts', async () => {
    const warnings: string[] = [];
    await prepareDemoData({ db: database.db, kind: 'pglite' }, productionDemo, (w) => warnings.push(w));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('WARNING: SEED_DEMO=true in production');
    expect(warnings[0]).toContain(DEMO_LOGINS.eventAdmin.email);
  });

  it('let the server start once no demo account keeps its published password', async () => {
    for (const login of Object.values(DEMO_LOGINS)) {
      await database.db.update(admins).set({ passwordHash: null }).where(eq(admins.email, login.email));
    }
    expect(await findPublishedDemoPasswords(database.db)).toEqual([]);
    await expect(prepareDemoData({ db: database.db, kind: 'pglite' }, production, () => {})).resolves.toEqual({
      seedDemo: false,
      seeded: false,
    });
  });
});
