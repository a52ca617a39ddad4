import type { BulkSendReport } from '@portal/shared/bulk-send';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, startSession } from '@/lib/session';
import { fakeAdapter, type SeenRequest } from '@/testing/fake-adapter';
import { fill, renderRoute } from '@/testing/render';
import { demo } from '@/testing/sessions';
import { BulkSendForm } from './bulk-send-form';

const originalAdapter = api.defaults.adapter;

afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
});

const categories = [{ id: 3, name: 'staff', displayName: 'Exhibitor staff', type: 'badge', badgeType: 'exhibitor' }];
const clean: BulkSendReport = {
  step: 'validate',
  fileName: 'guests.xlsx',
  totalRows: 2,
  invalidRows: 0,
  capacity: { needed: 2, available: 5 },
  sent: 0,
  expiresAt: '2026-12-24T10:00:00.000Z',
  rows: [],
};

function signIn(session: ReturnType<(typeof demo)[keyof typeof demo]>) {
  startSession({ admin: session.user, token: 't', refreshToken: 'r' });
}

function answer(handle: (request: SeenRequest) => { status: number; data?: unknown } | undefined) {
  const fake = fakeAdapter((request) => {
    if (request.url.startsWith('/admin/badge-categories/event/')) return { status: 200, data: { data: categories } };
    return handle(request) ?? { status: 200, data: { data: [], meta: { page: 1, per_page: 100, total: 0 } } };
  });
  api.defaults.adapter = fake.adapter;
  return fake.seen;
}

const stepOf = (request: SeenRequest) => (request.body as FormData).get('step');

async function chooseFile(file = new File(['xlsx'], 'guests.xlsx')) {
  await screen.findByRole('option', { name: 'Exhibitor staff' });
  fill(screen.getByLabelText(/Badge category/), '3');
  const input = screen.getByLabelText('Recipients file');
  fireEvent.change(input, { target: { files: [file] } });
}

