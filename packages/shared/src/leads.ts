import { z } from 'zod';
import { idSchema, isoDateInput, isoDateTime, isoDateTimeInput, listQueryWithSort } from './common';

/**
 * Lead retrieval at the booth (docs/leads.md): an exhibitor's staff scan a visitor's badge and
 * qualify the lead. What of the visitor an exhibitor receives is decided on the server alone, from
 * the event's release list and the visitor's consent, on every path that sends a lead.
 */

export const LEAD_RATINGS = ['cold', 'warm', 'hot'] as const;
export type LeadRating = (typeof LEAD_RATINGS)[number];
export const LEAD_RATING_LABELS: Readonly<Record<LeadRating, string>> = { cold: 'Cold', warm: 'Warm', hot: 'Hot' };

/**
 * The badge's own fields an organiser may release. `company` is the badge's exhibitor's company,
 * or for a badge of no exhibitor its answer to a text field keyed `company`; `category` the badge
 * category's display name.
 */
export const LEAD_STANDARD_FIELDS = ['firstName', 'lastName', 'company', 'email', 'phone', 'category'] as const;
export type LeadStandardField = (typeof LEAD_STANDARD_FIELDS)[number];
export const LEAD_STANDARD_FIELD_LABELS: Readonly<Record<LeadStandardField, string>> = {
  firstName: 'First name',
  lastName: 'Last name',
  company: 'Company',
  email: 'Email',
  phone: 'Phone',
  category: 'Badge category',
};
/** What every lead shows whatever the release list and consent: who it is. */
export const LEAD_ALWAYS_RELEASED: readonly LeadStandardField[] = ['firstName', 'lastName', 'company'];

/** A released custom field of the badge, named in the release list as `field:<id>`. */
export const LEAD_FIELD_PREFIX = 'field:';
export const leadReleaseKey = (customFieldId: number) => `${LEAD_FIELD_PREFIX}${customFieldId}`;

export const DEFAULT_LEAD_RETENTION_DAYS = 60;
export const MAX_LEAD_RETENTION_DAYS = 730;
/** Days before the purge that the exhibitor is reminded to export its leads. */
export const LEAD_PURGE_REMINDER_DAYS = 7;

export const MAX_LEAD_TAGS = 20;
export const MAX_LEAD_TAG_LENGTH = 40;
export const MAX_LEAD_NOTE_LENGTH = 5000;
export const MAX_LEAD_NOTES = 200;
/** A scanned code longer than this is no badge code: answered 404 without a lookup. */
export const MAX_LEAD_CODE_LENGTH = 64;
export const LEAD_EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type LeadExportFormat = (typeof LEAD_EXPORT_FORMATS)[number];

// ---------------------------------------------------------------------------------------------
// The organiser's settings for an event

const releaseKeySchema = z
  .string()
  .refine(
    (key) => (LEAD_STANDARD_FIELDS as readonly string[]).includes(key) || /^field:[1-9]\d{0,9}$/.test(key),
    `A standard field (${LEAD_STANDARD_FIELDS.join(', ')}) or field:<id>`,
  );

export const leadSettingsBodySchema = z.object({
  /** Released to exhibitors beyond name and company, which always are. */
  releasedFields: z
    .array(releaseKeySchema)
    .max(200)
    .refine((keys) => new Set(keys).size === keys.length, 'Each field once'),
  /** Whether visitors are asked at registration to share their contact details with exhibitors who scan them. */
  askConsent: z.boolean(),
  /** The question's wording as shown at registration; required when consent is asked. */
  consentWording: z.string().trim().max(1000, 'At most 1000 characters').nullish(),
  retentionDays: z.number().int().min(1, 'At least 1 day').max(MAX_LEAD_RETENTION_DAYS, `At most ${MAX_LEAD_RETENTION_DAYS} days`),
  /** Whether exhibitors scan leads unless turned off for one of them. */
  scanningByDefault: z.boolean(),
});
export type LeadSettingsBody = z.infer<typeof leadSettingsBodySchema>;

export const leadSettingsSchema = z.object({
  eventId: z.number().int(),
  releasedFields: z.array(z.string()),
  askConsent: z.boolean(),
  consentWording: z.string().nullable(),
  /** Raised each time the wording changes; a visitor's consent and a lead keep the version they saw. */
  consentVersion: z.number().int(),
  retentionDays: z.number().int(),
  scanningByDefault: z.boolean(),
  /** When the event's leads are purged: its end plus the retention. */
  purgeAt: isoDateTime.nullable(),
});
export type LeadSettings = z.infer<typeof leadSettingsSchema>;

/**
 * How an exhibitor's staff may scan: `all` (the exhibitor's switch, or the event's default, is on),
 * `off` (the exhibitor's switch is off), `seats` (the default is off: scanning is sold as an add-on,
 * and only staff given one of the bought seats scan).
 */
