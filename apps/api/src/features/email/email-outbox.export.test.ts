import { SYSTEM_ROLE_NAMES } from '@portal/shared/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvRows, userWith, xlsxRows } from '../../test/export-files';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';
import { enqueueEmail } from './email.repository';

let t: TestApp;
let w: World;
let exporterA: TestUser;

const download = (user: TestUser | null, query: string) =>
  t.request(user, { method: 'GET', url: `/api/admin/email-outbox/export?${query}` });
const list = (user: TestUser, query: string) =>
  t.request(user, { method: 'GET', url: `/api/admin/email-outbox?per_page=100&${query}` });

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  exporterA = await userWith(t, ['export_data'], {
    eventId: w.eventA,
    companyId: w.companyA,
    baseRoles: [SYSTEM_ROLE_NAMES.exhibitor],
  });
  const mails = [
    {
      toAddress: 'anna@a.example',
      subject: 'Approved',
      purpose: 'purchase-approved',
      eventId: w.eventA,
      exhibitorId: exporterA.id,
    },
    {
      toAddress: 'bert@a.example',
      subject: '=cmd|"/c calc"!A1',
      purpose: 'invitation',
      eventId: w.eventA,
      exhibitorId: exporterA.id,
    },
    { toAddress: 'organiser@a.example', subject: 'Request', purpose: 'purchase-requested', eventId: w.eventA },
    {
      toAddress: 'carl@b.example',
      subject: 'B',
      purpose: 'purchase-approved',
      eventId: w.eventB,
      exhibitorId: w.exhibitorB.id,
    },
  ];
  for (const mail of mails)
    await enqueueEmail(t.db, { ...mail, textBody: 'https://portal.test/accept-invitation/SECRET-TOKEN' });
});
afterAll(() => t.close());

describe('GET /api/admin/email-outbox/export', () => {
  it('writes the list’s rows in its order and scope, without the bodies', async () => {
    const shown = (await list(w.eventAdminA, 'sort=toAddress')).json().data as { toAddress: string }[];
    const res = await download(w.eventAdminA, 'sort=toAddress&format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('SECRET-TOKEN');
    const [header, ...rows] = csvRows(res.body);
    expect(header).toEqual([
      'Queued (UTC)',
      'To',
      'Subject',
      'Purpose',
      'Event',
      'Status',
      'Attempts',
      'Last error',
      'Sent (UTC)',
    ]);
    expect(rows.map((row) => row[1])).toEqual(shown.map((row) => row.toAddress));
    expect(rows.map((row) => row[1])).toEqual(['anna@a.example', 'bert@a.example', 'organiser@a.example']);
    expect(rows[0]!.slice(3, 7)).toEqual(['Purchase approved', 'Event A', 'Pending', '0']);
  });

  it('gives an exhibitor with export_data the messages about itself only, with the list’s filters', async () => {
    const [, ...rows] = csvRows((await download(exporterA, 'format=csv&sort=-toAddress')).body);
    expect(rows.map((row) => row[1])).toEqual(['bert@a.example', 'anna@a.example']);
    const [, ...searched] = csvRows((await download(exporterA, 'format=csv&search=anna')).body);
    expect(searched.map((row) => row[1])).toEqual(['anna@a.example']);
  });

  it('writes a formula-like subject as text in .xlsx', async () => {
    const res = await download(exporterA, 'format=xlsx&search=bert');
    const [header, row] = await xlsxRows(res.rawPayload);
    expect(row![header!.indexOf('Subject')]).toBe(`'=cmd|"/c calc"!A1`);
  });

  it('refuses a reader of the outbox without export_data, and anyone signed out', async () => {
    // Every built-in role that reads the list exports it; a role of the organiser's own may not.
    const reader = await userWith(t, ['view_email_outbox'], { eventId: w.eventB });
    expect((await list(reader, '')).statusCode).toBe(200);
    expect((await download(reader, 'format=csv')).statusCode).toBe(403);
    expect((await download(null, 'format=csv')).statusCode).toBe(401);
  });
});
