import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, startSession } from '@/lib/session';
import { deferred, type Reply } from '@/testing/fake-adapter';
import { fill, renderRoute } from '@/testing/render';
import { demo } from '@/testing/sessions';
import { AllocationPurchasesPage } from '../pages/allocation-purchases-page';
import { answerRequests, emptyList, listOf, type PurchaseRequest } from '../testing/api';
import { purchaseOf } from '../testing/fixtures';

const originalAdapter = api.defaults.adapter;
let seen: PurchaseRequest[];
let createAnswer: Reply;
let quoteAnswer: (body: QuoteBody) => Reply | Promise<Reply>;

type QuoteBody = { badgeCategoryId: number; quantity: number; vatId?: string };

const CATEGORIES = [
  { id: 4, name: 'Booth staff', displayName: 'Booth staff badge', unitPrice: 2550, currency: 'USD', isActive: true },
  { id: 5, name: 'Contractor', displayName: null, unitPrice: 1000, currency: 'USD', isActive: true },
  { id: 6, name: 'Retired', displayName: null, unitPrice: 100, currency: 'USD', isActive: false },
  { id: 7, name: 'Press', displayName: null, unitPrice: 0, currency: 'USD', isActive: true },
];

/** The server's quote for an event without VAT: the category's price times the places. */
function untaxedQuote({ badgeCategoryId, quantity }: QuoteBody): Reply {
  const net = CATEGORIES.find((category) => category.id === badgeCategoryId)!.unitPrice * quantity;
  const quote = { category: 'O', rate: 0, reverseCharge: false, pricesIncludeTax: false, exemptionReason: 'Not subject to VAT' };
  return { status: 200, data: { data: { ...quote, net, tax: 0, gross: net, currency: 'USD' } } };
}

beforeEach(() => {
  quoteAnswer = untaxedQuote;
  const { user } = demo.exhibitor();
  startSession({
    admin: { ...user, permissions: [...user.permissions, 'create_allocation_purchase'] },
    token: 't',
    refreshToken: 'r',
  });
  seen = answerRequests(({ method, url, body }) => {
    if (method === 'POST' && url === '/admin/allocation-purchases') return createAnswer;
    if (method === 'POST' && url === '/admin/allocation-purchases/quote') return quoteAnswer(body as QuoteBody);
    if (url === '/admin/badge-categories/event/1') return { status: 200, data: { data: CATEGORIES } };
    if (url === '/admin/allocations')
      return {
        status: 200,
        data: listOf([{ badgeCategoryId: 4, adminId: 1, quantity: 10, usedTotal: 10, available: 0 }]),
      };
    return { status: 200, data: emptyList };
  });
});

afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
});

function open(path = '/allocation-purchases?create=4') {
  return renderRoute(path, [{ path: '/allocation-purchases', element: <AllocationPurchasesPage /> }]).router;
}

const price = () => screen.getByTestId('live-price').textContent;
const cost = () => screen.getByRole('region', { name: 'Cost' });
const created = () =>
  seen.filter((request) => request.method === 'POST' && request.url === '/admin/allocation-purchases');
const quotesSent = () =>
  seen.filter((request) => request.url === '/admin/allocation-purchases/quote').map((request) => request.body);
const dialog = () => within(screen.getByRole('dialog'));

