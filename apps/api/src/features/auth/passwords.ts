import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline: 19 MiB memory, 2 iterations, 1 lane. `Algorithm` is a const enum,
// which isolated modules cannot read: 2 is its Argon2id.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** An account without a password (invited, not yet accepted) matches nothing, in the usual time. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    await spendVerificationTime(password);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Verifies against a throw-away hash so an unknown email costs the same time as a wrong password. */
export async function spendVerificationTime(password: string): Promise<void> {
  dummyHash ??= hashPassword('unknown-account-placeholder');
  await verifyPassword(await dummyHash, password);
}
