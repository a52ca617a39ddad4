import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../db/client';
import { createTestApp, createWorld, type TestApp, type World } from '../../test/harness';
import { holdInvitations, sendPendingInvitations, startInvitationSweeper } from './pending-invitations';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
});
afterAll(() => t.close());

/** `count` new accounts in event A (exhibitors) and event B (sub-accounts of exhibitor B), owed their invitations. */
async function owedAccounts(prefix: string, count: number) {
  const rows = await queryRows<{ id: number; eventId: number; exhibitorId: number | null }>(
    t.db,
    sql`insert into admins (email, first_name, last_name, event_id, exhibitor_id, company_id)
        select ${prefix} || '-' || i || '@owed.example', 'Jānis', 'Bērziņš ' || i,
               case when i % 2 = 0 then ${w.eventA}::int else ${w.eventB}::int end,
               case when i % 2 = 0 then null else ${w.exhibitorB.id}::int end,
               case when i % 2 = 0 then ${w.companyA}::int else ${w.companyB}::int end
          from generate_series(1, ${count}) i
        returning id, event_id as "eventId", exhibitor_id as "exhibitorId"`,
  );
  await t.db.transaction((tx) =>
    holdInvitations(
      tx,
      rows.map((row) => ({ adminId: row.id, exhibitorId: row.exhibitorId ?? row.id })),
    ),
  );
  return rows;
}

const invitationsOf = (prefix: string) =>
  queryRows<{ email: string; mails: number; tokens: number; exhibitorId: number; eventId: number; body: string }>(
    t.db,
    sql`select a.email, cast(count(o.id) as integer) as mails,
               cast((select count(*) from one_time_tokens k where k.admin_id = a.id and k.purpose = 'invitation') as integer) as tokens,
               min(o.exhibitor_id) as "exhibitorId", min(o.event_id) as "eventId", min(o.text_body) as body
          from admins a left join email_outbox o on o.recipient_admin_id = a.id and o.purpose = 'invitation'
         where a.email like ${`${prefix}-%`}
         group by a.id order by a.id`,
  );

const owed = async () =>
  (await queryRows<{ n: number }>(t.db, sql`select cast(count(*) as integer) as n from pending_invitations`))[0]!.n;

describe('invitations owed by an import', () => {
  it('are written once each, in batches, with each account’s event and exhibitor', async () => {
    const accounts = await owedAccounts('batch', 1_203);
    expect(await sendPendingInvitations(t.db, 'https://portal.example')).toBe(1_203);
    const written = await invitationsOf('batch');
    expect(written).toHaveLength(1_203);
    expect(written.every((row) => row.mails === 1 && row.tokens === 1)).toBe(true);
    const exhibitorOf = new Map(accounts.map((row) => [row.id, row.exhibitorId ?? row.id]));
    expect(new Set(written.map((row) => row.exhibitorId))).toEqual(new Set(exhibitorOf.values()));
    expect(written.filter((row) => row.eventId === w.eventB)).toHaveLength(602);
    expect(written.find((row) => row.eventId === w.eventB)!.body).toContain('Hello Jānis,\n\nAn account has been created for you on the Exhibitor Portal for Event B.');
    expect(written[0]!.body).toContain('https://portal.example/accept-invitation/');
    expect(await owed()).toBe(0);
    // Nothing is owed any more: a second round writes nothing.
    expect(await sendPendingInvitations(t.db, 'https://portal.example')).toBe(0);
    expect((await invitationsOf('batch')).every((row) => row.mails === 1)).toBe(true);
  });

  it('are shared out, never doubled, when two rounds run at the same time', async () => {
    await owedAccounts('race', 1_500);
    const [first, second] = await Promise.all([
      sendPendingInvitations(t.db, 'https://portal.example'),
      sendPendingInvitations(t.db, 'https://portal.example'),
    ]);
    expect(first + second).toBe(1_500);
    expect((await invitationsOf('race')).every((row) => row.mails === 1 && row.tokens === 1)).toBe(true);
  });

  it('stay owed, with no mail or token, when their transaction fails', async () => {
    await owedAccounts('fail', 3);
    // The connection is lost just before the commit: the mails and the removal roll back together.
    const failing = Object.create(t.db) as Database;
    failing.transaction = (async (work: (tx: Database) => Promise<unknown>) =>
      t.db.transaction(async (tx) => {
        await work(tx);
        throw new Error('Connection terminated unexpectedly');
      })) as unknown as Database['transaction'];
    await expect(sendPendingInvitations(failing, 'https://portal.example')).rejects.toThrow('Connection terminated');
    expect(await owed()).toBe(3);
    expect((await invitationsOf('fail')).every((row) => row.mails === 0 && row.tokens === 0)).toBe(true);
  });

  it('are written by the sweeper, and go with an account deleted before then', async () => {
    const [gone, ...kept] = await owedAccounts('sweep', 4);
    await t.db.execute(sql`delete from admins where id = ${gone!.id}`);
    const stop = startInvitationSweeper({
      db: t.db,
      publicUrl: 'https://portal.example',
      intervalMs: 20,
      onError: () => {},
    });
    try {
      await expect.poll(owed, { timeout: 10_000 }).toBe(0);
    } finally {
      await stop();
    }
    const written = await invitationsOf('sweep');
    expect(written.map((row) => row.mails)).toEqual(kept.map(() => 1));
  });
});
