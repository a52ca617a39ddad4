import { z } from 'zod';
import { documentIssuerSchema, vatIdSchema } from './invoicing';
import { documentTaxSchema, VAT_CATEGORIES } from './vat';

/** How a purchase is taxed (decided at request) and, once approved, what its `amount_to_pay` is made of. */
export const purchaseTaxSchema = z.object({
  category: z.enum(VAT_CATEGORIES),
  /** Percent applied (0 unless standard rated). */
  rate: z.number(),
  reverseCharge: z.boolean(),
  pricesIncludeTax: z.boolean(),
  exemptionReason: z.string().nullable(),
  /** Net and tax of `amount_to_pay`, in minor units; null before approval. */
  net: z.number().int().nullable(),
  tax: z.number().int().nullable(),
});
export type PurchaseTax = z.infer<typeof purchaseTaxSchema>;
import { idSchema, isoDateTime, listQueryWithSort, optionalTextLine, textLine, dateOrDateTimeQuery, isoDateTimeInput } from './common';

/**
 * Allocation purchases (spec §3, §7; DESIGN §6). The JSON keeps the spec's field names
 * (`invoice_id`, `accepted_amount`, `amount_to_pay`, `is_paid`, …). Money is in the
 * event currency's minor unit (ISO 4217 exponent: cents for USD, whole yen for JPY, fils for KWD).
 */

export const PURCHASE_STATUSES = [
  'requested',
  'approved',
  'rejected',
  'paid',
  'cancelled',
  'refunded',
  'partially_refunded',
] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

export const PURCHASE_STATUS_LABELS: Readonly<Record<PurchaseStatus, string>> = {
  requested: 'Requested',
  approved: 'Approved',
  rejected: 'Rejected',
  paid: 'Paid',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  partially_refunded: 'Partially refunded',
};

export const PAYMENT_PROVIDERS = ['manual', 'sandbox', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

export const PAYMENT_PROVIDER_LABELS: Readonly<Record<PaymentProviderName, string>> = {
  manual: 'Bank transfer',
  sandbox: 'Sandbox checkout',
  stripe: 'Card (Stripe)',
};

/** The most places one request may ask for. */
export const MAX_PURCHASE_QUANTITY = 10_000;

/** The invoice's one description line when nothing else is given (spec §3). */
export const DEFAULT_INVOICE_DESCRIPTION = 'Badge Allocation';
export const NOT_AVAILABLE = 'N/A';

export const billToSchema = z.object({
  companyName: z.string().nullable(),
  contactName: z.string().nullable(),
  email: z.string().nullable(),
  /** The company's address as one line. */
  address: z.string().nullable(),
  /** The billing address's parts as given with the request; null when none was (then `address` applies). */
  street: z.string().nullable(),
  postcode: z.string().nullable(),
  city: z.string().nullable(),
  vatNumber: z.string().nullable(),
  /** ISO 3166-1 code: the company's country, else its VAT ID's; null when neither says. */
  country: z.string().nullable(),
});
export type BillTo = z.infer<typeof billToSchema>;

/** The invoice as the purchase shows it; the full frozen document is `GET …/{id}/invoice`. */
export const purchaseInvoiceSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  issuedAt: isoDateTime,
  billTo: billToSchema,
  /** The invoice's total in minor units, as issued. */
  totalAmount: z.number().int(),
  /** What credit notes have not yet taken back of it: what a reissue carries, and at most what another credit note may. */
  remainingAmount: z.number().int(),
});

export const creditNoteSummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  /** Credited amount in minor units (positive). */
  amount: z.number().int(),
  issuedAt: isoDateTime,
  reason: z.string(),
  /** The number of the invoice it credits. */
  invoiceNumber: z.string(),
});
export type CreditNoteSummary = z.infer<typeof creditNoteSummarySchema>;

