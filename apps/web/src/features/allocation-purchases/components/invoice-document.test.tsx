import { documentTax, REVERSE_CHARGE_WORDING, type VatCategory } from '@portal/shared/vat';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { invoiceOf, purchaseOf } from '../testing/fixtures';
import { InvoiceDocument } from './invoice-document';
import { PurchaseDetails } from './purchase-details-dialog';

function cells() {
  const [, row] = screen.getAllByRole('row');
  return within(row!)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
}

describe('InvoiceDocument', () => {
  it('shows event, number, date, bill-to, the line, the total amount and the status in dollars with two decimals', () => {
    render(
      <InvoiceDocument
        document={invoiceOf({
          lines: [{ description: 'Badge Allocation', quantity: 8, unitPrice: 123450, total: 987600, vatCategory: 'O', vatRate: 0 }],
          totalAmount: 987600,
          notes: 'Pay within 14 days',
        })}
      />,
    );
    const article = screen.getByRole('article', { name: 'Invoice INV-2027-000007' });
    expect(article.textContent).toContain('Nordic Tech Expo 2027');
    expect(article.textContent).toContain('2 February 2027');
    expect(screen.getByRole('region', { name: 'Bill to' }).textContent).toBe(
      'Bill toAurora Robotics ASAda Lindexhibitor@aurora-robotics.example',
    );
    expect(cells()).toEqual(['Badge Allocation', '8', '$1,234.50', '$9,876.00']);
    expect(article.textContent).toContain('Total amount$9,876.00');
    expect(article.textContent).toContain('Payment statusPENDING');
    expect(screen.getByRole('region', { name: 'Notes' }).textContent).toContain('Pay within 14 days');
  });

  it('names the issuer, the supply and due dates, the payment day once paid, and the footer', () => {
    const issuer = {
      name: 'Rīgas Izstādes SIA',
      address: 'Ķīpsalas iela 8, Rīga',
      street: null,
      postcode: null,
      city: null,
      country: 'LV',
      vatId: 'LV40003521600',
      registrationNumber: '40003521600',
      iban: 'LV80BANK0000435195001',
      bic: 'HABALV22',
      contactName: null,
      email: 'billing@expo.example',
      phone: null,
    };
    const { unmount } = render(<InvoiceDocument document={invoiceOf({ issuer, footer: 'Paldies!' })} />);
    expect(screen.getByRole('region', { name: 'Issued by' }).textContent).toBe(
      'Issued byRīgas Izstādes SIAĶīpsalas iela 8, RīgaLVVAT LV40003521600Reg. no. 40003521600IBAN LV80BANK0000435195001 · BIC HABALV22billing@expo.example',
    );
    const article = screen.getByRole('article');
    expect(article.textContent).toContain('Supply date10 March 2027 – 12 March 2027');
    expect(article.textContent).toContain('Due date16 February 2027');
    expect(article.textContent).not.toContain('Paid on');
    expect(screen.getByRole('contentinfo').textContent).toBe('Paldies!');
    unmount();
    render(<InvoiceDocument document={invoiceOf({ status: 'PAID', paidAt: '2027-02-05T09:00:00.000Z' })} />);
    expect(screen.getByRole('article').textContent).toContain('Paid on5 February 2027');
    expect(screen.getByRole('article').textContent).not.toContain('Due date');
    expect(screen.queryByRole('region', { name: 'Issued by' })).toBeNull();
  });

  it('shows a cancelled invoice as CANCELLED with its credit note, and a replacement only when there is one', () => {
    const { unmount } = render(
      <InvoiceDocument document={invoiceOf({ status: 'CANCELLED', cancelledByCreditNoteNumber: 'CN-2027-000002' })} />,
    );
    expect(screen.getByRole('article').textContent).toContain('Payment statusCANCELLED');
    expect(screen.getByRole('article').textContent).toContain('Cancelled by credit note CN-2027-000002.');
    expect(screen.getByRole('article').textContent).not.toContain('replaces it');
    unmount();
    render(
      <InvoiceDocument
        document={invoiceOf({
          status: 'CANCELLED',
          cancelledByCreditNoteNumber: 'CN-2027-000002',
          replacedByInvoiceNumber: 'INV-2027-000009',
        })}
      />,
    );
    expect(screen.getByRole('article').textContent).toContain(
      'Cancelled by credit note CN-2027-000002; invoice INV-2027-000009 replaces it.',
    );
  });

  it.each([
    ['EUR', 7100, ['€71.00', '€213.00'], '€213.00'],
    ['JPY', 4500, ['¥4,500', '¥13,500'], '¥13,500'],
    ['KWD', 45125, ['KWD 45.125', 'KWD 135.375'], 'KWD 135.375'],
  ])(
    'writes %s amounts with the currency’s symbol or code and its own decimals',
    (currency, unitPrice, line, total) => {
      render(
        <InvoiceDocument
          document={invoiceOf({
            currency,
            lines: [{ description: 'Badge Allocation', quantity: 3, unitPrice, total: 3 * unitPrice, vatCategory: 'O', vatRate: 0 }],
            totalAmount: 3 * unitPrice,
          })}
        />,
      );
      expect(cells()).toEqual(['Badge Allocation', '3', ...line]);
      expect(screen.getByRole('article').textContent).toContain(`Total amount${total}`);
    },
  );

  it('writes N/A for a missing event, company, contact and email, and the default description', () => {
    render(
      <InvoiceDocument
        document={invoiceOf({
          eventName: '',
          billTo: { companyName: null, contactName: '  ', email: null, address: null, street: null, postcode: null, city: null, vatNumber: null, country: null },
          lines: [{ description: '', quantity: 2, unitPrice: 500, total: 1000, vatCategory: 'O', vatRate: 0 }],
          totalAmount: 1000,
          status: 'PAID',
        })}
      />,
    );
    expect(screen.getByRole('region', { name: 'Bill to' }).textContent).toBe('Bill toN/AN/AN/A');
    expect(screen.getByRole('article').textContent).toContain('EventN/A');
    expect(cells()).toEqual(['Badge Allocation', '2', '$5.00', '$10.00']);
    expect(screen.getByRole('article').textContent).toContain('Payment statusPAID');
    expect(screen.queryByRole('region', { name: 'Notes' })).toBeNull();
  });

  it('renders a credit note through the same component, naming the invoice it credits', () => {
    render(
      <InvoiceDocument
        document={invoiceOf({
          kind: 'credit_note',
          number: 'CN-2027-000003',
          status: 'CREDITED',
          creditedInvoiceNumber: 'INV-2027-000007',
          totalAmount: 5000,
          lines: [{ description: 'Refund: 2 places', quantity: 2, unitPrice: 2500, total: 5000, vatCategory: 'O', vatRate: 0 }],
        })}
      />,
    );
    const article = screen.getByRole('article', { name: 'Credit note CN-2027-000003' });
    expect(article.textContent).toContain('Credits invoiceINV-2027-000007');
    expect(article.textContent).toContain('Total credited$50.00');
    expect(article.textContent).toContain('StatusCREDITED');
    expect(article.textContent).not.toContain('Payment status');
  });
});

