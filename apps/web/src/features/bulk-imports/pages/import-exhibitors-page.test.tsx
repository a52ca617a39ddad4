import type { BulkImportReport } from '@portal/shared/bulk-imports';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, startSession } from '@/lib/session';
import { fakeAdapter, type Reply, type SeenRequest } from '@/testing/fake-adapter';
import { renderRoute } from '@/testing/render';
import { demo } from '@/testing/sessions';
import { ImportExhibitorsPage } from './import-exhibitors-page';

const originalAdapter = api.defaults.adapter;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const COLUMNS = ['External id', 'Company', 'Contact email', 'Stand'];

const checked = (overrides: Partial<BulkImportReport> = {}): BulkImportReport => ({
  step: 'validate',
  kind: 'exhibitors',
  fileName: 'exhibitors.xlsx',
  format: 'xlsx',
  encoding: null,
  columns: COLUMNS,
  warnings: [],
  totalRows: 3,
  invalidRows: 0,
  created: 2,
  updated: 0,
  unchanged: 1,
  capacity: null,
  imported: false,
  rows: [
    { row: 2, action: 'create', errors: [] },
    { row: 3, action: 'create', errors: [] },
    { row: 4, action: 'unchanged', errors: [] },
  ],
  ...overrides,
});

const WITH_A_BAD_ROW = checked({
  invalidRows: 1,
  created: 1,
  warnings: [{ row: 3, column: 'Stand', message: 'A formula was read as its value' }],
  rows: [
    { row: 2, action: 'create', errors: [] },
    {
      row: 3,
      action: null,
      errors: [
        { column: 'Contact email', message: 'Not an email address' },
        { column: null, message: 'The same company appears on row 2' },
      ],
      values: { 'External id': 'NX-7', Company: 'Nordlys Robotics', 'Contact email': 'anna(at)nordlys', Stand: 'B12' },
    },
    { row: 4, action: 'unchanged', errors: [] },
  ],
});

beforeEach(() => {
  startSession({ admin: demo.systemAdmin().user, token: 't', refreshToken: 'r' });
  URL.createObjectURL = vi.fn(() => 'blob:file');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
});

/** Answers the event the page names, and through `handle` the bulk-upload calls. */
function serve(handle: (request: SeenRequest) => Reply) {
  const fake = fakeAdapter((request) =>
    request.url === '/events/1'
      ? { status: 200, data: { data: { id: 1, name: 'Baltic Build 2028' } } }
      : handle(request),
  );
  api.defaults.adapter = fake.adapter;
  return fake.seen;
}

function renderPage() {
  return renderRoute('/events/1/exhibitors/bulk-import', [
    { path: '/events/:eventId/exhibitors/bulk-import', element: <ImportExhibitorsPage /> },
    { path: '/exhibitors', element: <p>exhibitor list</p> },
  ]);
}

function chooseFile(name = 'exhibitors.xlsx', type = XLSX, content = 'PK\u0003\u0004') {
  const file = new File([content], name, { type });
  fireEvent.change(screen.getByLabelText('Your file'), { target: { files: [file] } });
  return file;
}

const stepOf = (request: SeenRequest) => (request.body instanceof FormData ? request.body.get('step') : null);
const uploads = (seen: SeenRequest[]) => seen.filter((request) => request.method === 'POST');
const savedAs = () => {
  const names: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return names;
};

