import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, startSession } from '@/lib/session';
import { fakeAdapter, type Reply, type SeenRequest } from '@/testing/fake-adapter';
import { fill, renderRoute } from '@/testing/render';
import { demo } from '@/testing/sessions';
import { PrintBadgesDialog } from './print-badges-dialog';

const originalAdapter = api.defaults.adapter;

let seen: SeenRequest[];
let answers: Reply[];
const pdf = () => ({ status: 200, data: new Blob(['%PDF-1.3']), headers: { 'content-disposition': "attachment; filename*=UTF-8''badges.pdf", 'x-badge-count': '3' } });

beforeEach(() => {
  startSession({ admin: demo.eventAdmin().user, token: 't', refreshToken: 'r' });
  const fake = fakeAdapter(() => answers.shift()!);
  seen = fake.seen;
  api.defaults.adapter = fake.adapter;
  URL.createObjectURL = vi.fn(() => 'blob:badges');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});

afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
  vi.restoreAllMocks();
});

function open() {
  renderRoute('/users/4', [
    { path: '/users/4', element: <PrintBadgesDialog eventId={1} badgeCategoryId={4} categoryName="Exhibitor staff" /> },
  ]);
  fireEvent.click(screen.getByRole('button', { name: 'Print badges' }));
}

describe('PrintBadgesDialog', () => {
  it('prints the category on the chosen sheet, in the chosen order, and downloads the PDF', async () => {
    answers = [pdf()];
    open();
    fill(screen.getByLabelText('Sheet'), 'a4-8');
    fill(screen.getByLabelText('Order'), 'category');
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));

    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    expect(seen).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: '/admin/badge-prints',
        body: { eventId: 1, badgeCategoryId: 4, sheet: 'a4-8', unprintedOnly: true, sort: 'category' },
      }),
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks for a reason when badges were printed before, then prints them again with it', async () => {
    answers = [
      {
        status: 409,
        data: {
          statusCode: 409,
          error: 'Conflict',
          message: '7 badges were already printed: give a reason to print them again',
          alreadyPrinted: 7,
          examples: [{ id: 9, name: 'Ada Lovelace', lastPrintedAt: '2027-03-02T10:00:00.000Z' }],
        },
      },
      pdf(),
    ];
    open();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Only badges not printed yet' }));
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));

    expect(await screen.findByText('7 badges were already printed — print again?')).toBeTruthy();
    expect(screen.getByText('Ada Lovelace')).toBeTruthy();
    expect(screen.getByText('and 6 more')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Print again' }));
    expect(await screen.findByText('Say why the badge is printed again')).toBeTruthy();
    expect(seen).toHaveLength(1);

    fill(screen.getByLabelText(/Reason for printing again/), 'Lanyard clips broke');
    fireEvent.click(screen.getByRole('button', { name: 'Print again' }));
    await waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[1]!.body).toEqual({ eventId: 1, badgeCategoryId: 4, sheet: 'a4-4', unprintedOnly: false, sort: 'company', reprintReason: 'Lanyard clips broke' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows why a run was refused', async () => {
    answers = [
      {
        status: 400,
        data: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'A 105 × 148 mm badge does not fit “6 per A4 sheet”: choose a sheet with fewer badges per page',
          details: [{ field: 'sheet', message: 'A 105 × 148 mm badge does not fit “6 per A4 sheet”: choose a sheet with fewer badges per page' }],
        },
      },
    ];
    open();
    fill(screen.getByLabelText('Sheet'), 'a4-6');
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect((await screen.findByRole('alert')).textContent).toContain('does not fit “6 per A4 sheet”');
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });
});
