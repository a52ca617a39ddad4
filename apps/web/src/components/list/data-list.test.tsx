import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { StoreIcon } from 'lucide-react';
import type { RowSelectionState } from '@tanstack/react-table';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, startSession } from '@/lib/session';
import { fakeAdapter } from '@/testing/fake-adapter';
import { demo, sessionOf } from '@/testing/sessions';
import { DataList, type ListColumn } from './data-list';

type Row = { id: number; name: string; booth: string; notes: string };
const ROWS: Row[] = [
  { id: 1, name: 'Acme', booth: 'A1', notes: 'first' },
  { id: 2, name: 'Globex', booth: 'B2', notes: 'second' },
];
const COLUMNS: ListColumn<Row>[] = [
  { id: 'name', header: 'Company', sortKey: 'companyName', hideable: false, cell: (row) => row.name },
  { id: 'booth', header: 'Booth', sortKey: 'booth', cell: (row) => row.booth },
  { id: 'notes', header: 'Notes', hiddenByDefault: true, cell: (row) => row.notes },
];
const META = { page: 1, per_page: 20, total: 2, total_pages: 1 };

const originalAdapter = api.defaults.adapter;
beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:list');
  URL.revokeObjectURL = vi.fn();
  localStorage.clear();
});
afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
});

function Harness({ onSort, onSelect }: { onSort?: (sort: string) => void; onSelect?: (ids: string[]) => void }) {
  const [sort, setSort] = useState('companyName');
  const [selected, setSelected] = useState<RowSelectionState>({});
  return (
    <DataList
      name="exhibitors"
      noun="exhibitors"
      icon={StoreIcon}
      query={{ isPending: false, isError: false, error: null, data: { data: ROWS, meta: META } }}
      columns={COLUMNS}
      getRowId={(row) => row.id}
      sort={{
        value: sort,
        onChange: (next) => {
          setSort(next);
          onSort?.(next);
        },
      }}
      selection={{
        selected,
        onChange: (next) => {
          setSelected(next);
          onSelect?.(Object.keys(next));
        },
        label: (row) => row.name,
      }}
      exportTo={{ url: '/exhibitors/export', params: { search: 'ac', eventId: 3, sort }, fileName: 'exhibitors' }}
      onPageChange={() => {}}
      emptyTitle="No exhibitors yet"
      emptyDescription="None"
    />
  );
}

function renderList(props: Parameters<typeof Harness>[0] = {}) {
  startSession({ admin: demo.eventAdmin().user, token: 't', refreshToken: 'r' });
  return render(<Harness {...props} />);
}

const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) });

async function openMenu(button: string | HTMLElement) {
  fireEvent.keyDown(typeof button === 'string' ? screen.getByRole('button', { name: button }) : button, { key: 'Enter' });
  return screen.findByRole('menu');
}

/** The open menu hides the rest of the page from the accessibility tree: Escape closes it. */
const closeMenu = (menu: HTMLElement) => fireEvent.keyDown(menu, { key: 'Escape' });