export const allocationPurchaseSchema = z.object({
  id: z.number().int(),
  status: z.enum(PURCHASE_STATUSES),
  /** The current invoice's number, per event and gap-free ("INV-2026-000042"); set at approval. */
  invoice_id: z.string().nullable(),
  /** When it was requested. */
  purchasedAt: isoDateTime,
  /** Places asked for. */
  quantity: z.number().int(),
  /** Places granted at approval (1..quantity). */
  accepted_amount: z.number().int().nullable(),
  /** The category's price per place when requested, in minor units. */
  unitPrice: z.number().int(),
  /** quantity × unitPrice, in minor units. */
  totalPrice: z.number().int(),
  /** What is charged, VAT included: accepted_amount × unitPrice with the VAT the event adds (docs/purchases.md); set at approval. */
  amount_to_pay: z.number().int().nullable(),
  /** The buyer's VAT ID as given with the request. */
  buyerVatId: z.string().nullable(),
  /** The buyer's reference for its invoices (BT-10) as given with the request. */
  buyerReference: z.string().nullable(),
  /** The billing address's parts as given with the request. */
  billingStreet: z.string().nullable(),
  billingPostcode: z.string().nullable(),
  billingCity: z.string().nullable(),
  tax: purchaseTaxSchema,
  refunded_amount: z.number().int(),
  currency: z.string(),
  is_paid: z.boolean(),
  /** The requester's note. */
  comment: z.string().nullable(),
  /** The organiser's note on approval, rejection or cancellation. */
  decision_comment: z.string().nullable(),
  approvedAt: isoDateTime.nullable(),
  rejectedAt: isoDateTime.nullable(),
  paidAt: isoDateTime.nullable(),
  cancelledAt: isoDateTime.nullable(),
  paymentProvider: z.enum(PAYMENT_PROVIDERS).nullable(),
  /** The reference of the payment (bank transfer reference, Stripe payment intent, sandbox session). */
  paymentReference: z.string().nullable(),
  badgeCategory: z.object({
    id: z.number().int(),
    name: z.string(),
    display_name: z.string().nullable(),
    event: z.object({ id: z.number().int(), name: z.string() }),
  }),
  /** The exhibitor or sub-account who asked. */
  admin: z.object({
    id: z.number().int(),
    companyName: z.string().nullable(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
  }),
  /** The exhibitor whose allocation grows (the requester itself, or a sub-account's exhibitor). */
  exhibitorId: z.number().int(),
  invoice: purchaseInvoiceSchema.nullable(),
  creditNotes: z.array(creditNoteSummarySchema),
});
export type AllocationPurchase = z.infer<typeof allocationPurchaseSchema>;

/** Whether a corrected invoice can replace this one: something of it remains, or it was for nothing. */
export const isReissuable = (invoice: { totalAmount: number; remainingAmount: number }): boolean =>
  invoice.remainingAmount > 0 || invoice.totalAmount === 0;

const booleanQuery = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1')
  .optional();


export const PURCHASE_SORTS = [
  'purchasedAt',
  '-purchasedAt',
  'status',
  '-status',
  'totalPrice',
  '-totalPrice',
] as const;

/** The purchase list's sort keys; `PURCHASE_SORTS` adds their descending forms. */
export const PURCHASE_SORT_KEYS = ['purchasedAt', 'status', 'totalPrice'] as const;

export const listAllocationPurchasesQuerySchema = listQueryWithSort(PURCHASE_SORT_KEYS).extend({
  eventId: idSchema.optional(),
  exhibitorId: idSchema.optional(),
  badgeCategoryId: idSchema.optional(),
  status: z.enum(PURCHASE_STATUSES).optional(),
  is_paid: booleanQuery,
  /** Requested on or after (a date or date-time). */
  from: dateOrDateTimeQuery.optional(),
  /** Requested before the end of this day (a date) or before this instant (a date-time). */
  to: dateOrDateTimeQuery.optional(),
});
export type ListAllocationPurchasesQuery = z.infer<typeof listAllocationPurchasesQuerySchema>;

/** The client never sends money: any price it sends is stripped, the server computes it. */
export const createAllocationPurchaseBodySchema = z.object({
  badgeCategoryId: idSchema,
  quantity: z
    .number({ error: 'A whole number of places' })
    .int('A whole number of places')
    .min(1, 'Ask for at least 1 place')
    .max(MAX_PURCHASE_QUANTITY, `At most ${MAX_PURCHASE_QUANTITY} places at once`),
  comment: optionalTextLine(2000),
  /** The buyer's VAT ID: a business in another EU member state than the issuer pays no VAT (reverse charge). */
  vatId: vatIdSchema.optional(),
  /** The buyer's own reference for its invoices (EN 16931 BT-10): a Leitweg-ID, a purchase order number. */
  buyerReference: optionalTextLine(200),
  /** The billing address's parts, for invoices that need them (XRechnung); the company's one-line address otherwise. */
  billingStreet: optionalTextLine(200),
  billingPostcode: optionalTextLine(20),
  billingCity: optionalTextLine(100),
});
export type CreateAllocationPurchaseBody = z.input<typeof createAllocationPurchaseBodySchema>;

/** What a request would cost, as the server will charge it (`POST /allocation-purchases/quote`). */
export const purchaseQuoteSchema = purchaseTaxSchema.extend({
  net: z.number().int(),
  tax: z.number().int(),
  gross: z.number().int(),
  currency: z.string(),
});
export type PurchaseQuote = z.infer<typeof purchaseQuoteSchema>;

export const updateAllocationPurchaseBodySchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('approve'),
    accepted_amount: z
      .number({ error: 'A whole number of places' })
      .int('A whole number of places')
      .min(1, 'Approve at least 1 place')
      .max(MAX_PURCHASE_QUANTITY),
    comment: optionalTextLine(2000),
  }),
  z.object({ action: z.literal('reject'), comment: textLine(2000) }),
  z.object({ action: z.literal('cancel'), comment: optionalTextLine(2000) }),
]);
export type UpdateAllocationPurchaseBody = z.input<typeof updateAllocationPurchaseBodySchema>;

