import type { CustomField } from '@portal/shared/custom-fields';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, startSession } from '@/lib/session';
import { fakeAdapter, type SeenRequest } from '@/testing/fake-adapter';
import { fill, renderRoute } from '@/testing/render';
import { demo } from '@/testing/sessions';
import { LeadQuestionsPage } from './lead-questions-page';

const originalAdapter = api.defaults.adapter;
afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
});

function question(id: number, label: string, overrides: Partial<CustomField> = {}): CustomField {
  return {
    id,
    eventId: 1,
    badgeCategoryId: null,
    badgeCategoryName: null,
    entityType: 'lead',
    exhibitorId: 4,
    label,
    key: `q${id}`,
    type: 'text',
    options: [],
    required: false,
    isActive: true,
    isPrivate: false,
    sortOrder: id,
    helpText: null,
    validation: {},
    answerCount: 0,
    createdAt: '2027-01-01T00:00:00.000Z',
    updatedAt: '2027-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const QUESTIONS = [question(21, 'Budžets'), question(22, 'Сроки покупки', { type: 'radio', options: [{ value: 'q3', label: 'Q3' }] })];

function serve(questions: CustomField[] = QUESTIONS) {
  const { adapter, seen } = fakeAdapter((request: SeenRequest) => {
    if (request.method === 'GET') return { status: 200, data: { data: questions, meta: { page: 1, per_page: 100, total: questions.length, total_pages: 1 } } };
    if (request.method === 'PUT' && request.url === '/custom-fields/order') return { status: 200, data: { data: questions } };
    return { status: 201, data: { data: question(30, 'New') } };
  });
  api.defaults.adapter = adapter;
  return seen;
}

function renderAs(session: ReturnType<typeof demo.exhibitor>, path = '/leads/questions') {
  startSession({ admin: session.user, token: 't', refreshToken: 'r' });
  return renderRoute(path, [{ path: '/leads/questions', element: <LeadQuestionsPage /> }]);
}

describe('/leads/questions', () => {
  it('lists the exhibitor’s own questions and orders them as one group', async () => {
    const seen = serve();
    renderAs(demo.exhibitor());
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Budžets')).toBeTruthy();
    expect(within(table).getByText('Single choice')).toBeTruthy();
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/custom-fields', params: { entityType: 'lead' } });

    fireEvent.click(screen.getByRole('button', { name: 'Move Budžets down' }));
    await waitFor(() => expect(seen.some((request) => request.method === 'PUT')).toBe(true));
    expect(seen.find((request) => request.method === 'PUT')).toMatchObject({
      url: '/custom-fields/order',
      body: { eventId: 1, entityType: 'lead', ids: [22, 21] },
    });
    expect(screen.getByRole('link', { name: 'New question' }).getAttribute('href')).toBe('/leads/questions?edit=new');
    expect(screen.getByRole('link', { name: 'Edit Сроки покупки' }).getAttribute('href')).toBe('/leads/questions?edit=22');
  });

  it('shows a sub-account the questions without a way to change them, even by address', async () => {
    const seen = serve();
    renderAs(demo.subAccount(), '/leads/questions?edit=new');
    await screen.findByText('Budžets');
    expect(screen.queryByRole('link', { name: 'New question' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Move|Delete/ })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Label' })).toBeNull();
    expect(screen.getByText(/Your exhibitor’s account sets them/)).toBeTruthy();
    expect(seen.every((request) => request.method === 'GET')).toBe(true);
  });

  it('says so when there are no questions yet', async () => {
    serve([]);
    renderAs(demo.exhibitor());
    expect(await screen.findByText('No lead questions yet')).toBeTruthy();
  });

  it('creates a question with the booth’s types only, as a lead question of the exhibitor’s event', async () => {
    const seen = serve();
    const { router } = renderAs(demo.exhibitor(), '/leads/questions?edit=new');
    const type = await screen.findByRole('combobox', { name: 'Type' });
    expect([...(type as HTMLSelectElement).options].map((option) => option.value)).toEqual([
      'text',
      'textarea',
      'radio',
      'select',
      'multiselect',
      'checkbox',
    ]);
    expect(screen.queryByRole('combobox', { name: 'Badge category' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /Private/ })).toBeNull();
    fill(screen.getByRole('textbox', { name: 'Label' }), 'Interested in a demo');
    fill(type, 'checkbox');
    fireEvent.click(screen.getByRole('button', { name: 'Create question' }));
    await waitFor(() => expect(seen.some((request) => request.method === 'POST')).toBe(true));
    expect(seen.find((request) => request.method === 'POST')).toMatchObject({
      url: '/custom-fields',
      body: { eventId: 1, entityType: 'lead', label: 'Interested in a demo', type: 'checkbox', badgeCategoryId: null },
    });
    expect((seen.find((request) => request.method === 'POST')!.body as object)).not.toHaveProperty('isPrivate');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('opens a question to edit by its id', async () => {
    serve();
    renderAs(demo.exhibitor(), '/leads/questions?edit=22');
    expect(((await screen.findByRole('textbox', { name: 'Label' })) as HTMLInputElement).value).toBe('Сроки покупки');
  });

  it('says when the question to edit does not exist', async () => {
    serve();
    renderAs(demo.exhibitor(), '/leads/questions?edit=999');
    expect(await screen.findByText('This question does not exist')).toBeTruthy();
  });
});
