import { z } from 'zod';
import { idSchema, isoDateTime, listQueryWithSort, textLine } from './common';

/** What a template is for: the portal picks a template by its purpose when it sends that mail. */
export const EMAIL_TEMPLATE_PURPOSES = [
  'registration_link',
  'badge_confirmation',
  'invitation',
  'purchase_update',
  'password_reset',
] as const;
export type EmailTemplatePurpose = (typeof EMAIL_TEMPLATE_PURPOSES)[number];

export const EMAIL_TEMPLATE_PURPOSE_LABELS: Readonly<Record<EmailTemplatePurpose, string>> = {
  registration_link: 'Badge registration link',
  badge_confirmation: 'Badge confirmation',
  invitation: 'Account invitation',
  purchase_update: 'Purchase update',
  password_reset: 'Password reset',
};

export type PlaceholderInfo = { name: string; label: string; sample: string };

const person: PlaceholderInfo[] = [
  { name: 'firstName', label: 'First name of the recipient', sample: 'Ada' },
  { name: 'lastName', label: 'Last name of the recipient', sample: 'Lovelace' },
];
const event: PlaceholderInfo[] = [
  { name: 'eventName', label: 'Name of the event', sample: 'Future Industry Expo 2026' },
  { name: 'eventDates', label: 'Dates of the event', sample: '12–14 May 2026' },
  { name: 'companyName', label: 'Company of the recipient', sample: 'Analytical Engines Ltd' },
];
const badgeCategory: PlaceholderInfo = { name: 'badgeCategory', label: 'Badge category', sample: 'Exhibitor staff' };

/**
 * The placeholders each purpose may use, written `{{name}}` in a subject or body. A template using
 * any other name is refused on save, so that no mail goes out reading "Dear {{firstName}}".
 */
export const EMAIL_TEMPLATE_PLACEHOLDERS: Readonly<Record<EmailTemplatePurpose, readonly PlaceholderInfo[]>> = {
  registration_link: [
    ...person,
    ...event,
    badgeCategory,
    { name: 'registrationLink', label: 'Link to the registration form', sample: 'https://portal.example/register/3f9c2a7e' },
  ],
  badge_confirmation: [
    ...person,
    ...event,
    badgeCategory,
    { name: 'badgeCode', label: 'Code of the badge', sample: 'FIE26-7K3M9Q' },
    {
      name: 'badgeQr',
      label: 'QR code of the badge: the image in the HTML part, the badge code in the text part',
      sample: 'FIE26-7K3M9Q',
    },
  ],
  invitation: [...person, ...event, { name: 'invitationLink', label: 'Link to choose a password', sample: 'https://portal.example/accept-invitation?token=sample' }],
  purchase_update: [
    ...person,
    ...event,
    badgeCategory,
    { name: 'quantity', label: 'Number of badges', sample: '25' },
    { name: 'purchaseStatus', label: 'Status of the purchase', sample: 'Approved' },
    {
      name: 'purchaseDetails',
      label: 'What changed: places approved, amount to pay, refund, comment',
      sample: 'Your request for 25 places of Exhibitor staff is approved for 25. Amount to pay: $250.00 (invoice INV-2026-000042).',
    },
    { name: 'invoiceId', label: 'Invoice number', sample: 'INV-2026-000042' },
    { name: 'portalLink', label: 'Link to the purchase in the portal', sample: 'https://portal.example/allocation-purchases' },
  ],
  password_reset: [
    ...person,
    { name: 'resetLink', label: 'Link to choose a new password', sample: 'https://portal.example/reset-password/sample' },
    { name: 'linkValidMinutes', label: 'Minutes the link works', sample: '60' },
  ],
};

/** The link a mail of this purpose exists to carry: without it the mail is of no use, so it must appear in each body. */
export const EMAIL_TEMPLATE_REQUIRED_PLACEHOLDER: Readonly<Partial<Record<EmailTemplatePurpose, string>>> = {
  registration_link: 'registrationLink',
  invitation: 'invitationLink',
  password_reset: 'resetLink',
};

/**
 * The badge's QR code. Its value is never text the template fills in: the HTML part shows the
 * image the mail carries inline (`cid:`), the text part and the subject the badge code.
 */
export const BADGE_QR_PLACEHOLDER = 'badgeQr';