export const paymentTokenSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  /** Where the browser goes to pay: an SPA path (sandbox) or an absolute URL (stripe); null for manual. */
  url: z.string().nullable(),
  /** For the manual provider: how to pay by bank transfer. */
  instructions: z.string().nullable(),
});
export type PaymentToken = z.infer<typeof paymentTokenSchema>;

export const PUBLIC_PAYMENT_STATUSES = ['paid', 'pending', 'failed', 'cancelled'] as const;
export type PublicPaymentStatus = (typeof PUBLIC_PAYMENT_STATUSES)[number];

/**
 * The public status page's capability: the signed token the server put in the provider's return
 * URL (`/payment-status/{id}?t=…`). Without it (or a session that may see the purchase): 404.
 */
export const paymentStatusQuerySchema = z.object({ t: z.string().max(100).optional() });
export type PaymentStatusQuery = z.infer<typeof paymentStatusQuerySchema>;

/**
 * How this portal takes payments, for every screen that shows one: `testPayments` when no real
 * money moves (the sandbox, or Stripe with a test key), so that the screens say "test payments".
 */
export const paymentSettingsSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  testPayments: z.boolean(),
});
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

/** What the holder of the payer's status link may learn: nothing beyond status, amount and event name. */
export const publicPaymentStatusSchema = z.object({
  status: z.enum(PUBLIC_PAYMENT_STATUSES),
  amount: z.number().int(),
  currency: z.string(),
  eventName: z.string(),
});
export type PublicPaymentStatusBody = z.infer<typeof publicPaymentStatusSchema>;

export const createPaymentBodySchema = z.object({
  allocationPurchaseId: idSchema,
  /** The bank transfer's reference. */
  reference: textLine(200),
  paidAt: isoDateTimeInput.optional(),
});
export type CreatePaymentBody = z.input<typeof createPaymentBodySchema>;

