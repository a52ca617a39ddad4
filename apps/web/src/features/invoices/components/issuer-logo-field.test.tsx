import type { InvoiceSettings, IssuerLogo } from '@portal/shared/invoicing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { fakeAdapter, type Reply, type SeenRequest } from '@/testing/fake-adapter';
import { renderRoute } from '@/testing/render';
import { useInvoiceSettings } from '../api/invoice-settings';
import { IssuerLogoField } from './issuer-logo-field';

const originalAdapter = api.defaults.adapter;
afterEach(() => {
  api.defaults.adapter = originalAdapter;
});

const SAVED: IssuerLogo = { fileName: 'expo.png', contentType: 'image/png', sizeBytes: 2048 };

const settingsWith = (logo: IssuerLogo | null): InvoiceSettings => ({
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
  paymentTermsDays: 14,
  invoicePrefix: 'INV',
  creditNotePrefix: 'CN',
  updatedAt: null,
  logo,
});

/** The field as the page shows it: fed by the settings query its changes update. */
function Field() {
  const settings = useInvoiceSettings(7);
  return settings.data ? <IssuerLogoField eventId={7} logo={settings.data.logo} /> : null;
}

function renderField(logo: IssuerLogo | null, answer: (request: SeenRequest) => Reply | undefined = () => undefined) {
  let current = logo;
  const { adapter, seen } = fakeAdapter((request) => {
    const answered = answer(request);
    if (answered) return answered;
    if (request.url === '/events/7/invoicing') return { status: 200, data: { data: settingsWith(current) } };
    if (request.method === 'GET') return { status: 200, data: new Blob(['png'], { type: 'image/png' }) };
    if (request.method === 'PUT') {
      current = SAVED;
      return { status: 200, data: { data: settingsWith(current) } };
    }
    current = null;
    return { status: 204 };
  });
  api.defaults.adapter = adapter;
  renderRoute('/events/7/invoicing', [{ path: '/events/7/invoicing', element: <Field /> }]);
  return { seen };
}

const choose = (file: File) => fireEvent.change(screen.getByLabelText('Upload logo'), { target: { files: [file] } });
const png = (bytes = 2048) => new File([new Uint8Array(bytes)], 'expo.png', { type: 'image/png' });

describe('IssuerLogoField', () => {
  it('uploads a chosen PNG at once and shows it as the current logo', async () => {
    const { seen } = renderField(null);
    expect(await screen.findByText(/No logo/)).toBeTruthy();
    choose(png());
    const preview = await screen.findByRole('img', { name: 'Current logo' });
    expect(preview.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByText(/expo\.png/)).toBeTruthy();
    const put = seen.find((request) => request.method === 'PUT')!;
    expect(put.url).toBe('/events/7/invoicing/logo');
    expect((put.body as FormData).get('logo')).toBeInstanceOf(File);
  });

  it('refuses a file of another type or too large beside the field, without asking the server', async () => {
    const { seen } = renderField(null);
    await screen.findByText(/No logo/);
    choose(new File(['%PDF'], 'logo.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Choose a PNG or JPEG picture')).toBeTruthy();
    expect(screen.getByLabelText('Upload logo').getAttribute('aria-invalid')).toBe('true');
    choose(png(1024 * 1024 + 1));
    expect(await screen.findByText(/larger than 1 MB/)).toBeTruthy();
    expect(seen.filter((request) => request.method === 'PUT')).toHaveLength(0);
  });

  it('puts the server’s refusal on the field', async () => {
    renderField(null, (request) =>
      request.method === 'PUT'
        ? {
            status: 400,
            data: {
              message: 'Invalid',
              details: [{ field: 'logo', message: 'The picture cannot be read: save it again as PNG or JPEG' }],
            },
          }
        : undefined,
    );
    await screen.findByText(/No logo/);
    choose(png());
    expect(await screen.findByText(/The picture cannot be read/)).toBeTruthy();
    expect(screen.getByLabelText('Upload logo').getAttribute('aria-invalid')).toBe('true');
  });

  it('removes the logo only once confirmed', async () => {
    const { seen } = renderField(SAVED);
    expect(await screen.findByRole('img', { name: 'Current logo' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(seen.filter((request) => request.method === 'DELETE')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove logo' }));
    expect(await screen.findByText(/No logo/)).toBeTruthy();
    expect(seen.filter((request) => request.method === 'DELETE').map((request) => request.url)).toEqual([
      '/events/7/invoicing/logo',
    ]);
  });
});
