import type { InvoiceSettings } from '@portal/shared/invoicing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { fakeAdapter, type Reply } from '@/testing/fake-adapter';
import { fill, renderRoute } from '@/testing/render';
import { InvoiceSettingsForm } from './invoice-settings-form';

const originalAdapter = api.defaults.adapter;
afterEach(() => {
  api.defaults.adapter = originalAdapter;
});

const DEFAULTS: InvoiceSettings = {
  eventId: 7,
  issuer: {
    name: null,
    address: null,
    street: null,
    postcode: null,
    city: null,
    country: null,
    vatId: null,
    registrationNumber: null,
    iban: null,
    bic: null,
    contactName: null,
    email: null,
    phone: null,
  },
  footer: null,
  defaultVatRate: null,
  pricesIncludeTax: false,
  vatExemptionText: null,
  logo: null,
  paymentTermsDays: 14,
  invoicePrefix: 'INV',
  creditNotePrefix: 'CN',
  updatedAt: null,
};

function renderForm(answer: Reply, settings: InvoiceSettings = DEFAULTS) {
  const { adapter, seen } = fakeAdapter(() => answer);
  api.defaults.adapter = adapter;
  const saved = { count: 0 };
  renderRoute('/events/7/invoicing', [
    {
      path: '/events/7/invoicing',
      element: <InvoiceSettingsForm settings={settings} cancelTo="/events/7" onSaved={() => saved.count++} />,
    },
  ]);
  return { seen, saved };
}