/** A document of `quantity` places at the net `unitPrice`, taxed as the API issues it. */
function taxedInvoice(
  currency: string,
  quantity: number,
  unitPrice: number,
  category: VatCategory,
  rate: number,
  exemptionReason: string | null = null,
) {
  const net = quantity * unitPrice;
  const tax = Math.round((net * rate) / 100);
  return invoiceOf({
    currency,
    lines: [{ description: 'Badge Allocation', quantity, unitPrice, total: net, vatCategory: category, vatRate: rate }],
    totalAmount: net + tax,
    tax: documentTax(
      { category, rateBasisPoints: rate * 100, pricesIncludeTax: false, exemptionReason },
      { net, tax, gross: net + tax },
    ),
  });
}

const breakdown = () =>
  within(screen.getByRole('table', { name: 'VAT breakdown' }))
    .getAllByRole('row')
    .map((row) => [...row.children].map((cell) => cell.textContent));

describe('InvoiceDocument with VAT', () => {
  it('shows a 19 % EUR invoice’s lines net, its breakdown, and the total net, VAT and total amount', () => {
    render(<InvoiceDocument document={taxedInvoice('EUR', 8, 7100, 'S', 19)} />);
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent).slice(0, 4)).toEqual([
      'Description',
      'Quantity',
      'Unit price',
      'Net amount',
    ]);
    expect(cells()).toEqual(['Badge Allocation', '8', '€71.00', '€568.00']);
    expect(breakdown()).toEqual([
      ['Rate', 'Net', 'VAT', 'Gross'],
      ['VAT 19 %', '€568.00', '€107.92', '€675.92'],
    ]);
    expect(screen.getByRole('article').textContent).toContain('Total net€568.00VAT€107.92Total amount€675.92');
    expect(screen.queryByRole('region', { name: 'VAT notes' })).toBeNull();
  });

  it('shows a reverse-charge invoice with no VAT, the directive’s wording and the buyer’s VAT ID', () => {
    const invoice = taxedInvoice('EUR', 8, 7100, 'AE', 0, REVERSE_CHARGE_WORDING);
    render(
      <InvoiceDocument
        document={{ ...invoice, billTo: { ...invoice.billTo, vatNumber: 'DE136695976', country: 'DE' } }}
      />,
    );
    expect(cells()).toEqual(['Badge Allocation', '8', '€71.00', '€568.00']);
    expect(breakdown()[1]).toEqual(['Reverse charge', '€568.00', '€0.00', '€568.00']);
    expect(screen.getByRole('article').textContent).toContain('Total net€568.00VAT€0.00Total amount€568.00');
    expect(screen.getByRole('region', { name: 'VAT notes' }).textContent).toBe(REVERSE_CHARGE_WORDING);
    expect(screen.getByRole('region', { name: 'Bill to' }).textContent).toContain('DEVAT DE136695976');
  });

  it('prints the event’s exemption text on an invoice at 0 %, and a credit note’s total as credited', () => {
    const invoice = taxedInvoice('EUR', 2, 2500, 'E', 0, 'Exempt under § 4 Nr. 22 UStG');
    render(<InvoiceDocument document={{ ...invoice, kind: 'credit_note', status: 'CREDITED' }} />);
    expect(breakdown()[1]).toEqual(['Exempt', '€50.00', '€0.00', '€50.00']);
    expect(screen.getByRole('region', { name: 'VAT notes' }).textContent).toBe('Exempt under § 4 Nr. 22 UStG');
    expect(screen.getByRole('article').textContent).toContain('Total net€50.00VAT€0.00Total credited€50.00');
  });

  it('writes a JPY invoice’s amounts without decimals', () => {
    render(<InvoiceDocument document={taxedInvoice('JPY', 3, 4500, 'S', 10)} />);
    expect(cells()).toEqual(['Badge Allocation', '3', '¥4,500', '¥13,500']);
    expect(breakdown()[1]).toEqual(['VAT 10 %', '¥13,500', '¥1,350', '¥14,850']);
    expect(screen.getByRole('article').textContent).toContain('Total net¥13,500VAT¥1,350Total amount¥14,850');
  });

  it('keeps the layout of a document without VAT: no breakdown, no net totals', () => {
    render(<InvoiceDocument document={invoiceOf()} />);
    expect(screen.queryByRole('table', { name: 'VAT breakdown' })).toBeNull();
    expect(screen.getByRole('article').textContent).not.toContain('Total net');
    expect(screen.getAllByRole('columnheader').at(-1)?.textContent).toBe('Total');
  });
});