describe('DataList', () => {
  it('asks for the other direction, then another column, when a sortable header is clicked', () => {
    const onSort = vi.fn();
    renderList({ onSort });
    expect(header('Company').getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(header('Company')).getByRole('button'));
    expect(onSort).toHaveBeenLastCalledWith('-companyName');
    expect(header('Company').getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(within(header('Booth')).getByRole('button'));
    expect(onSort).toHaveBeenLastCalledWith('booth');
    expect(header('Company').getAttribute('aria-sort')).toBeNull();
  });

  it('offers no sort button on a column the API cannot sort by', async () => {
    renderList();
    const menu = await openMenu('Columns');
    fireEvent.click(within(menu).getByRole('menuitemcheckbox', { name: 'Notes' }));
    closeMenu(menu);
    expect(within(header('Notes')).queryByRole('button')).toBeNull();
  });

  it('remembers the columns a user chose across a remount, for that user only', async () => {
    const first = renderList();
    expect(screen.queryByRole('columnheader', { name: 'Notes' })).toBeNull();
    const menu = await openMenu('Columns');
    // The naming column cannot be hidden, so it is not offered.
    expect(within(menu).queryByRole('menuitemcheckbox', { name: 'Company' })).toBeNull();
    fireEvent.click(within(menu).getByRole('menuitemcheckbox', { name: 'Notes' }));
    fireEvent.click(within(menu).getByRole('menuitemcheckbox', { name: 'Booth' }));
    closeMenu(menu);
    expect(screen.getByRole('columnheader', { name: 'Notes' })).toBeTruthy();
    first.unmount();

    renderList();
    expect(screen.getByRole('columnheader', { name: 'Notes' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: /Booth/ })).toBeNull();
    expect(screen.getByText('second')).toBeTruthy();
    clearSession();
    screen.getByRole('table').closest('div')!.remove();

    // Another user of the same browser sees the list's own defaults.
    startSession({ admin: sessionOf({ id: 99 }).user, token: 't', refreshToken: 'r' });
    render(<Harness />);
    expect(screen.queryByRole('columnheader', { name: 'Notes' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: /Booth/ })).toBeTruthy();
  });

  it('shows a column choice at once in every list of the same name on screen', async () => {
    startSession({ admin: demo.eventAdmin().user, token: 't', refreshToken: 'r' });
    render(
      <>
        <Harness />
        <Harness />
      </>,
    );
    expect(screen.getAllByRole('columnheader', { name: /Booth/ })).toHaveLength(2);
    const menu = await openMenu(screen.getAllByRole('button', { name: 'Columns' })[0]!);
    fireEvent.click(within(menu).getByRole('menuitemcheckbox', { name: 'Booth' }));
    closeMenu(menu);
    expect(screen.queryAllByRole('columnheader', { name: /Booth/ })).toHaveLength(0);
  });

  it('selects rows one by one and the whole page at once', () => {
    const onSelect = vi.fn();
    renderList({ onSelect });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Globex' }));
    expect(onSelect).toHaveBeenLastCalledWith(['2']);
    const all = screen.getByRole('checkbox', { name: 'Select all exhibitors on this page' });
    expect(all.getAttribute('aria-checked')).toBe('mixed');
    fireEvent.click(all);
    expect(onSelect).toHaveBeenLastCalledWith(['1', '2']);
    expect(screen.getByRole('checkbox', { name: 'Select Acme' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(all);
    expect(onSelect).toHaveBeenLastCalledWith([]);
  });

  it('exports with the filters and sort on screen, in the chosen format', async () => {
    const { adapter, seen } = fakeAdapter(() => ({
      status: 200,
      data: new Blob(['x']),
      headers: { 'content-disposition': "attachment; filename*=UTF-8''exhibitors.csv" },
    }));
    api.defaults.adapter = adapter;
    renderList();
    fireEvent.click(within(header('Booth')).getByRole('button'));
    const menu = await openMenu('Export');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Export .csv' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: 'GET',
      url: '/exhibitors/export',
      params: { search: 'ac', eventId: 3, sort: 'booth', format: 'csv' },
    });
  });

  it('heads the list with its title and actions when given', () => {
    startSession({ admin: demo.eventAdmin().user, token: 't', refreshToken: 'r' });
    render(
      <MemoryRouter>
        <DataList
          name="x"
          noun="exhibitors"
          icon={StoreIcon}
          title="Exhibitor Profiles"
          actions={<button type="button">New exhibitor</button>}
          query={{ isPending: true, isError: false, error: null }}
          columns={COLUMNS}
          getRowId={(row) => row.id}
          onPageChange={() => {}}
          emptyTitle="None"
          emptyDescription="None"
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Exhibitor Profiles' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New exhibitor' })).toBeTruthy();
    // While loading, neither a table nor an empty state shows.
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText('None')).toBeNull();
  });

  it('says when the list could not be loaded, and when it is empty', () => {
    startSession({ admin: demo.eventAdmin().user, token: 't', refreshToken: 'r' });
    const props = {
      name: 'x',
      noun: 'exhibitors',
      icon: StoreIcon,
      columns: COLUMNS,
      getRowId: (row: Row) => row.id,
      onPageChange: () => {},
      emptyTitle: 'No exhibitors yet',
      emptyDescription: 'Add one.',
    };
    const view = render(<DataList {...props} query={{ isPending: false, isError: true, error: new Error('x') }} />);
    expect(screen.getByText('The exhibitors could not be loaded')).toBeTruthy();
    view.rerender(
      <DataList {...props} query={{ isPending: false, isError: false, error: null, data: { data: [], meta: META } }} />,
    );
    expect(screen.getByText('No exhibitors yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('lays out a list answered whole, without a pager', () => {
    startSession({ admin: demo.eventAdmin().user, token: 't', refreshToken: 'r' });
    render(
      <DataList
        name="devices"
        noun="devices"
        icon={StoreIcon}
        query={{ isPending: false, isError: false, error: null, data: ROWS }}
        columns={COLUMNS}
        getRowId={(row) => row.id}
        emptyTitle="No devices yet"
        emptyDescription="Pair one."
      />,
    );
    expect(screen.getAllByRole('row')).toHaveLength(ROWS.length + 1);
    expect(screen.getByRole('cell', { name: 'Globex' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('turns a page read by its last id with Newer and Older, from the cursor the server gives', () => {
    startSession({ admin: demo.eventAdmin().user, token: 't', refreshToken: 'r' });
    const older = vi.fn();
    const newer = vi.fn();
    const props = {
      name: 'log',
      noun: 'entries',
      icon: StoreIcon,
      columns: COLUMNS,
      getRowId: (row: Row) => row.id,
      emptyTitle: 'Nothing yet',
      emptyDescription: 'None',
    };
    const page = (nextBefore: number | null, data = ROWS) => ({
      isPending: false,
      isError: false,
      error: null,
      data: { data, meta: { nextBefore } },
    });
    const view = render(<DataList {...props} query={page(2)} keyset={{ hasNewer: false, older, newer }} />);
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
    expect(within(pager).getByRole('button', { name: /Newer/ }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(pager).getByRole('button', { name: /Older/ }));
    expect(older).toHaveBeenCalledWith(2);

    // The last page: only Newer leads on, even when the page read turned out empty.
    view.rerender(<DataList {...props} query={page(null, [])} keyset={{ hasNewer: true, older, newer }} />);
    expect(screen.getByText('Nothing yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Older/ }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /Newer/ }));
    expect(newer).toHaveBeenCalled();

    // A single page has nowhere to go: no pager.
    view.rerender(<DataList {...props} query={page(null)} keyset={{ hasNewer: false, older, newer }} />);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('opens a row on its detail in a full-width row under it, and leaves out an empty toolbar', () => {
    startSession({ admin: demo.eventAdmin().user, token: 't', refreshToken: 'r' });
    const { container } = render(
      <DataList
        name="detail"
        noun="exhibitors"
        icon={StoreIcon}
        query={{ isPending: false, isError: false, error: null, data: ROWS }}
        columns={COLUMNS.map((column) => ({ ...column, hideable: false }))}
        getRowId={(row) => row.id}
        rowDetail={(row) => (row.id === 1 ? <p>Detail of {row.name}</p> : null)}
        emptyTitle="None"
        emptyDescription="None"
      />,
    );
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(ROWS.length + 2);
    const detail = screen.getByText('Detail of Acme').closest('tr')!;
    expect(detail.previousElementSibling).toBe(screen.getByRole('cell', { name: 'Acme' }).closest('tr'));
    // Across the columns shown: Notes is hidden until chosen.
    expect(within(detail).getByRole('cell').getAttribute('colspan')).toBe('2');
    expect(screen.queryByText('Detail of Globex')).toBeNull();
    // Nothing to search, filter, choose or export: the table starts the card.
    expect(screen.queryByRole('button', { name: 'Columns' })).toBeNull();
    expect(container.querySelector('.border-b.p-4')).toBeNull();
  });
});