describe('InvoiceSettingsForm', () => {
  it('sends the issuer in the forms accountants read, and clears what is left empty', async () => {
    const { seen, saved } = renderForm({ status: 200, data: { data: DEFAULTS } });
    fill(screen.getByLabelText('Legal name'), 'Rīgas Izstādes SIA');
    fill(screen.getByLabelText('Country code'), 'lv');
    fill(screen.getByLabelText('VAT ID'), 'LV 4000 3521 600');
    fill(screen.getByLabelText('IBAN'), 'LV80 BANK 0000 4351 9500 1');
    fill(screen.getByLabelText(/^Payment terms/), '30');
    fill(screen.getByLabelText(/^Invoice prefix/), 'riga-expo');
    fireEvent.click(screen.getByRole('button', { name: 'Save invoicing' }));
    await waitFor(() => expect(saved.count).toBe(1));
    expect(seen[0]).toMatchObject({ method: 'PUT', url: '/events/7/invoicing' });
    expect(seen[0]!.body).toMatchObject({
      issuer: {
        name: 'Rīgas Izstādes SIA',
        country: 'LV',
        vatId: 'LV40003521600',
        iban: 'LV80BANK0000435195001',
        bic: null,
      },
      paymentTermsDays: 30,
      invoicePrefix: 'RIGA-EXPO',
      creditNotePrefix: 'CN',
    });
  });

  it('sends the address in its parts and the billing contact, and shows an older one-line address only while it holds one', async () => {
    const { seen, saved } = renderForm({ status: 200, data: { data: DEFAULTS } });
    expect(screen.queryByLabelText(/^Address as one line/)).toBeNull();
    fill(screen.getByLabelText('Street and number'), 'Messeplatz 1');
    fill(screen.getByLabelText('Postcode'), '20357');
    fill(screen.getByLabelText('City'), 'Hamburg');
    fill(screen.getByLabelText(/^Billing contact name/), 'Jana Berg');
    fireEvent.click(screen.getByRole('button', { name: 'Save invoicing' }));
    await waitFor(() => expect(saved.count).toBe(1));
    expect(seen[0]!.body).toMatchObject({
      issuer: { street: 'Messeplatz 1', postcode: '20357', city: 'Hamburg', contactName: 'Jana Berg', address: null },
    });
  });

  it('keeps an older one-line address until it is cleared', async () => {
    const older = { ...DEFAULTS, issuer: { ...DEFAULTS.issuer, address: 'Messeplatz 1, 20357 Hamburg' } };
    const { seen, saved } = renderForm({ status: 200, data: { data: older } }, older);
    const oneLine = screen.getByLabelText(/^Address as one line/) as HTMLTextAreaElement;
    expect(oneLine.value).toBe('Messeplatz 1, 20357 Hamburg');
    fill(oneLine, '');
    fireEvent.click(screen.getByRole('button', { name: 'Save invoicing' }));
    await waitFor(() => expect(saved.count).toBe(1));
    expect(seen[0]!.body).toMatchObject({ issuer: { address: null } });
  });

  it('says what is wrong beside the field, without asking the server', async () => {
    const { seen } = renderForm({ status: 200, data: { data: DEFAULTS } });
    fill(screen.getByLabelText('VAT ID'), 'LV123');
    fill(screen.getByLabelText(/^Payment terms/), 'thirty');
    fireEvent.click(screen.getByRole('button', { name: 'Save invoicing' }));
    expect(await screen.findByText(/Not a valid VAT ID/)).toBeTruthy();
    expect(screen.getByLabelText('VAT ID').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(/^Payment terms/).getAttribute('aria-invalid')).toBe('true');
    expect(seen).toHaveLength(0);
  });

  it('puts the server’s refusal on the field it names', async () => {
    renderForm({
      status: 400,
      data: {
        message: 'Invalid body',
        details: [{ field: 'issuer.bic', message: 'Not a valid BIC: 8 or 11 letters and digits' }],
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save invoicing' }));
    expect(await screen.findByText('Not a valid BIC: 8 or 11 letters and digits')).toBeTruthy();
    expect(screen.getByLabelText('BIC').getAttribute('aria-invalid')).toBe('true');
  });

  it('sends the default VAT rate, whether prices include it, and the exemption text', async () => {
    const { seen, saved } = renderForm({ status: 200, data: { data: DEFAULTS } });
    fill(screen.getByLabelText('Country code'), 'de');
    fill(screen.getByLabelText('Default VAT rate (%)'), '7,5');
    fireEvent.click(screen.getByLabelText(/^Prices include VAT/));
    fill(screen.getByLabelText('VAT exemption text'), 'Exempt under § 4 Nr. 22 UStG');
    fireEvent.click(screen.getByRole('button', { name: 'Save invoicing' }));
    await waitFor(() => expect(saved.count).toBe(1));
    expect(seen[0]!.body).toMatchObject({
      issuer: { country: 'DE' },
      defaultVatRate: 7.5,
      pricesIncludeTax: true,
      vatExemptionText: 'Exempt under § 4 Nr. 22 UStG',
    });
  });

  it('reads an empty rate as an event without VAT, and keeps the saved choices', async () => {
    const { seen, saved } = renderForm(
      { status: 200, data: { data: DEFAULTS } },
      { ...DEFAULTS, issuer: { ...DEFAULTS.issuer, country: 'LV' }, defaultVatRate: 21, pricesIncludeTax: true },
    );
    expect((screen.getByLabelText('Default VAT rate (%)') as HTMLInputElement).value).toBe('21');
    expect((screen.getByLabelText(/^Prices include VAT/) as HTMLInputElement).checked).toBe(true);
    fill(screen.getByLabelText('Default VAT rate (%)'), '');
    expect(screen.getByText('Empty: this event charges no VAT.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save invoicing' }));
    await waitFor(() => expect(saved.count).toBe(1));
    expect(seen[0]!.body).toMatchObject({ defaultVatRate: null, pricesIncludeTax: true, vatExemptionText: null });
  });

  it('says the exemption text is in use when the default rate is 0 %', () => {
    renderForm({ status: 200, data: { data: DEFAULTS } });
    expect(screen.getByText(/^Printed on invoices of categories at 0 %/)).toBeTruthy();
    fill(screen.getByLabelText('Default VAT rate (%)'), '0');
    expect(screen.getByText(/^In use: printed on every invoice at 0 %/)).toBeTruthy();
  });

  it('asks for the issuer’s country with a rate, and refuses a rate that is no percentage, without asking the server', async () => {
    const { seen } = renderForm({ status: 200, data: { data: DEFAULTS } });
    fill(screen.getByLabelText('Default VAT rate (%)'), '19');
    fireEvent.click(screen.getByRole('button', { name: 'Save invoicing' }));
    expect(await screen.findByText(/Enter the issuer’s country/)).toBeTruthy();
    expect(screen.getByLabelText(/^Country code/).getAttribute('aria-invalid')).toBe('true');
    fill(screen.getByLabelText(/^Country code/), 'DE');
    fill(screen.getByLabelText('Default VAT rate (%)'), '119');
    fireEvent.click(screen.getByRole('button', { name: 'Save invoicing' }));
    await waitFor(() => expect(screen.getByLabelText('Default VAT rate (%)').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('A percentage from 0 to 100')).toBeTruthy();
    expect(seen).toHaveLength(0);
  });

  it('puts the server’s refusal of the country on the country field', async () => {
    renderForm({
      status: 400,
      data: {
        message: 'Invalid body',
        details: [{ field: 'issuer.country', message: 'Enter the issuer’s country: it decides when the reverse charge applies' }],
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save invoicing' }));
    expect(await screen.findByText(/it decides when the reverse charge applies/)).toBeTruthy();
    expect(screen.getByLabelText(/^Country code/).getAttribute('aria-invalid')).toBe('true');
  });
});