export const LEAD_SCANNING_MODES = ['all', 'off', 'seats'] as const;
export type LeadScanningMode = (typeof LEAD_SCANNING_MODES)[number];

/** One exhibitor as the organiser sees it: counts only, never the leads. */
export const exhibitorLeadSummarySchema = z.object({
  exhibitorId: z.number().int(),
  company: z.string().nullable(),
  email: z.string(),
  /** Null: the event's default applies. */
  scanningEnabled: z.boolean().nullable(),
  scanning: z.boolean(),
  leads: z.number().int(),
  scanners: z.number().int(),
  /** The lead-scanning seats bought: the exhibitor's allocations of add-ons that sell scanning. */
  seats: z.number().int(),
  mode: z.enum(LEAD_SCANNING_MODES),
});
export type ExhibitorLeadSummary = z.infer<typeof exhibitorLeadSummarySchema>;

export const exhibitorLeadAccessBodySchema = z.object({ scanningEnabled: z.boolean().nullable() });

// ---------------------------------------------------------------------------------------------
// A lead

const tagSchema = z.string().trim().min(1, 'Required').max(MAX_LEAD_TAG_LENGTH, `At most ${MAX_LEAD_TAG_LENGTH} characters`);
const tagsSchema = z
  .array(tagSchema)
  .max(MAX_LEAD_TAGS, `At most ${MAX_LEAD_TAGS} tags`)
  .transform((tags) => [...new Set(tags)]);
const noteTextSchema = z.string().trim().min(1, 'Required').max(MAX_LEAD_NOTE_LENGTH, `At most ${MAX_LEAD_NOTE_LENGTH} characters`);
/** A note's id is the client's, so a note written offline and sent twice is kept once. */
const noteIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '8 to 64 letters, digits, - or _');
/** Answers to the exhibitor's own questions, by custom-field id; checked against each question. */
const answersSchema = z.record(z.string().regex(/^[1-9]\d{0,9}$/, 'A question id'), z.unknown());

export const captureLeadBodySchema = z.object({
  code: z.string().trim().min(1, 'Required').max(1000),
  nonce: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '8 to 64 letters, digits, - or _'),
  scannedAt: isoDateTimeInput,
  rating: z.enum(LEAD_RATINGS).optional(),
  /** A note to add to the lead (a second scan of the same visitor adds its note beside the first). */
  note: z.object({ id: noteIdSchema, text: noteTextSchema }).optional(),
  tags: tagsSchema.optional(),
  answers: answersSchema.optional(),
});
export type CaptureLeadBody = z.infer<typeof captureLeadBodySchema>;

/**
 * A change to a lead. Fields left out stay as they are. Tags merge three ways when `baseTags` (the
 * tags the client saw) is given, so two people tagging offline lose neither's tags; notes are
 * added or changed by id and never removed by leaving them out; answers change per question.
 */
export const updateLeadBodySchema = z.object({
  rating: z.enum(LEAD_RATINGS).nullable().optional(),
  tags: tagsSchema.optional(),
  baseTags: z.array(z.string()).max(MAX_LEAD_TAGS * 2).optional(),
  notes: z.array(z.object({ id: noteIdSchema, text: noteTextSchema })).max(MAX_LEAD_NOTES).optional(),
  removeNoteIds: z.array(noteIdSchema).max(MAX_LEAD_NOTES).optional(),
  answers: answersSchema.optional(),
});
export type UpdateLeadBody = z.infer<typeof updateLeadBodySchema>;

