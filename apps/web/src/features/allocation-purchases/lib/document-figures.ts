import { invoiceFigures, type BillingDocument, type InvoiceFigures } from '@portal/shared/allocation-purchases';

export type DocumentFigures = Omit<InvoiceFigures, 'status'> & { status: BillingDocument['status'] };

/**
 * What an issued invoice or credit note shows, through the shared `invoiceFigures` so that the
 * spec's fallbacks (N/A, the default description) are applied by the one rule the API uses too.
 * The document's total is already the amount to pay (or credit), frozen when it was issued; spec
 * §3 gives an invoice one description line.
 */
export function documentFigures(document: BillingDocument): DocumentFigures {
  const [line] = document.lines;
  const figures = invoiceFigures({
    quantity: line?.quantity ?? 0,
    unitPrice: line?.unitPrice ?? 0,
    totalPrice: line?.total ?? document.totalAmount,
    amount_to_pay: document.totalAmount,
    is_paid: document.status === 'PAID',
    description: line?.description,
    badgeCategory: { event: { name: document.eventName } },
    // The document keeps the contact's full name in one field.
    admin: {
      companyName: document.billTo.companyName,
      firstName: document.billTo.contactName,
      email: document.billTo.email,
    },
  });
  return { ...figures, status: document.status };
}
