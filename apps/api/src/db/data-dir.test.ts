import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir, readOrCreateSecret } from './data-dir';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('data directory', () => {
  it('refuses a second process while the first holds the lock', async () => {
    const dir = freshDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(join(dir, 'portal.lock'), String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(/in use by another portal process/);
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a process that is gone, and releases it', () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'portal.lock'), '999999999');
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'portal.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(join(dir, 'portal.lock'))).toBe(false);
  });

  it('keeps the same signing secret across restarts', () => {
    const dir = freshDir();
    const first = readOrCreateSecret(dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readOrCreateSecret(dir)).toBe(first);
  });
});
