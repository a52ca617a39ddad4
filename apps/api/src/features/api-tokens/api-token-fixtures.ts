import type { Permission } from '@portal/shared/permissions';
import { roles } from '../../db/schema/roles';
import type { TestApp, TestUser } from '../../test/harness';
import { setRolePermissions } from '../roles/roles.repository';

let roleCounter = 0;

/** A custom role holding exactly these permissions; its name says neither exhibitor nor sub-account, so its holder types as an organiser. */
export async function createRoleWith(t: TestApp, permissions: readonly Permission[]): Promise<{ id: number; name: string }> {
  const name = `Token test role ${++roleCounter}`;
  const [role] = await t.db.insert(roles).values({ name }).returning({ id: roles.id });
  await setRolePermissions(t.db, role!.id, permissions);
  return { id: role!.id, name };
}

/**
 * An API token of `creator` made through the API, as a caller `t.request` sends with: its id is
 * the token's, not an account's.
 */
export async function issueApiToken(
  t: TestApp,
  creator: TestUser,
  permissions: readonly string[],
  expiresAt: string | null = null,
): Promise<TestUser> {
  const res = await t.request(creator, { method: 'POST', url: '/api/admin/api-tokens', payload: { name: 'Test token', permissions, expiresAt } });
  if (res.statusCode !== 201) throw new Error(`creating a token answered ${res.statusCode}: ${res.body}`);
  const { apiToken, token } = res.json().data as { apiToken: { id: number }; token: string };
  return { id: apiToken.id, email: creator.email, token };
}
