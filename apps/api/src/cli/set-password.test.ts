import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createPgliteClient, wrapPglite } from '../db/client';
import { openConfiguredDatabase } from '../db/open';
import { admins } from '../db/schema/admins';
import { DEMO_LOGINS, seedDemoData } from '../db/seed/demo';
import { verifyPassword } from '../features/auth/passwords';

const run = promisify(execFile);
const dataDir = mkdtempSync(join(tmpdir(), 'portal-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: '', LOG_LEVEL: 'warn' };

async function tsx(script: string, args: string[], extraEnv: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run('npx', ['tsx', script, ...args], {
      cwd: join(__dirname, '../..'),
      env: { ...env, ...extraEnv },
      timeout: 90_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const startInProduction = () =>
  tsx('src/server.ts', [], {
    NODE_ENV: 'production',
    APP_SECRET: 'a-production-secret-of-thirty-two-chars',
    PORT: '0',
  });

describe('a production server on a database seeded with the demo show', () => {
  it('refuses to start naming the demo accounts, until npm run admin:password changes their passwords', async () => {
    const opened = await openConfiguredDatabase(loadConfig({ DATA_DIR: dataDir }));
    try {
      expect(await seedDemoData(opened.database.db)).toBe(true);
    } finally {
      await opened.release();
    }

    const refused = await startInProduction();
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Refusing to start in production');
    expect(refused.stderr).toContain('admin@example.com (System Admin)');

    const published = await tsx('src/cli/set-password.ts', [
      '--email',
      'admin@example.com',
      '--password',
      DEMO_LOGINS.vipAdmin.password,
    ]);
    expect(published.code).toBe(1);
    expect(published.stderr).toContain('password: This is a published demo password');
    const unknown = await tsx('src/cli/set-password.ts', [
      '--email',
      'nobody@example.com',
      '--password',
      'Private-Pass-2031',
    ]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No account has the email nobody@example.com');
    const changed = await tsx('src/cli/set-password.ts', [
      '--email',
      'admin@example.com',
      '--password',
      'Private-Pass-2031',
    ]);
    expect(changed.code).toBe(0);
    expect(changed.stdout).toContain('New password set for admin@example.com');

    const stillRefused = await startInProduction();
    expect(stillRefused.code).toBe(1);
    expect(stillRefused.stderr).not.toContain('admin@example.com');
    expect(stillRefused.stderr).toContain('organiser@example.com (Event Admin)');

    const database = wrapPglite(await createPgliteClient(join(dataDir, 'pglite')));
    try {
      const [row] = await database.db.select().from(admins).where(eq(admins.email, 'admin@example.com'));
      expect(await verifyPassword(row!.passwordHash, 'Private-Pass-2031')).toBe(true);
      expect(await verifyPassword(row!.passwordHash, DEMO_LOGINS.systemAdmin.password)).toBe(false);
    } finally {
      await database.close();
    }
  }, 300_000);
});