export const refundBodySchema = z.object({
  /** Minor units to give back; at most what is paid and not yet refunded. */
  amount: z
    .number({ error: 'An amount in the currency’s smallest unit' })
    .int('A whole number of the currency’s smallest unit')
    .min(1, 'Refund something'),
  reason: textLine(500),
});
export type RefundBody = z.input<typeof refundBodySchema>;

export const reissueInvoiceBodySchema = z.object({ reason: optionalTextLine(500) });
export type ReissueInvoiceBody = z.input<typeof reissueInvoiceBodySchema>;

export const SANDBOX_SESSION_STATES = ['open', 'succeeded', 'failed', 'abandoned'] as const;
export type SandboxSessionState = (typeof SANDBOX_SESSION_STATES)[number];

export const sandboxSessionSchema = z.object({
  amount: z.number().int(),
  currency: z.string(),
  eventName: z.string(),
  description: z.string(),
  state: z.enum(SANDBOX_SESSION_STATES),
});
export type SandboxSession = z.infer<typeof sandboxSessionSchema>;

export const sandboxOutcomeBodySchema = z.object({ outcome: z.enum(['success', 'failure', 'abandon']) });
export type SandboxOutcomeBody = z.input<typeof sandboxOutcomeBodySchema>;

export const sandboxSessionParamsSchema = z.object({ sessionId: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/) });

export const documentLineSchema = z.object({
  description: z.string(),
  quantity: z.number().int(),
  /** Net, in minor units. */
  unitPrice: z.number().int(),
  /** The line's net amount. */
  total: z.number().int(),
  vatCategory: z.enum(VAT_CATEGORIES),
  /** Percent. */
  vatRate: z.number(),
});
export type DocumentLine = z.infer<typeof documentLineSchema>;

/**
 * An invoice or credit note as issued: everything but `status` is the copy frozen at issue time,
 * so later changes to the company, the category or the event never alter it.
 */
export const billingDocumentSchema = z.object({
  kind: z.enum(['invoice', 'credit_note']),
  id: z.number().int(),
  /** "INV-2026-000042" or "CN-2026-000003". */
  number: z.string(),
  allocationPurchaseId: z.number().int(),
  eventId: z.number().int(),
  eventName: z.string(),
  issuedAt: isoDateTime,
  billTo: billToSchema,
  lines: z.array(documentLineSchema),
  currency: z.string(),
  /** Total amount of the document in minor units, VAT included (for a credit note: the amount credited). */
  totalAmount: z.number().int(),
  /** Its VAT: net, tax and gross per rate; documents from before VAT read as not subject to it. */
  tax: documentTaxSchema,
  /**
   * PAID or PENDING for an invoice (spec §4, read live), CANCELLED once a credit note cancelled it
   * (its purchase cancelled, or the invoice replaced by a corrected one); CREDITED for a credit note.
   */
  status: z.enum(['PAID', 'PENDING', 'CANCELLED', 'CREDITED']),
  notes: z.string().nullable(),
  /** For a credit note: the invoice it credits. */
  creditedInvoiceNumber: z.string().nullable(),
  /** For a cancelled invoice: the credit note that cancelled it. */
  cancelledByCreditNoteNumber: z.string().nullable(),
  /** For an invoice replaced by a corrected one: the replacement's number. */
  replacedByInvoiceNumber: z.string().nullable(),
  /** The organiser's legal entity as at issue; null on documents issued before it was recorded. */
  issuer: documentIssuerSchema.nullable(),
  /** The event's invoice footer as at issue. */
  footer: z.string().nullable(),
  /** The buyer's reference (BT-10) given with the request; null when none was (`buyerReferenceOf`). */
  buyerReference: z.string().nullable(),
  /** The issuer's logo as at issue (a stored file the server draws on the PDF); null: none. */
  logoFileId: z.string().nullable(),
  /** When payment is due (issue date + the event's payment terms); null on credit notes. */
  dueDate: z.string().nullable(),
  /** What was supplied when: the event's dates (null when the event had none). */
  supplyPeriod: z.object({ start: z.string(), end: z.string() }).nullable(),
  /** For an invoice: when its purchase was paid (read live), else null. */
  paidAt: isoDateTime.nullable(),
  /** For a paid invoice: the payment's reference (bank transfer reference, Stripe payment intent), read live; else null. */
  paymentReference: z.string().nullable(),
});
export type BillingDocument = z.infer<typeof billingDocumentSchema>;

