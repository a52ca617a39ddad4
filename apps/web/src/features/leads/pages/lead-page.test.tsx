import type { CustomField } from '@portal/shared/custom-fields';
import type { Lead, UpdateLeadBody } from '@portal/shared/leads';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, startSession } from '@/lib/session';
import { fakeAdapter, type Reply, type SeenRequest } from '@/testing/fake-adapter';
import { fill, renderRoute } from '@/testing/render';
import { demo, type sessionOf } from '@/testing/sessions';
import { leadFixture } from '../testing/fixtures';
import { LeadPage } from './lead-page';

const originalAdapter = api.defaults.adapter;
afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
});

function question(overrides: Partial<CustomField>): CustomField {
  return {
    id: 11,
    eventId: 1,
    badgeCategoryId: null,
    badgeCategoryName: null,
    entityType: 'lead',
    exhibitorId: 3,
    label: 'Budget',
    key: 'budget',
    type: 'text',
    options: [],
    required: false,
    isPrivate: false,
    isActive: true,
    sortOrder: 1,
    helpText: null,
    validation: {},
    answerCount: 0,
    createdAt: '2027-01-01T00:00:00.000Z',
    updatedAt: '2027-01-01T00:00:00.000Z',
    ...overrides,
  };
}

type Setup = {
  lead?: Lead;
  session?: ReturnType<typeof sessionOf>;
  /** The qualifier questions, or the API's refusal while the `lead` entity type does not exist. */
  questions?: CustomField[] | Reply;
  update?: (body: UpdateLeadBody, lead: Lead) => Reply;
};

function renderPage({ lead = leadFixture(), session = demo.subAccount(), questions = [], update }: Setup = {}) {
  startSession({ admin: session.user, token: 't', refreshToken: 'r' });
  let current = lead;
  const { adapter, seen } = fakeAdapter((request) => {
    const { url, method } = request;
    if (url === `/leads/${lead.id}` && method === 'GET') return { status: 200, data: { data: current } };
    if (url === `/leads/${lead.id}` && method === 'PUT') {
      const answer = update?.(request.body as UpdateLeadBody, current) ?? { status: 200, data: { data: current } };
      if (answer.status === 200) current = (answer.data as { data: Lead }).data;
      return answer;
    }
    if (url === `/leads/${lead.id}` && method === 'DELETE') return { status: 204 };
    if (url === '/custom-fields') {
      return Array.isArray(questions)
        ? {
            status: 200,
            data: { data: questions, meta: { page: 1, per_page: 100, total: questions.length, total_pages: 1 } },
          }
        : questions;
    }
    return { status: 404, data: { statusCode: 404, error: 'Not Found', message: 'Not found' } };
  });
  api.defaults.adapter = adapter;
  const { router } = renderRoute(`/leads/${lead.id}`, [
    { path: '/leads/:id', element: <LeadPage /> },
    { path: '/leads', element: <p>The list</p> },
  ]);
  return { seen, router };
}

const puts = (seen: SeenRequest[]) => seen.filter((request) => request.method === 'PUT').map((request) => request.body);