describe('PurchaseDetails figures', () => {
  it('falls back to the quantity asked for and the requested total before approval', () => {
    render(<PurchaseDetails purchase={purchaseOf()} onOpenDocument={() => {}} />);
    expect(screen.getByText('Places approved').nextSibling?.textContent).toBe('—');
    expect(screen.getByText('Amount (as requested)').nextSibling?.textContent).toBe('$250.00');
    expect(screen.getByText('Not paid')).toBeTruthy();
  });

  it('shows the amount to pay for the places approved once approved, and paid once paid', () => {
    render(
      <PurchaseDetails
        purchase={purchaseOf({ status: 'paid', accepted_amount: 8, amount_to_pay: 20000, is_paid: true })}
        onOpenDocument={() => {}}
      />,
    );
    expect(screen.getByText('Places approved').nextSibling?.textContent).toBe('8');
    expect(screen.getByText('Amount to pay').nextSibling?.textContent).toBe('$200.00');
    expect(screen.getByText('Paid', { selector: 'span:not([class*=rounded-full])' })).toBeTruthy();
  });

  it('shows the amount to pay with the VAT it includes, and the buyer’s VAT ID', () => {
    render(
      <PurchaseDetails
        purchase={purchaseOf({
          status: 'approved',
          accepted_amount: 8,
          amount_to_pay: 23800,
          buyerVatId: 'LV40003521600',
          buyerReference: null,
          billingStreet: null,
          billingPostcode: null,
          billingCity: null,
          tax: { category: 'S', rate: 19, reverseCharge: false, pricesIncludeTax: false, exemptionReason: null, net: 20000, tax: 3800 },
        })}
        onOpenDocument={() => {}}
      />,
    );
    expect(screen.getByText('Amount to pay').nextSibling?.textContent).toBe('$238.00incl. $38.00 VAT (19 %)');
    expect(screen.getByText('Buyer VAT ID').nextSibling?.textContent).toBe('LV40003521600');
  });

  it.each([
    ['AE', { category: 'AE', reverseCharge: true, exemptionReason: 'Reverse charge: …' }, 'Reverse charge — VAT to be accounted for by the recipient'],
    ['E', { category: 'E', reverseCharge: false, exemptionReason: 'Exempt under § 4 Nr. 22 UStG' }, 'Exempt under § 4 Nr. 22 UStG'],
  ] as const)('says why an approved purchase taxed %s carries no VAT', (_category, tax, note) => {
    render(
      <PurchaseDetails
        purchase={purchaseOf({
          status: 'approved',
          accepted_amount: 8,
          amount_to_pay: 20000,
          buyerVatId: 'DE136695976',
          buyerReference: null,
          billingStreet: null,
          billingPostcode: null,
          billingCity: null,
          tax: { ...tax, rate: 0, pricesIncludeTax: false, net: 20000, tax: 0 },
        })}
        onOpenDocument={() => {}}
      />,
    );
    expect(screen.getByText('Amount to pay').nextSibling?.textContent).toBe(`$200.00${note}`);
  });

  it('says before approval whether the requested amount includes the VAT or has it added', () => {
    const tax = { category: 'S', rate: 7.5, reverseCharge: false, exemptionReason: null, net: null, tax: null } as const;
    const { unmount } = render(
      <PurchaseDetails purchase={purchaseOf({ tax: { ...tax, pricesIncludeTax: false } })} onOpenDocument={() => {}} />,
    );
    expect(screen.getByText('Amount (as requested)').nextSibling?.textContent).toBe('$250.00plus VAT 7.5 %');
    expect(screen.getByText('Buyer VAT ID').nextSibling?.textContent).toBe('—');
    unmount();
    render(<PurchaseDetails purchase={purchaseOf({ tax: { ...tax, pricesIncludeTax: true } })} onOpenDocument={() => {}} />);
    expect(screen.getByText('Amount (as requested)').nextSibling?.textContent).toBe('$250.00incl. VAT 7.5 %');
  });

  it('says nothing of VAT for an event without it', () => {
    render(<PurchaseDetails purchase={purchaseOf()} onOpenDocument={() => {}} />);
    expect(screen.queryByText('Buyer VAT ID')).toBeNull();
    expect(screen.queryByText(/VAT/)).toBeNull();
  });

  it('writes N/A for a requester without a company', () => {
    render(
      <PurchaseDetails
        purchase={purchaseOf({
          admin: { id: 9, companyName: null, firstName: 'Sol', lastName: 'Berg', email: 'sol@x.example' },
        })}
        onOpenDocument={() => {}}
      />,
    );
    expect(screen.getByText('Requested by').nextSibling?.textContent).toBe('N/ASol Berg · sol@x.example');
  });

  it('shows the issuer logo at the top left above the title through an object URL, and nothing without one', () => {
    const logo = new Blob(['png bytes'], { type: 'image/png' });
    // jsdom has no object URLs.
    const createObjectURL = vi.fn(() => 'blob:logo');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const { unmount } = render(<InvoiceDocument document={invoiceOf({ logoFileId: 'f1' })} logo={logo} />);
    expect(createObjectURL).toHaveBeenCalledWith(logo);
    const header = screen.getByRole('article').querySelector('header')!;
    const shown = within(header).getByRole('img', { name: 'Issuer logo' });
    expect(shown.getAttribute('src')).toBe('blob:logo');
    expect(shown.className).toContain('max-w-[140pt]');
    expect(shown.className).toContain('max-h-[50pt]');
    expect(shown.compareDocumentPosition(within(header).getByRole('heading', { name: 'Invoice' }))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    unmount();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:logo');
    render(<InvoiceDocument document={invoiceOf({ logoFileId: 'f1' })} logo={null} />);
    expect(screen.queryByRole('img')).toBeNull();
  });
});
