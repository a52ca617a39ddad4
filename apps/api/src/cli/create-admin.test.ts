import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createPgliteClient, wrapPglite } from '../db/client';
import { admins } from '../db/schema/admins';
import { verifyPassword } from '../features/auth/passwords';
import { loadPrincipal } from '../features/auth/principal';

const run = promisify(execFile);
const dataDir = mkdtempSync(join(tmpdir(), 'portal-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function createAdmin(...args: string[]) {
  try {
    const { stdout, stderr } = await run('npx', ['tsx', 'src/cli/create-admin.ts', ...args], {
      cwd: join(__dirname, '../..'),
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', APP_SECRET: '' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run admin:create', () => {
  it('creates a system admin, then refuses the same email and a weak password with exit code 1', async () => {
    const created = await createAdmin('--email', 'Root@Example.com', '--password', 'Strong-Enough-77', '--first-name', 'Rita');
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('Created system admin root@example.com');

    const taken = await createAdmin('--email', 'root@example.com', '--password', 'Strong-Enough-77');
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('already exists');

    const weak = await createAdmin('--email', 'other@example.com', '--password', 'short');
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain('password: Use at least 10 characters');

    const missing = await createAdmin('--password', 'Strong-Enough-77');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('email');

    const database = wrapPglite(await createPgliteClient(join(dataDir, 'pglite')));
    try {
      const rows = await database.db.select().from(admins).where(eq(admins.email, 'root@example.com'));
      expect(rows).toHaveLength(1);
      expect(await verifyPassword(rows[0]!.passwordHash, 'Strong-Enough-77')).toBe(true);
      const principal = await loadPrincipal(database.db, rows[0]!.id);
      expect(principal).toMatchObject({ firstName: 'Rita', type: 'systemAdmin' });
      expect(principal?.roles.map((r) => r.name)).toEqual(['System Admin']);
      expect(await database.db.select().from(admins).where(eq(admins.email, 'other@example.com'))).toHaveLength(0);
    } finally {
      await database.close();
    }
  }, 120_000);
});
