import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';
import { reportOf, rowsOf, upload, xlsxOf } from './upload-helpers.test-support';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
});
afterAll(() => t.close());

const accounts = (emails: string[]) =>
  queryRows<{ email: string; first_name: string; last_name: string; exhibitor_id: number; role: string }>(
    t.db,
    sql`select a.email, a.first_name, a.last_name, a.exhibitor_id, r.name as role from admins a
          join admin_roles ar on ar.admin_id = a.id join roles r on r.id = ar.role_id
         where a.email in (select jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb)) order by a.email`,
  );

describe('sub-accounts import', () => {
  it('creates an exhibitor’s sub-accounts with invitations, then updates names by email', async () => {
    const file = await xlsxOf([
      ['First name', 'Last name', 'Email'],
      ['Søren', 'Kierkegaard', 'soren@a.example'],
      ['Hélène', 'Cixous', 'helene@a.example'],
    ]);
    const imported = await upload(
      t,
      w.exhibitorA,
      'sub-accounts',
      { step: 'import', eventId: w.eventA },
      { name: 's.xlsx', bytes: file },
    );
    expect(imported.statusCode).toBe(200);
    expect(reportOf(imported)).toMatchObject({ created: 2, imported: true });
    expect(await accounts(['helene@a.example', 'soren@a.example'])).toEqual([
      {
        email: 'helene@a.example',
        first_name: 'Hélène',
        last_name: 'Cixous',
        exhibitor_id: w.exhibitorA.id,
        role: 'Sub-Account',
      },
      {
        email: 'soren@a.example',
        first_name: 'Søren',
        last_name: 'Kierkegaard',
        exhibitor_id: w.exhibitorA.id,
        role: 'Sub-Account',
      },
    ]);
    const invitations = await queryRows<{ n: number }>(
      t.db,
      sql`select cast(count(*) as integer) as n from email_outbox where to_address in ('soren@a.example', 'helene@a.example')`,
    );
    expect(invitations[0]!.n).toBe(2);

    const again = await xlsxOf([
      ['First name', 'Last name', 'Email'],
      ['', 'K.', 'soren@a.example'],
      ['Hélène', 'Cixous', 'helene@a.example'],
    ]);
    const reimported = reportOf(
      await upload(
        t,
        w.exhibitorA,
        'sub-accounts',
        { step: 'import', eventId: w.eventA },
        { name: 's.xlsx', bytes: again },
      ),
    );
    expect(reimported.rows.map((row) => row.action)).toEqual(['update', 'unchanged']);
    expect((await accounts(['soren@a.example']))[0]).toMatchObject({ first_name: 'Søren', last_name: 'K.' });
  });

  it('refuses another exhibitor’s accounts, a sub-account, and an exhibitor out of reach', async () => {
    const file = await xlsxOf([
      ['First name', 'Last name', 'Email'],
      ['Taken', 'Email', w.subAccountA.email],
    ]);
    const asAdmin = await upload(
      t,
      w.eventAdminA,
      'sub-accounts',
      { step: 'validate', eventId: w.eventA, exhibitorId: w.exhibitorA.id },
      { name: 's.xlsx', bytes: file },
    );
    expect(reportOf(asAdmin).rows[0]!.action).toBe('update');
    const otherExhibitor = await xlsxOf([
      ['First name', 'Last name', 'Email'],
      ['Taken', 'Email', w.exhibitorB.email],
    ]);
    const taken = reportOf(
      await upload(
        t,
        w.exhibitorA,
        'sub-accounts',
        { step: 'validate', eventId: w.eventA },
        { name: 's.xlsx', bytes: otherExhibitor },
      ),
    );
    expect(taken.rows[0]!.errors).toEqual([{ column: 'Email', message: 'This address cannot be used for a new account; use another address' }]);
    const refusals: [TestUser, Record<string, number>, number][] = [
      [w.subAccountA, { eventId: w.eventA }, 403],
      [w.exhibitorA, { eventId: w.eventA, exhibitorId: w.exhibitorB.id }, 404],
      [w.eventAdminA, { eventId: w.eventB, exhibitorId: w.exhibitorB.id }, 404],
    ];
    for (const [who, fields, status] of refusals) {
      const answer = await upload(
        t,
        who,
        'sub-accounts',
        { step: 'validate', ...fields },
        { name: 's.xlsx', bytes: file },
      );
      expect(answer.statusCode, `${who.email}: ${answer.body}`).toBe(status);
    }
    const noExhibitor = await upload(
      t,
      w.eventAdminA,
      'sub-accounts',
      { step: 'validate', eventId: w.eventA },
      { name: 's.xlsx', bytes: file },
    );
    expect(noExhibitor.statusCode).toBe(400);
    expect(noExhibitor.json().details[0].field).toBe('exhibitorId');
  });

  it('answers its template for the exhibitor’s own sub-accounts only', async () => {
    const template = await t.request(w.exhibitorA, {
      method: 'GET',
      url: `/api/admin/bulk-upload/sub-accounts/template?eventId=${w.eventA}`,
    });
    expect(template.statusCode).toBe(200);
    expect((await rowsOf(template.rawPayload))[0]).toEqual(['First name *', 'Last name *', 'Email *']);
    const other = await t.request(w.exhibitorA, {
      method: 'GET',
      url: `/api/admin/bulk-upload/sub-accounts/template?eventId=${w.eventA}&exhibitorId=${w.exhibitorB.id}`,
    });
    expect(other.statusCode).toBe(404);
  });
});
