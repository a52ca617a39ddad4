import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allocations, badges } from '../../db/schema/badges';
import { emailOutbox } from '../../db/schema/email';
import { emailTemplates } from '../../db/schema/email-templates';
import { events } from '../../db/schema/events';
import { registrationLinks } from '../../db/schema/registration-links';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from '../../test/harness';

let t: TestApp;
let w: World;
let n = 0;

const URL_BASE = '/api/admin/registration-links/bulk-user-badge-category';

async function workbook(rows: (string | null)[][], header = ['email', 'firstName', 'lastName']): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Recipients');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

function multipart(fields: Record<string, string | number>, file?: Buffer, fileName = 'recipients.xlsx') {
  const boundary = '----bulk-send-boundary';
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (as: TestUser, fields: Record<string, string | number>, file?: Buffer, fileName?: string) =>
  t.request(as, { method: 'POST', url: `${URL_BASE}/upload`, ...multipart(fields, file, fileName) });

/** A fresh exhibitor of event A with an allocation of category A. */
async function exhibitorWith(places: number) {
  const exhibitor = await t.createUser({ roles: ['Exhibitor'], eventId: w.eventA, companyId: w.companyA });
  await t.db
    .insert(allocations)
    .values({ eventId: w.eventA, adminId: exhibitor.id, badgeCategoryId: w.categoryA, quantity: places });
  return exhibitor;
}

const address = () => `guest${++n}@guests.example`;
const linksOf = (ownerId: number) =>
  t.db.select().from(registrationLinks).where(eq(registrationLinks.exhibitorId, ownerId));
const mailsTo = (emails: string[]) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.purpose, 'registration_link')))
    .then((rows) => rows.filter((r) => emails.includes(r.toAddress)));

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://portal.test' });
  w = await createWorld(t);
});
afterAll(() => t.close());