describe('CreateAllocationPurchaseDialog', () => {
  it('opens by itself for ?create=<category>, with that category chosen and its places shown', async () => {
    open();
    const category = (await within(await screen.findByRole('dialog')).findByRole('combobox', {
      name: /Category/,
    })) as HTMLSelectElement;
    await waitFor(() => expect(category.value).toBe('4'));
    expect(screen.queryByRole('option', { name: /Retired/ })).toBeNull();
    await waitFor(() => expect(screen.getByText(/You have 10 places, 0 of them still free/)).toBeTruthy());
  });

  it('words each category’s price per place, and a free one as free', async () => {
    open();
    expect(await screen.findByRole('option', { name: 'Booth staff badge · $25.50 per place' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Press · Free' })).toBeTruthy();
    expect(screen.queryByText(/Free per place/)).toBeNull();
  });

  it('shows the total the server quotes for the category and the places asked for, and no VAT lines where the event charges none', async () => {
    open();
    await waitFor(() => expect(price()).toBe('$25.50'));
    expect(cost().textContent).not.toContain('Net');
    fill(screen.getByRole('spinbutton', { name: /Places/ }), '12');
    await waitFor(() => expect(price()).toBe('$306.00'));
    fireEvent.change(dialog().getByRole('combobox', { name: /Category/ }), { target: { value: '5' } });
    await waitFor(() => expect(price()).toBe('$120.00'));
    expect(quotesSent()).toContainEqual({ badgeCategoryId: 5, quantity: 12 });
    fill(screen.getByRole('spinbutton', { name: /Places/ }), '0');
    await waitFor(() => expect(price()).toBe('—'));
  });

  it('shows net, the VAT at its rate and the total to pay', async () => {
    quoteAnswer = () => ({
      status: 200,
      data: {
        data: { category: 'S', rate: 19, reverseCharge: false, pricesIncludeTax: false, exemptionReason: null, net: 2550, tax: 485, gross: 3035, currency: 'USD' },
      },
    });
    open();
    await waitFor(() => expect(price()).toBe('$30.35'));
    expect(cost().textContent).toBe('Net$25.50VAT 19 %$4.85Total to pay$30.35');
  });

  it.each([
    ['AE', 'Reverse charge — VAT to be accounted for by the recipient'],
    ['E', 'Exempt under § 4 Nr. 22 UStG'],
  ])('says why a request taxed %s carries no VAT', async (category, note) => {
    quoteAnswer = ({ vatId }) => ({
      status: 200,
      data: {
        data: vatId
          ? { category, rate: 0, reverseCharge: category === 'AE', pricesIncludeTax: false, exemptionReason: category === 'AE' ? 'Reverse charge: …' : note, net: 2550, tax: 0, gross: 2550, currency: 'USD' }
          : { category: 'S', rate: 19, reverseCharge: false, pricesIncludeTax: false, exemptionReason: null, net: 2550, tax: 485, gross: 3035, currency: 'USD' },
      },
    });
    open();
    await waitFor(() => expect(price()).toBe('$30.35'));
    fill(screen.getByRole('textbox', { name: 'VAT ID' }), 'DE136695976');
    await waitFor(() => expect(price()).toBe('$25.50'));
    expect(cost().textContent).toBe(`Net$25.50VAT$0.00${note}Total to pay$25.50`);
    expect(quotesSent()).toContainEqual({ badgeCategoryId: 4, quantity: 1, vatId: 'DE136695976' });
  });

  it('asks for one quote when the VAT ID is typed quickly, for what was typed last', async () => {
    open();
    await waitFor(() => expect(price()).toBe('$25.50'));
    const before = quotesSent().length;
    for (const typed of ['D', 'DE1', 'DE13669', 'DE136695976']) fill(screen.getByRole('textbox', { name: 'VAT ID' }), typed);
    await waitFor(() => expect(quotesSent()).toHaveLength(before + 1));
    expect(quotesSent().at(-1)).toEqual({ badgeCategoryId: 4, quantity: 1, vatId: 'DE136695976' });
  });

  it('says it is working out the cost while the quote loads', async () => {
    const answer = deferred<Reply>();
    quoteAnswer = () => answer.promise;
    open();
    expect(await within(await screen.findByRole('region', { name: 'Cost' })).findByRole('status')).toBeTruthy();
    expect(cost().getAttribute('aria-busy')).toBe('true');
    expect(price()).toBe('—');
    answer.resolve(untaxedQuote({ badgeCategoryId: 4, quantity: 1 }));
    await waitFor(() => expect(price()).toBe('$25.50'));
    expect(cost().getAttribute('aria-busy')).toBe('false');
    expect(within(cost()).queryByRole('status')).toBeNull();
  });

  it('puts the quote’s refusal of the VAT ID on the VAT ID field', async () => {
    quoteAnswer = ({ vatId }) =>
      vatId
        ? {
            status: 400,
            data: {
              statusCode: 400,
              error: 'Bad Request',
              message: 'Validation failed',
              details: [{ field: 'vatId', message: 'The EU VAT registry (VIES) does not know this VAT ID' }],
            },
          }
        : untaxedQuote({ badgeCategoryId: 4, quantity: 1 });
    open();
    await waitFor(() => expect(price()).toBe('$25.50'));
    fill(screen.getByRole('textbox', { name: 'VAT ID' }), 'DE999999999');
    expect(await screen.findByText('The EU VAT registry (VIES) does not know this VAT ID')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'VAT ID' }).getAttribute('aria-invalid')).toBe('true');
    expect(price()).toBe('—');
    fill(screen.getByRole('textbox', { name: 'VAT ID' }), '');
    await waitFor(() => expect(price()).toBe('$25.50'));
    expect(screen.getByRole('textbox', { name: 'VAT ID' }).getAttribute('aria-invalid')).toBe('false');
  });

  it('shows a quote refused without a field in the summary', async () => {
    quoteAnswer = () => ({ status: 503, data: { statusCode: 503, error: 'Service Unavailable', message: 'The database is not answering' } });
    open();
    await waitFor(() => expect(cost().textContent).toContain('The database is not answering'));
    expect(price()).toBe('—');
  });

  it('sends the VAT ID as the server keeps it', async () => {
    createAnswer = { status: 201, data: { data: purchaseOf() } };
    open();
    await waitFor(() => expect(price()).toBe('$25.50'));
    fill(screen.getByRole('textbox', { name: 'VAT ID' }), ' de 136.695.976 ');
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(created()[0]!.body).toEqual({
      badgeCategoryId: 4,
      quantity: 1,
      vatId: 'DE136695976',
    });
  });

  it('sends the buyer’s reference and billing address for the invoice', async () => {
    createAnswer = { status: 201, data: { data: purchaseOf() } };
    open();
    await waitFor(() => expect(price()).toBe('$25.50'));
    fill(screen.getByRole('textbox', { name: 'Your reference' }), ' 991-01234-56 ');
    fill(screen.getByRole('textbox', { name: 'Billing street and number' }), 'Hauptstraße 5');
    fill(screen.getByRole('textbox', { name: 'Postcode' }), '10115');
    fill(screen.getByRole('textbox', { name: 'City' }), 'Berlin');
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(created()[0]!.body).toEqual({
      badgeCategoryId: 4,
      quantity: 1,
      buyerReference: '991-01234-56',
      billingStreet: 'Hauptstraße 5',
      billingPostcode: '10115',
      billingCity: 'Berlin',
    });
  });

  it('sends category, places and comment, never a price', async () => {
    createAnswer = { status: 201, data: { data: purchaseOf() } };
    const router = open();
    await waitFor(() => expect(price()).toBe('$25.50'));
    fill(screen.getByRole('spinbutton', { name: /Places/ }), '10');
    fill(screen.getByRole('textbox', { name: /Comment/ }), '  For the second hall  ');
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(created()[0]!.body).toEqual({
      badgeCategoryId: 4,
      quantity: 10,
      comment: 'For the second hall',
    });
    expect(router.state.location.search).toBe('');
  });

  it('puts the server’s field errors on their fields and keeps the dialog open', async () => {
    createAnswer = {
      status: 400,
      data: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Validation failed',
        details: [{ field: 'quantity', message: 'At most 10000 places at once' }],
      },
    };
    open();
    await waitFor(() => expect(price()).toBe('$25.50'));
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(screen.getByText('At most 10000 places at once')).toBeTruthy());
    expect(screen.getByRole('spinbutton', { name: /Places/ }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('shows a rule the server refuses without a field (a closed category) above the form', async () => {
    createAnswer = {
      status: 422,
      data: { statusCode: 422, error: 'Unprocessable Entity', message: 'This category is not on sale' },
    };
    open();
    await waitFor(() => expect(price()).toBe('$25.50'));
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This category is not on sale');
  });

  it('checks the places before sending', async () => {
    open();
    await waitFor(() => expect(price()).toBe('$25.50'));
    fill(screen.getByRole('spinbutton', { name: /Places/ }), '2.5');
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('A whole number of places')).toBeTruthy();
    expect(created()).toHaveLength(0);
  });
});
