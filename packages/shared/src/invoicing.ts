import { isValidBIC, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { emailSchema, isoDateTime, optionalTextLine } from './common';
import { compactCode, isValidVatId, vatRateSchema } from './vat';

/**
 * The organiser's legal entity and invoicing terms for one event (docs/purchases.md): who issues
 * its invoices, frozen into each one at issue, and how they are numbered.
 */

export const DEFAULT_PAYMENT_TERMS_DAYS = 14;
export const DEFAULT_INVOICE_PREFIX = 'INV';
export const DEFAULT_CREDIT_NOTE_PREFIX = 'CN';

/** PUT replaces the settings whole: a field left out or empty is cleared. */
const emptyToNull = (value: unknown) =>
  value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value;

function checkedCode(max: number, valid: (value: string) => boolean, message: string) {
  return z.preprocess(
    emptyToNull,
    z.string().max(max, `At most ${max} characters`).transform(compactCode).refine(valid, message).nullable(),
  );
}

/** A VAT ID as forms send it: optional, compacted, and of valid format. */
export const vatIdSchema = checkedCode(20, isValidVatId, 'Not a valid VAT ID: start with the country code, such as DE136695976');

/** A series prefix: letters, digits and single separators; the year and running number follow it ("INV-2026-000042"). */
const prefixSchema = z
  .string()
  .trim()
  .toUpperCase()
  .min(1, 'Required')
  .max(20, 'At most 20 characters')
  .regex(/^[A-Z0-9]+(?:[-/_][A-Z0-9]+)*$/, 'Use letters and digits, separated by single - / or _');

/** The issuer's logo: a PNG or JPEG of at most 1 MiB, checked by its bytes on the server. */
export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg'] as const;
/** The multipart part that carries the logo. */
export const LOGO_FIELD = 'logo';

export const issuerLogoSchema = z.object({
  fileName: z.string(),
  contentType: z.enum(LOGO_CONTENT_TYPES),
  sizeBytes: z.number().int(),
});
export type IssuerLogo = z.infer<typeof issuerLogoSchema>;

export const invoiceSettingsSchema = z.object({
  eventId: z.number().int(),
  issuer: z.object({
    name: z.string().nullable(),
    /** The address as one line, as entered before its parts existed; shown while no part is set. */
    address: z.string().nullable(),
    street: z.string().nullable(),
    postcode: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string().nullable(),
    vatId: z.string().nullable(),
    registrationNumber: z.string().nullable(),
    iban: z.string().nullable(),
    bic: z.string().nullable(),
    /** The billing contact: who answers questions about an invoice (XRechnung BT-41/42/43). */
    contactName: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  footer: z.string().nullable(),
  /** Percent for categories without their own rate; null: the event charges no VAT. */
  defaultVatRate: z.number().nullable(),
  /** Whether category prices include the VAT (gross) or have it added (net). */
  pricesIncludeTax: z.boolean(),
  /** Why a 0 % rate charges nothing, printed on the invoice. */
  vatExemptionText: z.string().nullable(),
  paymentTermsDays: z.number().int(),
  invoicePrefix: z.string(),
  creditNotePrefix: z.string(),
  /** Null until the organiser first saved them (the defaults apply). */
  updatedAt: isoDateTime.nullable(),
  /** The issuer's logo, drawn on documents issued from now on; null: none. */
  logo: issuerLogoSchema.nullable(),
});
export type InvoiceSettings = z.infer<typeof invoiceSettingsSchema>;

export const updateInvoiceSettingsBodySchema = z
  .object({
    issuer: z.object({
      name: optionalTextLine(200),
      address: optionalTextLine(500),
      street: optionalTextLine(200),
      postcode: optionalTextLine(20),
      city: optionalTextLine(100),
      country: z.preprocess(
        emptyToNull,
        z
          .string()
          .trim()
          .toUpperCase()
          .regex(/^[A-Z]{2}$/, 'Use the two-letter country code (ISO 3166-1), such as DE or LV')
          .nullable(),
      ),
      vatId: vatIdSchema,
      registrationNumber: optionalTextLine(50),
      iban: checkedCode(34, isValidIBAN, 'Not a valid IBAN: check the country code, length and check digits'),
      bic: checkedCode(11, isValidBIC, 'Not a valid BIC: 8 or 11 letters and digits, such as COBADEFFXXX'),
      contactName: optionalTextLine(200),
      email: z.preprocess(emptyToNull, emailSchema.nullable()),
      phone: optionalTextLine(50),
    }),
    footer: optionalTextLine(1000),
    defaultVatRate: z.preprocess((value) => (value === '' ? null : value), vatRateSchema.nullable()).default(null),
    pricesIncludeTax: z.boolean().default(false),
    vatExemptionText: optionalTextLine(300),
    paymentTermsDays: z
      .number({ error: 'A whole number of days from 0 to 365' })
      .int('A whole number of days from 0 to 365')
      .min(0, 'A whole number of days from 0 to 365')
      .max(365, 'A whole number of days from 0 to 365'),
    invoicePrefix: prefixSchema,
    creditNotePrefix: prefixSchema,
  })
  .refine((body) => body.invoicePrefix !== body.creditNotePrefix, {
    message: 'Invoices and credit notes need different prefixes',
    path: ['creditNotePrefix'],
  })
  .refine((body) => body.defaultVatRate === null || body.issuer.country !== null, {
    message: 'Enter the issuer’s country: it decides when the reverse charge applies',
    path: ['issuer', 'country'],
  });
export type UpdateInvoiceSettingsBody = z.input<typeof updateInvoiceSettingsBodySchema>;

/** The issuer as an invoice keeps it, frozen at issue. */
export const documentIssuerSchema = invoiceSettingsSchema.shape.issuer;
export type DocumentIssuer = z.infer<typeof documentIssuerSchema>;

type AddressParts = { address?: string | null; street?: string | null; postcode?: string | null; city?: string | null };

/**
 * An address as printed, line by line: its parts (street; postcode and city) once any is set,
 * else the one line entered before the parts existed.
 */
export function addressLines(address: AddressParts): string[] {
  const place = [address.postcode, address.city].filter(Boolean).join(' ');
  const parts = [address.street, place].filter((line): line is string => Boolean(line));
  return parts.length ? parts : address.address ? [address.address] : [];
}