describe('/events/:eventId/exhibitors/bulk-import', () => {
  it('saves the template under the name the server gives', async () => {
    const seen = serve(() => ({
      status: 200,
      data: new Blob(['PK']),
      headers: { 'content-disposition': 'attachment; filename="exhibitors-nordic-tech-expo.xlsx"' },
    }));
    const saved = savedAs();
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Download template' }));
    expect(await screen.findByText('Saved exhibitors-nordic-tech-expo.xlsx.')).toBeTruthy();
    expect(screen.getByText('Baltic Build 2028').parentElement!.textContent).toBe('Into Baltic Build 2028');
    expect(seen.filter((request) => request.url.startsWith('/admin/bulk-upload/'))).toEqual([
      expect.objectContaining({ method: 'GET', url: '/admin/bulk-upload/exhibitors/template', params: { eventId: 1 } }),
    ]);
    expect(saved).toEqual(['exhibitors-nordic-tech-expo.xlsx']);
  });

  it('refuses a file of another type, or over 10 MB, before sending it', async () => {
    const seen = serve(() => ({ status: 200, data: checked() }));
    renderPage();
    chooseFile('exhibitors.pdf', 'application/pdf');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'exhibitors.pdf is not a spreadsheet the portal reads',
    );
    const input = screen.getByLabelText('Your file');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(screen.getByRole('alert').id);

    const big = new File(['PK'], 'huge.xlsx', { type: XLSX });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    fireEvent.change(input, { target: { files: [big] } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('over the 10 MB a file may hold'));
    expect(uploads(seen)).toEqual([]);
  });

  it('shows the server’s reason beside the file when it cannot read the file at all', async () => {
    serve(() => ({
      status: 415,
      data: {
        statusCode: 415,
        error: 'Unsupported Media Type',
        message: 'The file is not an .xlsx or .csv spreadsheet',
        details: [{ field: 'file', message: 'The file is not an .xlsx or .csv spreadsheet' }],
      },
    }));
    renderPage();
    chooseFile('renamed.xlsx');
    expect((await screen.findByRole('alert')).textContent).toBe('The file is not an .xlsx or .csv spreadsheet');
    expect(screen.queryByRole('button', { name: /^Import/ })).toBeNull();
  });

  it('names the size limit when a proxy refuses the upload with a page of its own', async () => {
    serve(() => ({ status: 413, data: '<html><body>413 Request Entity Too Large</body></html>' }));
    renderPage();
    chooseFile();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The file is larger than the server accepts (10 MB). Split it into smaller files.',
    );
  });

  it('checks the file, marks the bad cells with their messages, and imports the corrected file', async () => {
    const replies: Reply[] = [
      { status: 200, data: WITH_A_BAD_ROW },
      {
        status: 200,
        data: new Blob(['PK']),
        headers: { 'content-disposition': 'attachment; filename="exhibitors-errors.xlsx"' },
      },
      { status: 200, data: checked() },
      { status: 200, data: checked({ step: 'import', imported: true }) },
    ];
    const seen = serve(() => replies.shift()!);
    const saved = savedAs();
    renderPage();

    const file = chooseFile();
    await screen.findByRole('heading', { name: 'Check of exhibitors.xlsx' });
    const [validate] = uploads(seen);
    expect(validate!.url).toBe('/admin/bulk-upload/exhibitors');
    const form = validate!.body as FormData;
    expect([...form.keys()]).toEqual(['step', 'eventId', 'file']);
    expect(form.get('step')).toBe('validate');
    expect(form.get('eventId')).toBe('1');
    expect((form.get('file') as File).name).toBe(file.name);

    // The bad row, its bad cell and its messages; the good rows are one click away.
    expect(screen.getByText('1 of 3 rows needs a fix.', { exact: false })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Rows with problems (1)' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(2);
    const badRow = rows[1]!;
    expect(badRow.getAttribute('aria-invalid')).toBe('true');
    const badCell = within(badRow).getByText('anna(at)nordlys').closest('td')!;
    expect(badCell.textContent).toBe('anna(at)nordlysProblem: Not an email address');
    expect(within(badRow).getByText('Nordlys Robotics').closest('td')!.textContent).toBe('Nordlys Robotics');
    expect(within(badRow).getByText('The same company appears on row 2')).toBeTruthy();
    expect(screen.getByText('A formula was read as its value', { exact: false }).textContent).toBe(
      'Row 3, column Stand: A formula was read as its value',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show every row' }));
    expect(within(screen.getByRole('table', { name: 'Every row' })).getAllByRole('row')).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Import 3 rows' })).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: 'Download report with errors' }));
    await waitFor(() => expect(saved).toEqual(['exhibitors-errors.xlsx']));
    expect(stepOf(uploads(seen)[1]!)).toBe('report');

    // The corrected file.
    chooseFile();
    await screen.findByText('Every row can be imported. Nothing is written yet.');
    expect(screen.queryByRole('table', { name: /Rows with problems/ })).toBeNull();
    const importButton = screen.getByRole('button', { name: 'Import 3 rows' });
    expect(importButton).toHaveProperty('disabled', false);
    fireEvent.click(importButton);

    await screen.findByRole('heading', { name: 'Imported 3 rows' });
    expect(stepOf(uploads(seen)[3]!)).toBe('import');
    expect(screen.getByText('From exhibitors.xlsx: 2 created, 0 updated, 1 unchanged.')).toBeTruthy();
    expect(screen.getAllByText('Created')).not.toHaveLength(0);
    fireEvent.click(screen.getByRole('link', { name: 'Back to Exhibitor Profiles' }));
    expect(await screen.findByText('exhibitor list')).toBeTruthy();
  });

  it('asks before updating exhibitors already stored', async () => {
    const replies: Reply[] = [
      { status: 200, data: checked({ created: 1, updated: 1, unchanged: 1 }) },
      { status: 200, data: checked({ step: 'import', imported: true, created: 1, updated: 1, unchanged: 1 }) },
    ];
    const seen = serve(() => replies.shift()!);
    renderPage();
    chooseFile();
    fireEvent.click(await screen.findByRole('button', { name: 'Import 3 rows' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Update 1 existing exhibitor?' });
    expect(uploads(seen)).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import 3 rows' }));
    await screen.findByRole('heading', { name: 'Imported 3 rows' });
    expect(uploads(seen).map(stepOf)).toEqual(['validate', 'import']);
  });

  it('shows the rows that stopped an import refused since the check, and what was written: nothing', async () => {
    const stopped = checked({
      step: 'import',
      invalidRows: 1,
      created: 2,
      unchanged: 0,
      rows: [
        { row: 2, action: 'create', errors: [] },
        { row: 3, action: 'create', errors: [] },
        {
          row: 4,
          action: null,
          errors: [{ column: 'Contact email', message: 'Already used by another exhibitor' }],
          values: { 'External id': '', Company: 'Fjord AS', 'Contact email': 'sales@fjord.example', Stand: '' },
        },
      ],
    });
    const replies: Reply[] = [
      { status: 200, data: checked() },
      {
        status: 422,
        data: { statusCode: 422, error: 'Unprocessable Entity', message: '1 row cannot be imported', report: stopped },
      },
    ];
    serve(() => replies.shift()!);
    renderPage();
    chooseFile();
    fireEvent.click(await screen.findByRole('button', { name: 'Import 3 rows' }));

    expect((await screen.findByRole('alert')).textContent).toBe('1 row cannot be imported Nothing was written.');
    expect(screen.getByText('Already used by another exhibitor')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import 3 rows' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Download report with errors' })).toBeTruthy();
  });
});