export const placeholderNames = (purpose: EmailTemplatePurpose): string[] => EMAIL_TEMPLATE_PLACEHOLDERS[purpose].map((p) => p.name);

/** The sample values a preview or a test mail fills in where the template's event gives none. */
export function samplePlaceholderValues(purpose: EmailTemplatePurpose): Record<string, string> {
  return Object.fromEntries(EMAIL_TEMPLATE_PLACEHOLDERS[purpose].map((p) => [p.name, p.sample]));
}

export const MAX_TEMPLATE_BODY = 100_000;
export const MAX_TEMPLATE_SUBJECT = 250;

const purposeSchema = z.enum(EMAIL_TEMPLATE_PURPOSES, { error: `Choose one of: ${EMAIL_TEMPLATE_PURPOSES.join(', ')}` });
const subjectSchema = textLine(MAX_TEMPLATE_SUBJECT).refine((value) => !/[\r\n]/.test(value), 'A subject is one line');
const htmlBodySchema = z.string().trim().min(1, 'Required').max(MAX_TEMPLATE_BODY, `At most ${MAX_TEMPLATE_BODY} characters`);
const textBodySchema = z
  .string()
  .max(MAX_TEMPLATE_BODY, `At most ${MAX_TEMPLATE_BODY} characters`)
  .transform((value) => (value.trim() === '' ? null : value))
  .nullish();

export const emailTemplateSchema = z.object({
  id: z.number().int(),
  eventId: z.number().int().nullable(),
  eventName: z.string().nullable(),
  badgeCategoryId: z.number().int().nullable(),
  name: z.string(),
  purpose: z.enum(EMAIL_TEMPLATE_PURPOSES),
  subject: z.string(),
  htmlBody: z.string(),
  textBody: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

export const EMAIL_TEMPLATE_SORTS = ['name', 'purpose', 'createdAt', 'updatedAt'] as const;

export const listEmailTemplatesQuerySchema = listQueryWithSort(EMAIL_TEMPLATE_SORTS).extend({
  eventId: idSchema.optional(),
  purpose: purposeSchema.optional(),
  scope: z.enum(['global', 'event']).optional(),
});
export type ListEmailTemplatesQuery = z.infer<typeof listEmailTemplatesQuerySchema>;

/** `eventId` null (or left out) makes a global template, which system-wide admins alone manage. */
export const createEmailTemplateBodySchema = z.object({
  eventId: idSchema.nullish(),
  badgeCategoryId: idSchema.nullish(),
  name: textLine(200),
  purpose: purposeSchema,
  subject: subjectSchema,
  htmlBody: htmlBodySchema,
  textBody: textBodySchema,
  isActive: z.boolean().default(true),
});
export type CreateEmailTemplateBody = z.input<typeof createEmailTemplateBodySchema>;

/** The event of a template does not change; clone it to another event instead. */
export const updateEmailTemplateBodySchema = z
  .object({
    badgeCategoryId: idSchema.nullable(),
    name: textLine(200),
    purpose: purposeSchema,
    subject: subjectSchema,
    htmlBody: htmlBodySchema,
    textBody: textBodySchema,
    isActive: z.boolean(),
  })
  .partial();
export type UpdateEmailTemplateBody = z.input<typeof updateEmailTemplateBodySchema>;

export const cloneEmailTemplateBodySchema = z.object({
  eventId: idSchema,
  name: textLine(200).optional(),
});
export type CloneEmailTemplateBody = z.input<typeof cloneEmailTemplateBodySchema>;

/**
 * A body to render. `eventId` (and `badgeCategoryId`) name the template's event, whose name, dates,
 * categories and exhibitors fill the placeholders; left out, the caller's own event; null, samples.
 */
export const previewEmailTemplateBodySchema = z.object({
  purpose: purposeSchema,
  subject: subjectSchema,
  htmlBody: htmlBodySchema,
  textBody: textBodySchema,
  eventId: idSchema.nullish(),
  badgeCategoryId: idSchema.nullish(),
});
export type PreviewEmailTemplateBody = z.input<typeof previewEmailTemplateBodySchema>;
/** A preview body as the API reads it, ids parsed. */
export type PreviewEmailTemplateRequest = z.output<typeof previewEmailTemplateBodySchema>;

export const renderedEmailSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type RenderedEmail = z.infer<typeof renderedEmailSchema>;

export const testSendResultSchema = z.object({ outboxId: z.number().int(), toAddress: z.string() });