describe('bulk registration links', () => {
  it('answers the template to fill in: the columns with notes, and an example on its own sheet', async () => {
    const res = await t.request(w.exhibitorA, { method: 'GET', url: `${URL_BASE}/template` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const [recipients, example] = book.worksheets;
    expect(recipients!.name).toBe('Recipients');
    expect((recipients!.getRow(1).values as string[]).slice(1)).toEqual(['email', 'firstName', 'lastName']);
    expect(recipients!.getCell('A1').note).toBeTruthy();
    expect(recipients!.rowCount).toBe(1);
    expect(example!.getCell('A2').text).toContain('@');
  });

  it('sends one single-use link and one mail per row, within the allocation', async () => {
    const exhibitor = await exhibitorWith(5);
    const [a, b] = [address(), address()];
    const file = await workbook([
      [a.toUpperCase(), 'Ada', 'Lovelace'],
      [null, null, null],
      [b, 'Bo', 'Brown'],
    ]);
    const checked = await upload(exhibitor, { step: 'validate', badgeCategoryId: w.categoryA }, file);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json().data).toMatchObject({
      step: 'validate',
      totalRows: 2,
      invalidRows: 0,
      sent: 0,
      capacity: { needed: 2, available: 5 },
    });
    expect(await linksOf(exhibitor.id)).toHaveLength(0);

    const res = await upload(exhibitor, { step: 'send', badgeCategoryId: w.categoryA }, file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ step: 'send', totalRows: 2, invalidRows: 0, sent: 2, rows: [] });

    const links = await linksOf(exhibitor.id);
    expect(links.map((l) => l.email).sort()).toEqual([a, b].sort());
    for (const link of links)
      expect(link).toMatchObject({
        kind: 'badge',
        eventId: w.eventA,
        badgeCategoryId: w.categoryA,
        maxUses: 1,
        uses: 0,
      });
    const mails = await mailsTo([a, b]);
    expect(mails).toHaveLength(2);
    const toAda = mails.find((m) => m.toAddress === a)!;
    const adaLink = links.find((l) => l.email === a)!;
    expect(toAda).toMatchObject({ eventId: w.eventA, exhibitorId: exhibitor.id, status: 'pending' });
    expect(toAda.textBody).toContain(`https://portal.test/register/${adaLink.id}`);
    expect(toAda.textBody).toContain('Dear Ada Lovelace');
    expect(toAda.textBody).toContain('Company A has a badge for you');

    // The two links now hold two of the five places.
    const again = await upload(
      exhibitor,
      { step: 'validate', badgeCategoryId: w.categoryA },
      await workbook([[address(), 'C', 'D']]),
    );
    expect(again.json().data.capacity).toEqual({ needed: 1, available: 3 });
  });

  it('names the owner’s own company in every mail, whatever company a column of the file gives', async () => {
    const exhibitor = await exhibitorWith(5);
    const to = address();
    const file = await workbook(
      [[to, 'Ada', 'Lovelace', 'Bank of Elsewhere']],
      ['email', 'firstName', 'lastName', 'companyName'],
    );
    const res = await upload(exhibitor, { step: 'send', badgeCategoryId: w.categoryA }, file);
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await mailsTo([to]);
    expect(mail!.textBody).toContain('Company A has a badge for you');
    expect(`${mail!.subject} ${mail!.textBody} ${mail!.htmlBody}`).not.toContain('Elsewhere');
  });

  it('refuses names that carry a link or markup, so a mail to a stranger says only who it is for', async () => {
    const exhibitor = await exhibitorWith(5);
    const file = await workbook([
      [address(), 'Visit https://pay.example', 'Now'],
      [address(), 'Ada', '<b>Urgent</b>'],
      [address(), 'www.example.org', 'B'],
      [address(), 'Jānis', 'Bērziņš'],
    ]);
    const res = await upload(exhibitor, { step: 'send', badgeCategoryId: w.categoryA }, file);
    expect(res.statusCode).toBe(422);
    const rows = res.json().report.rows as { row: number; errors: { column: string }[] }[];
    expect(rows.map((r) => [r.row, r.errors[0]!.column])).toEqual([
      [2, 'firstName'],
      [3, 'lastName'],
      [4, 'firstName'],
    ]);
    expect(await linksOf(exhibitor.id)).toHaveLength(0);
  });

  it('reports every bad row and sends nothing when any row is bad', async () => {
    const exhibitor = await exhibitorWith(10);
    const withBadge = address();
    const withLink = address();
    await t.db.insert(badges).values({
      eventId: w.eventA,
      badgeCategoryId: w.categoryA,
      exhibitorId: exhibitor.id,
      firstName: 'Has',
      lastName: 'Badge',
      email: withBadge,
      badgeType: 'exhibitor',
      code: `BULK${n}`,
    });
    await t.db.insert(registrationLinks).values({
      id: `open-link-${n}`,
      kind: 'badge',
      eventId: w.eventA,
      exhibitorId: exhibitor.id,
      badgeCategoryId: w.categoryA,
      email: withLink,
      maxUses: 1,
    });
    const good = address();
    const twice = address();
    const file = await workbook([
      [good, 'Good', 'Row'],
      ['not-an-address', 'Bad', 'Email'],
      [twice, 'First', 'Time'],
      [twice.toUpperCase(), 'Second', 'Time'],
      [address(), '', 'Nameless'],
      [withBadge, 'Has', 'Badge'],
      [withLink, 'Has', 'Link'],
    ]);
    const res = await upload(exhibitor, { step: 'send', badgeCategoryId: w.categoryA }, file);
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.message).toBe('5 of 7 rows cannot be sent: nothing was sent');
    expect(
      body.report.rows.map((r: { row: number; errors: { column: string; message: string }[] }) => [
        r.row,
        r.errors[0]!.column,
        r.errors[0]!.message,
      ]),
    ).toEqual([
      [3, 'email', 'Enter a valid email address'],
      [5, 'email', 'Also in row 4'],
      [6, 'firstName', 'Required'],
      [7, 'email', 'This address cannot be used in this badge category; use another address'],
      [8, 'email', 'This address cannot be used in this badge category; use another address'],
    ]);
    expect(body.report.rows[0].values).toMatchObject({ email: 'not-an-address', firstName: 'Bad' });
    expect(await linksOf(exhibitor.id)).toHaveLength(1);
    expect(await mailsTo([good, twice])).toHaveLength(0);
  });

  it('refuses rows beyond the places left, before anything is sent', async () => {
    const exhibitor = await exhibitorWith(2);
    const emails = [address(), address(), address()];
    const res = await upload(
      exhibitor,
      { step: 'send', badgeCategoryId: w.categoryA },
      await workbook(emails.map((e) => [e, 'X', 'Y', null])),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().report).toMatchObject({ capacity: { needed: 3, available: 2 }, invalidRows: 1, sent: 0 });
    expect(res.json().report.rows).toEqual([
      expect.objectContaining({ row: 4, errors: [{ column: 'email', message: 'Over the allocation: 2 places left' }] }),
    ]);
    expect(await linksOf(exhibitor.id)).toHaveLength(0);
    expect(await mailsTo(emails)).toHaveLength(0);
  });

  it('sends with the spec’s fields alone: file, emailTemplateID and badgeCategoryId', async () => {
    const exhibitor = await exhibitorWith(1);
    const email = address();
    const res = await upload(exhibitor, { badgeCategoryId: w.categoryA }, await workbook([[email, 'Solo', 'Sender']]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ step: 'send', sent: 1 });
    expect(await mailsTo([email])).toHaveLength(1);
  });

  it('words the mails with the chosen template', async () => {
    const exhibitor = await exhibitorWith(3);
    const [template] = await t.db
      .insert(emailTemplates)
      .values({
        eventId: w.eventA,
        name: 'Invite guests',
        purpose: 'registration_link',
        subject: '{{firstName}}, your {{badgeCategory}} badge',
        htmlBody: '<p><a href="{{registrationLink}}">Register</a></p>',
      })
      .returning({ id: emailTemplates.id });
    const email = address();
    const res = await upload(
      exhibitor,
      { step: 'send', badgeCategoryId: w.categoryA, emailTemplateID: template!.id },
      await workbook([[email, 'Kim', 'Lee']]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await mailsTo([email]);
    expect(mail!.subject).toBe('Kim, your Exhibitor staff badge');
    // The link records the template its mail used, as a link sent alone does.
    expect((await linksOf(exhibitor.id)).map((l) => l.emailTemplateId)).toEqual([template!.id]);

    const [otherEvent] = await t.db
      .insert(emailTemplates)
      .values({
        eventId: w.eventB,
        name: 'B',
        purpose: 'registration_link',
        subject: 'B',
        htmlBody: '<p>{{registrationLink}}</p>',
      })
      .returning({ id: emailTemplates.id });
    const refused = await upload(
      exhibitor,
      { step: 'validate', badgeCategoryId: w.categoryA, emailTemplateID: otherEvent!.id },
      await workbook([[address(), 'K', 'L']]),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0].field).toBe('emailTemplateID');
  });

  it('lets an organiser send for an exhibitor of its event only', async () => {
    const exhibitor = await exhibitorWith(2);
    const file = await workbook([[address(), 'Org', 'Sent']]);
    const missingOwner = await upload(w.eventAdminA, { step: 'validate', badgeCategoryId: w.categoryA }, file);
    expect(missingOwner.statusCode).toBe(400);
    expect(missingOwner.json().details[0].field).toBe('exhibitorId');
    const ok = await upload(
      w.eventAdminA,
      { step: 'send', badgeCategoryId: w.categoryA, exhibitorId: exhibitor.id, eventId: w.eventA },
      file,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await linksOf(exhibitor.id)).toHaveLength(1);

    expect(
      (await upload(w.eventAdminB, { step: 'validate', badgeCategoryId: w.categoryA, exhibitorId: exhibitor.id }, file))
        .statusCode,
    ).toBe(404);
    expect((await upload(w.exhibitorB, { step: 'validate', badgeCategoryId: w.categoryA }, file)).statusCode).toBe(400);
    expect(
      (await upload(w.exhibitorB, { step: 'validate', badgeCategoryId: w.categoryB, exhibitorId: exhibitor.id }, file))
        .statusCode,
    ).toBe(404);
    expect(
      (await upload(w.subAccountA, { step: 'validate', badgeCategoryId: w.categoryA, adminId: w.exhibitorA.id }, file))
        .statusCode,
    ).toBe(404);
  });

  it('reads a .csv as an import does, Windows-1252 accents included', async () => {
    const exhibitor = await exhibitorWith(2);
    const a = address();
    const csv = Buffer.from(`email;firstName;lastName\r\n${a};Ren\xe9e;M\xfcller\r\n`, 'latin1');
    const res = await upload(exhibitor, { step: 'send', badgeCategoryId: w.categoryA }, csv, 'recipients.csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ totalRows: 1, invalidRows: 0, sent: 1 });
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, a));
    // The event's template of an earlier test greets by first name in the subject.
    expect(`${mails[0]!.subject} ${mails[0]!.textBody}`).toContain('Renée');
  });

  it('refuses a file it cannot use as a whole, naming the file', async () => {
    const exhibitor = await exhibitorWith(2);
    const cases: [Buffer | undefined, number, string][] = [
      [undefined, 400, 'Attach the filled-in spreadsheet'],
      [
        Buffer.from('email,firstName\nx@y.z,X\n'),
        415,
        'This file is named .xlsx but is not an Excel workbook; save it again from Excel',
      ],
      [
        await workbook([[address(), 'X']], ['email', 'firstName']),
        400,
        'The first row must name the columns; missing: lastName',
      ],
      [await workbook([]), 400, 'The file has a header but no rows to import'],
    ];
    for (const [file, status, message] of cases) {
      const res = await upload(exhibitor, { step: 'send', badgeCategoryId: w.categoryA }, file);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ message, details: [{ field: 'file', message }] });
    }
    expect(await linksOf(exhibitor.id)).toHaveLength(0);
  });

  it('makes the links work to the end of the event’s last day unless told otherwise, within reason', async () => {
    const exhibitor = await exhibitorWith(5);
    const lastDay = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    await t.db.update(events).set({ endDate: lastDay, timezone: 'Asia/Tokyo' }).where(eq(events.id, w.eventA));
    try {
      const byDefault = await upload(exhibitor, { step: 'send', badgeCategoryId: w.categoryA }, await workbook([[address(), 'A', 'B']]));
      expect(byDefault.statusCode).toBe(200);
      // The next midnight in Tokyo (UTC+9) is 15:00 UTC of the last day.
      expect(byDefault.json().data.expiresAt).toBe(`${lastDay}T15:00:00.000Z`);
      const chosen = new Date(Date.now() + 3 * 86_400_000).toISOString();
      const told = await upload(
        exhibitor,
        { step: 'send', badgeCategoryId: w.categoryA, expiresAt: chosen },
        await workbook([[address(), 'C', 'D']]),
      );
      expect(told.statusCode).toBe(200);
      const links = await linksOf(exhibitor.id);
      expect(links.map((link) => link.expiresAt!.toISOString()).sort()).toEqual([chosen, `${lastDay}T15:00:00.000Z`].sort());

      for (const expiresAt of [new Date(Date.now() - 60_000).toISOString(), '2999-01-01T00:00:00Z', 'next week']) {
        const refused = await upload(
          exhibitor,
          { step: 'validate', badgeCategoryId: w.categoryA, expiresAt },
          await workbook([[address(), 'E', 'F']]),
        );
        expect(refused.statusCode, expiresAt).toBe(400);
        expect(refused.json().details[0].field).toBe('expiresAt');
      }
      expect(await linksOf(exhibitor.id)).toHaveLength(2);
    } finally {
      await t.db.update(events).set({ endDate: null, timezone: 'UTC' }).where(eq(events.id, w.eventA));
    }
  });

  it('is refused without the permission', async () => {
    expect((await t.request(w.noRole, { method: 'GET', url: `${URL_BASE}/template` })).statusCode).toBe(403);
    expect(
      (
        await upload(
          w.noRole,
          { step: 'validate', badgeCategoryId: w.categoryA },
          await workbook([[address(), 'X', 'Y']]),
        )
      ).statusCode,
    ).toBe(403);
  });
});