export const leadNoteSchema = z.object({
  id: z.string(),
  text: z.string(),
  /** Null once the author's account is gone; the name stays. */
  authorId: z.number().int().nullable(),
  authorName: z.string(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type LeadNote = z.infer<typeof leadNoteSchema>;

/** The visitor as released: a field not released is absent, never null or empty. */
export const leadVisitorSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  company: z.string().nullable(),
  email: z.string().optional(),
  phone: z.string().nullable().optional(),
  category: z.string().optional(),
  fields: z.array(z.object({ id: z.number().int(), label: z.string(), value: z.unknown() })).optional(),
});
export type LeadVisitor = z.infer<typeof leadVisitorSchema>;

export const leadSchema = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  exhibitorId: z.number().int(),
  visitor: leadVisitorSchema,
  /** Whether the visitor consented to share contact details, and the wording version it saw; null where not asked. */
  consent: z.object({ given: z.boolean(), version: z.number().int().nullable() }).nullable(),
  scannedAt: isoDateTime,
  scannedBy: z.object({ id: z.number().int().nullable(), name: z.string() }),
  rating: z.enum(LEAD_RATINGS).nullable(),
  tags: z.array(z.string()),
  notes: z.array(leadNoteSchema),
  answers: z.record(z.string(), z.unknown()),
  scans: z.number().int(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Lead = z.infer<typeof leadSchema>;

/** A capture's answer: the lead, and whether this scan made it (false: the visitor was scanned before). */
export const capturedLeadSchema = z.object({ lead: leadSchema, created: z.boolean() });
export type CapturedLead = z.infer<typeof capturedLeadSchema>;

export const LEAD_SORT_KEYS = ['scannedAt', 'name', 'rating', 'updatedAt'] as const;

export const leadListQuerySchema = listQueryWithSort(LEAD_SORT_KEYS).extend({
  rating: z.enum(LEAD_RATINGS).optional(),
  tag: z.string().trim().max(MAX_LEAD_TAG_LENGTH).optional(),
  scannerId: idSchema.optional(),
  /** A day of the event, in the event's time zone. */
  day: isoDateInput.optional(),
});
export type LeadListQuery = z.infer<typeof leadListQuerySchema>;

export const leadExportQuerySchema = leadListQuerySchema.omit({ page: true, per_page: true }).extend({
  format: z.enum(LEAD_EXPORT_FORMATS).default('xlsx'),
});

/** Leads per day (the event's time zone) and per staff member, for the exhibitor's chart. */
export const leadFiguresSchema = z.object({
  total: z.number().int(),
  perDay: z.array(z.object({ day: z.string(), leads: z.number().int() })),
  perScanner: z.array(z.object({ id: z.number().int().nullable(), name: z.string(), leads: z.number().int() })),
});
export type LeadFigures = z.infer<typeof leadFiguresSchema>;

export const leadExportLogEntrySchema = z.object({
  id: z.number().int(),
  byName: z.string(),
  format: z.enum(LEAD_EXPORT_FORMATS),
  rows: z.number().int(),
  createdAt: isoDateTime,
});
export type LeadExportLogEntry = z.infer<typeof leadExportLogEntrySchema>;

/** The exhibitor's own choice: whether its sub-accounts see every lead of the team, or each its own. */
export const leadTeamSettingsSchema = z.object({ shareWithTeam: z.boolean() });
export type LeadTeamSettings = z.infer<typeof leadTeamSettingsSchema>;

// ---------------------------------------------------------------------------------------------
// The organiser's screens

/**
 * A field the organiser may tick in the release list: a standard one (`email`) or a badge custom
 * field (`field:<id>`). Private and file fields are listed too, not releasable, with the reason.
 */
export const leadReleasableFieldSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** Name and company: sent with every lead, whatever the list says. */
  alwaysReleased: z.boolean(),
  releasable: z.boolean(),
  /** Why the field can never be released; null when it can. */
  reason: z.string().nullable(),
  /** A custom field's badge category; null for a standard field or a field of every category. */
  categoryName: z.string().nullable(),
});
export type LeadReleasableField = z.infer<typeof leadReleasableFieldSchema>;

/** The settings with the fields to choose the release list from. */
export const leadSettingsWithFieldsSchema = leadSettingsSchema.extend({ fields: z.array(leadReleasableFieldSchema) });
export type LeadSettingsWithFields = z.infer<typeof leadSettingsWithFieldsSchema>;

export const LEAD_SUMMARY_SORT_KEYS = ['company', 'leads', 'scanners'] as const;
/** The organiser's list of exhibitors with their lead counts; `search` looks in company and email. */
export const leadSummaryListQuerySchema = listQueryWithSort(LEAD_SUMMARY_SORT_KEYS);
export type LeadSummaryListQuery = z.infer<typeof leadSummaryListQuerySchema>;

/** The consent question a visitor is asked at registration: the organiser's wording and its version. */
export const leadConsentQuestionSchema = z.object({ wording: z.string(), version: z.number().int() });
export type LeadConsentQuestion = z.infer<typeof leadConsentQuestionSchema>;

// ---------------------------------------------------------------------------------------------
// Lead scanning sold as an add-on: the seats an exhibitor gives its staff

/** A member of the exhibitor's staff, and whether one of the seats that count is theirs. */
export const leadSeatHolderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  type: z.enum(['exhibitor', 'sub-account']),
  hasSeat: z.boolean(),
});
export type LeadSeatHolder = z.infer<typeof leadSeatHolderSchema>;

export const leadSeatsSchema = z.object({
  mode: z.enum(LEAD_SCANNING_MODES),
  seats: z.number().int(),
  staff: z.array(leadSeatHolderSchema),
});
export type LeadSeats = z.infer<typeof leadSeatsSchema>;

/** Who holds a seat from now on: the whole list, replacing the last one. */
export const leadSeatsBodySchema = z.object({
  adminIds: z
    .array(idSchema)
    .max(1000)
    .transform((ids) => [...new Set(ids)]),
});
export type LeadSeatsBody = z.input<typeof leadSeatsBodySchema>;

/** Whether the caller may scan now, and if not, what to do about it. */
export const leadAccessSchema = z.object({
  canScan: z.boolean(),
  mode: z.enum(LEAD_SCANNING_MODES),
  reason: z.string().nullable(),
});
export type LeadAccess = z.infer<typeof leadAccessSchema>;