/** What the invoice shows, with the spec's fallbacks (§3). Accepts a partial purchase. */
export type InvoiceFiguresInput = {
  quantity: number;
  accepted_amount?: number | null;
  unitPrice: number;
  totalPrice: number;
  amount_to_pay?: number | null;
  is_paid?: boolean | null;
  description?: string | null;
  badgeCategory?: { event?: { name?: string | null } | null } | null;
  admin?: {
    companyName?: string | null;
    firstName?: string | null;
    lastName?: string | null;
    email?: string | null;
  } | null;
};

export type InvoiceFigures = {
  eventName: string;
  companyName: string;
  contactName: string;
  email: string;
  description: string;
  quantity: number;
  unitPrice: number;
  /** The line's total: the quantity shown × the unit price. */
  total: number;
  /** amount_to_pay, falling back to totalPrice. */
  totalAmount: number;
  status: 'PAID' | 'PENDING';
};

function orNotAvailable(value: string | null | undefined): string {
  const trimmed = value?.trim();
  return trimmed ? trimmed : NOT_AVAILABLE;
}

export function invoiceFigures(purchase: InvoiceFiguresInput): InvoiceFigures {
  const quantity = purchase.accepted_amount ?? purchase.quantity;
  const contact = [purchase.admin?.firstName, purchase.admin?.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return {
    eventName: orNotAvailable(purchase.badgeCategory?.event?.name),
    companyName: orNotAvailable(purchase.admin?.companyName),
    contactName: orNotAvailable(contact),
    email: orNotAvailable(purchase.admin?.email),
    description: purchase.description?.trim() || DEFAULT_INVOICE_DESCRIPTION,
    quantity,
    unitPrice: purchase.unitPrice,
    total: quantity * purchase.unitPrice,
    totalAmount: purchase.amount_to_pay ?? purchase.totalPrice,
    status: purchase.is_paid ? 'PAID' : 'PENDING',
  };
}

export const INVOICE_FAILURE_MESSAGE = 'Failed to generate invoice. Please try again.';

/** The link every purchase email carries. */
export function purchaseLink(publicUrl: string, purchaseId: number): string {
  return `${publicUrl.replace(/\/+$/, '')}/allocation-purchases?purchase=${purchaseId}`;
}

export const PURCHASE_ACTIONS = ['approve', 'reject', 'cancel', 'pay', 'refund'] as const;
export type PurchaseAction = (typeof PURCHASE_ACTIONS)[number];

/**
 * From which statuses each action may start (DESIGN §6: requested → approved | rejected;
 * approved → paid | cancelled; paid → refunded in part or in full). A requester may also withdraw
 * its own request before the decision. The API enforces this table; screens read it to offer
 * only the actions that can succeed.
 */
export const PURCHASE_ACTION_SOURCES: Readonly<Record<PurchaseAction, readonly PurchaseStatus[]>> = {
  approve: ['requested'],
  reject: ['requested'],
  cancel: ['requested', 'approved'],
  pay: ['approved'],
  refund: ['paid', 'partially_refunded'],
};

export function canStart(action: PurchaseAction, status: PurchaseStatus): boolean {
  return PURCHASE_ACTION_SOURCES[action].includes(status);
}