describe('LeadPage', () => {
  it('shows the visitor as the API released it, and no label for what it left out', async () => {
    renderPage({
      lead: leadFixture({
        visitor: {
          firstName: 'Олена',
          lastName: 'Шевченко',
          company: 'Київ Автоматика',
          email: 'olena@example.com',
          phone: null,
          fields: [
            { id: 3, label: 'Job title', value: 'CTO' },
            { id: 4, label: 'Dietary needs', value: null },
            { id: 5, label: 'Newsletter', value: false },
          ],
        },
        consent: { given: true, version: 2 },
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Олена Шевченко' })).toBeTruthy();
    expect(screen.getByText('olena@example.com').getAttribute('href')).toBe('mailto:olena@example.com');
    expect(screen.getByText('Job title')).toBeTruthy();
    expect(screen.getByText('CTO')).toBeTruthy();
    expect(screen.getByText('Newsletter')).toBeTruthy();
    // Released but empty, or not released at all: neither gets a label.
    expect(screen.queryByText('Phone')).toBeNull();
    expect(screen.queryByText('Badge category')).toBeNull();
    expect(screen.queryByText('Dietary needs')).toBeNull();
    expect(screen.getByText(/Agreed to share contact details/)).toBeTruthy();
    expect(screen.getByText(/wording version 2/)).toBeTruthy();
  });

  it('shows only name and company when that is all the API sends, and no consent line where none was asked', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Līga Bērziņa' })).toBeTruthy();
    for (const label of ['Email', 'Phone', 'Badge category']) expect(screen.queryByText(label)).toBeNull();
    expect(screen.queryByText(/share contact details/)).toBeNull();
  });

  it('sends each change of tags with the tags as loaded, so a colleague’s tags survive', async () => {
    const { seen } = renderPage({
      lead: leadFixture({ tags: ['robotics'] }),
      // A colleague added "budget 2027" meanwhile: the server's merge keeps it.
      update: (body, lead) => ({
        status: 200,
        data: { data: { ...lead, tags: [...new Set([...(body.tags ?? lead.tags), 'budget 2027'])] } },
      }),
    });
    fill(await screen.findByLabelText('Tags'), 'demo');
    fireEvent.keyDown(screen.getByLabelText('Tags'), { key: 'Enter' });
    await waitFor(() => expect(puts(seen)).toEqual([{ tags: ['robotics', 'demo'], baseTags: ['robotics'] }]));
    const chips = await screen.findByRole('list', { name: 'Current tags' });
    await waitFor(() => expect(within(chips).getAllByRole('listitem')).toHaveLength(3));

    fireEvent.click(screen.getByRole('button', { name: 'Remove tag demo' }));
    await waitFor(() =>
      expect(puts(seen)[1]).toEqual({
        tags: ['robotics', 'budget 2027'],
        baseTags: ['robotics', 'demo', 'budget 2027'],
      }),
    );
  });

  it('saves a rating at once, and clears it', async () => {
    const { seen } = renderPage({
      update: (body, lead) => ({ status: 200, data: { data: { ...lead, rating: body.rating ?? null } } }),
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'Hot' }));
    await waitFor(() => expect(puts(seen)).toEqual([{ rating: 'hot' }]));
    fireEvent.click(await screen.findByRole('button', { name: 'Clear rating' }));
    await waitFor(() => expect(puts(seen)[1]).toEqual({ rating: null }));
  });

  it('never loses a note: a failed save keeps the text, and the retry sends the same note id', async () => {
    let fail = true;
    const { seen } = renderPage({
      update: (body, lead) => {
        if (fail)
          return { status: 503, data: { statusCode: 503, error: 'Unavailable', message: 'The database is away' } };
        const note = body.notes![0]!;
        const at = '2027-03-16T09:00:00.000Z';
        return {
          status: 200,
          data: { data: { ...lead, notes: [{ ...note, authorName: 'Sam Person', createdAt: at, updatedAt: at }] } },
        };
      },
    });
    fill(await screen.findByLabelText('New note'), 'Γιώργος wants a quote by Friday');
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('The database is away')).toBeTruthy();
    expect((screen.getByLabelText('New note') as HTMLTextAreaElement).value).toBe('Γιώργος wants a quote by Friday');

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Γιώργος wants a quote by Friday', { selector: 'p' })).toBeTruthy();
    const [first, second] = puts(seen) as UpdateLeadBody[];
    expect(first!.notes![0]!.id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(second).toEqual(first);
    await waitFor(() => expect((screen.getByLabelText('New note') as HTMLTextAreaElement).value).toBe(''));
  });

  it('offers to change only one’s own notes; the exhibitor account removes any', async () => {
    const notes = [
      {
        id: 'note-own-1',
        text: 'Mine',
        authorId: 1,
        authorName: 'Sam Person',
        createdAt: '2027-03-16T08:10:00.000Z',
        updatedAt: '2027-03-16T08:10:00.000Z',
      },
      {
        id: 'note-else-1',
        text: 'Theirs',
        authorId: 2,
        authorName: 'Emil Staff',
        createdAt: '2027-03-16T08:20:00.000Z',
        updatedAt: '2027-03-16T08:20:00.000Z',
      },
    ];
    const { seen } = renderPage({ lead: leadFixture({ notes }) });
    await screen.findByText('Theirs');
    expect(screen.getAllByRole('button', { name: /^Edit the note/ })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: /^Remove the note/ })).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: /^Edit the note/ }));
    fill(screen.getByLabelText('Edit note'), 'Mine, corrected');
    fireEvent.click(screen.getByRole('button', { name: 'Save note' }));
    await waitFor(() => expect(puts(seen)).toEqual([{ notes: [{ id: 'note-own-1', text: 'Mine, corrected' }] }]));
  });

  it('lets the exhibitor account remove a colleague’s note after confirming', async () => {
    const notes = [
      {
        id: 'note-else-1',
        text: 'Theirs',
        authorId: 2,
        authorName: 'Emil Staff',
        createdAt: '2027-03-16T08:20:00.000Z',
        updatedAt: '2027-03-16T08:20:00.000Z',
      },
    ];
    const { seen } = renderPage({ lead: leadFixture({ notes }), session: demo.exhibitor() });
    fireEvent.click(await screen.findByRole('button', { name: /^Remove the note/ }));
    expect(screen.queryByRole('button', { name: /^Edit the note/ })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove note' }));
    await waitFor(() => expect(puts(seen)).toEqual([{ removeNoteIds: ['note-else-1'] }]));
  });

  it('works with no qualifier questions, even where the API knows no lead questions yet', async () => {
    renderPage({
      questions: { status: 400, data: { statusCode: 400, error: 'Bad Request', message: 'Invalid entityType' } },
    });
    expect(await screen.findByRole('heading', { name: 'Līga Bērziņa' })).toBeTruthy();
    expect(screen.queryByText('Questions')).toBeNull();
    expect(screen.getByText('Notes')).toBeTruthy();
  });

  it('asks the exhibitor’s questions and sends only the answers changed', async () => {
    const { seen } = renderPage({
      lead: leadFixture({ answers: { '12': 'q1' } }),
      questions: [
        question({ id: 11, label: 'Budget', key: 'budget' }),
        question({
          id: 12,
          label: 'Timeline',
          key: 'timeline',
          type: 'radio',
          options: [
            { value: 'q1', label: 'This quarter' },
            { value: 'q2', label: 'Next quarter' },
          ],
        }),
        question({ id: 13, label: 'Old question', key: 'old', isActive: false }),
      ],
    });
    fill(await screen.findByLabelText('Budget'), '50 000 €');
    expect(screen.queryByText('Old question')).toBeNull();
    expect((screen.getByRole('radio', { name: 'This quarter' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save answers' }));
    await waitFor(() => expect(puts(seen)).toEqual([{ answers: { '11': '50 000 €' } }]));
    expect(seen.find((request) => request.url === '/custom-fields')!.params).toMatchObject({ entityType: 'lead' });
  });

  it('deletes the lead once confirmed, and goes back to the list', async () => {
    const { seen, router } = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete lead' }));
    expect(seen.some((request) => request.method === 'DELETE')).toBe(false);
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete lead' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/leads'));
    expect(seen.filter((request) => request.method === 'DELETE').map((request) => request.url)).toEqual(['/leads/7']);
  });
});