describe('BulkSendForm', () => {
  it('checks a dropped file, then sends it and sums up what went out', async () => {
    signIn(demo.exhibitor());
    const seen = answer((request) => {
      if (request.method !== 'POST') return undefined;
      return stepOf(request) === 'validate'
        ? { status: 200, data: { data: clean } }
        : { status: 200, data: { data: { ...clean, step: 'send', sent: 2 } } };
    });
    renderRoute('/', [{ path: '/', element: <BulkSendForm eventId={1} /> }]);
    expect(screen.queryByLabelText(/Exhibitor/, { selector: 'select' })).toBeNull();
    await chooseFile();

    expect(await screen.findByText('Every row is fine: nothing has been sent yet.')).toBeTruthy();
    const check = seen.find((r) => r.method === 'POST')!;
    expect(Object.fromEntries((check.body as FormData).entries())).toMatchObject({
      step: 'validate',
      badgeCategoryId: '3',
      eventId: '1',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Send 2 links' }));
    expect(await screen.findByText(/2 registration links sent/)).toBeTruthy();
    expect(seen.filter((r) => r.method === 'POST').map(stepOf)).toEqual(['validate', 'send']);
    expect(screen.queryByRole('button', { name: /Send 2 links/ })).toBeNull();
  });

  it('refuses a file that is not a spreadsheet, or too large, without uploading it', async () => {
    signIn(demo.exhibitor());
    const seen = answer(() => undefined);
    renderRoute('/', [{ path: '/', element: <BulkSendForm eventId={1} /> }]);
    expect(await screen.findByText(/up to 5 MB and 5,000 rows/)).toBeTruthy();
    await chooseFile(new File(['png'], 'photo.png'));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^photo\.png is not a spreadsheet/);
    const large = new File(['x'], 'guests.xlsx');
    Object.defineProperty(large, 'size', { value: 6 * 1024 * 1024 });
    fireEvent.change(screen.getByLabelText('Recipients file'), { target: { files: [large] } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'guests.xlsx is 6.0 MB, over the 5 MB a file may hold. Split it into smaller files.',
    );
    expect(seen.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('lists the bad rows of a refused file and offers no send', async () => {
    signIn(demo.exhibitor());
    const refused: BulkSendReport = {
      ...clean,
      invalidRows: 1,
      rows: [
        {
          row: 3,
          action: null,
          errors: [{ column: 'email', message: 'Also in row 2' }],
          values: { email: 'ada@x.org', firstName: 'Ada', lastName: 'L' },
        },
      ],
    };
    answer((request) =>
      request.method === 'POST'
        ? {
            status: 422,
            data: { statusCode: 422, error: 'Unprocessable Entity', message: '1 of 2 rows', report: refused },
          }
        : undefined,
    );
    renderRoute('/', [{ path: '/', element: <BulkSendForm eventId={1} /> }]);
    await chooseFile();
    expect(await screen.findByText('Also in row 2')).toBeTruthy();
    expect(screen.getByText('ada@x.org')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('nothing is sent while any row has a problem');
    expect(screen.queryByRole('button', { name: /^Send/ })).toBeNull();
  });

  it('asks an organiser for the owner first, and shows a file-wide error', async () => {
    signIn(demo.eventAdmin());
    answer((request) =>
      request.method === 'POST'
        ? {
            status: 400,
            data: {
              statusCode: 400,
              error: 'Bad Request',
              message: 'The file has no recipients below its header row',
              details: [{ field: 'file', message: 'x' }],
            },
          }
        : request.url === '/admin/exhibitors'
          ? {
              status: 200,
              data: {
                data: [{ id: 9, name: 'Kari N', companyName: 'Widgets' }],
                meta: { page: 1, per_page: 100, total: 1 },
              },
            }
          : undefined,
    );
    renderRoute('/', [{ path: '/', element: <BulkSendForm eventId={1} /> }]);
    expect(await screen.findByText('Choose the owner and a category first.')).toBeTruthy();
    await screen.findByRole('option', { name: 'Widgets' });
    fill(screen.getByLabelText(/^Owner/), '9');
    await chooseFile();
    expect(await screen.findByText('The file has no recipients below its header row')).toBeTruthy();
  });

  it('lets an organiser send from a sub-account’s places, naming its exhibitor too', async () => {
    signIn(demo.eventAdmin());
    const seen = answer((request) => {
      if (request.method === 'POST') return { status: 200, data: { data: clean } };
      if (request.url === '/admin/exhibitors')
        return {
          status: 200,
          data: {
            data: [{ id: 9, name: 'Kari N', companyName: 'Widgets' }],
            meta: { page: 1, per_page: 100, total: 1 },
          },
        };
      if (request.url === '/admin/sub-accounts')
        return {
          status: 200,
          data: {
            data: [{ id: 12, exhibitorId: 9, name: 'Lee S', companyName: 'Widgets' }],
            meta: { page: 1, per_page: 100, total: 1 },
          },
        };
      return undefined;
    });
    renderRoute('/', [{ path: '/', element: <BulkSendForm eventId={1} /> }]);
    await screen.findByRole('option', { name: 'Widgets – Lee S' });
    fill(screen.getByLabelText(/^Owner/), '12');
    await chooseFile();
    expect(await screen.findByText('Every row is fine: nothing has been sent yet.')).toBeTruthy();
    const check = seen.find((r) => r.method === 'POST')!;
    expect(Object.fromEntries((check.body as FormData).entries())).toMatchObject({ exhibitorId: '9', adminId: '12' });
  });

  it('offers the links’ expiry, the event’s last day by default, and sends a changed one', async () => {
    const base = demo.exhibitor();
    signIn({ ...base, user: { ...base.user, event: { ...base.user.event!, endDate: '2099-06-30' } } });
    const seen = answer((request) => (request.method === 'POST' ? { status: 200, data: { data: clean } } : undefined));
    renderRoute('/', [{ path: '/', element: <BulkSendForm eventId={1} /> }]);
    const expiry = screen.getByLabelText('Links valid until') as HTMLInputElement;
    expect(expiry.value).toBe('2099-06-30');
    expect(screen.getByText(/By default the event’s last day/)).toBeTruthy();
    await chooseFile();
    await screen.findByText('Every row is fine: nothing has been sent yet.');
    // The event's last day is the API's own default: nothing to send for it.
    expect((seen.filter((r) => r.method === 'POST')[0]!.body as FormData).has('expiresAt')).toBe(false);

    fill(expiry, '2099-07-01');
    fireEvent.change(screen.getByLabelText('Recipients file'), { target: { files: [new File(['xlsx'], 'guests.xlsx')] } });
    await screen.findByText('Every row is fine: nothing has been sent yet.');
    const posts = seen.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(2);
    expect((posts[1]!.body as FormData).get('expiresAt')).toBe(new Date('2099-07-01T23:59:59').toISOString());
  });
});
