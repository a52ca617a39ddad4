import type { CustomFieldType } from '@portal/shared/custom-fields';
import type { LeadSettingsBody } from '@portal/shared/leads';
import { SYSTEM_ROLE_NAMES } from '@portal/shared/roles';
import { parse } from 'csv-parse/sync';
import { randomBytes } from 'node:crypto';
import { badgeCategories, badgeFieldValues, badges, customFields } from '../../db/schema/badges';
import { exhibitorLeadSettings, leadSettings } from '../../db/schema/leads';
import type { TestApp, TestUser, World } from '../../test/harness';

/** Test data for leads written straight to the database (the organiser's and the questions' screens make it in the app). */

export const nonce = () => randomBytes(9).toString('base64url');

/** A capture's body for a badge code, a fresh nonce and now, with the given extras. */
export const scanOf = (code: string, extra: Record<string, unknown> = {}) => ({ code, nonce: nonce(), scannedAt: new Date().toISOString(), ...extra });

export function capture(t: TestApp, user: TestUser, body: Record<string, unknown>) {
  return t.request(user, { method: 'POST', url: '/api/leads', payload: body });
}

export async function visitorCategory(t: TestApp, eventId: number, name = 'Trade visitor'): Promise<number> {
  const [row] = await t.db
    .insert(badgeCategories)
    .values({ eventId, name: `${name} ${randomBytes(3).toString('hex')}`, displayName: name, badgeType: 'visitor' })
    .returning({ id: badgeCategories.id });
  return row!.id;
}

export type VisitorSpec = {
  eventId: number;
  categoryId: number;
  firstName: string;
  lastName: string;
  email?: string;
  phone?: string | null;
  exhibitorId?: number | null;
  status?: 'active' | 'cancelled';
  leadConsentVersion?: number | null;
  /** Answers by custom-field id. */
  values?: Record<number, unknown>;
};

/** A visitor's badge with its answers; answers its id and code. */
export async function visitorBadge(t: TestApp, spec: VisitorSpec): Promise<{ id: number; code: string }> {
  const code = `V${randomBytes(6).toString('hex').toUpperCase()}`;
  const [row] = await t.db
    .insert(badges)
    .values({
      eventId: spec.eventId,
      badgeCategoryId: spec.categoryId,
      exhibitorId: spec.exhibitorId ?? null,
      firstName: spec.firstName,
      lastName: spec.lastName,
      email: spec.email ?? `${code.toLowerCase()}@visitor.example`,
      phone: spec.phone ?? null,
      badgeType: 'visitor',
      status: spec.status ?? 'active',
      code,
      leadConsentVersion: spec.leadConsentVersion ?? null,
      leadConsentAt: spec.leadConsentVersion ? new Date() : null,
    })
    .returning({ id: badges.id, code: badges.code });
  const values = Object.entries(spec.values ?? {});
  if (values.length > 0) {
    await t.db.insert(badgeFieldValues).values(values.map(([fieldId, value]) => ({ badgeId: row!.id, customFieldId: Number(fieldId), value })));
  }
  return row!;
}

export type FieldSpec = {
  eventId: number;
  label: string;
  key?: string;
  type?: CustomFieldType;
  options?: { value: string; label: string }[];
  required?: boolean;
  isPrivate?: boolean;
  /** For an exhibitor's qualifier question (entity type `lead`). */
  exhibitorId?: number;
  sortOrder?: number;
};

/** A custom field of the event (a badge question), or with `exhibitorId` an exhibitor's qualifier question. */
export async function customField(t: TestApp, spec: FieldSpec): Promise<number> {
  const [row] = await t.db
    .insert(customFields)
    .values({
      eventId: spec.eventId,
      label: spec.label,
      key: spec.key ?? `${spec.label.toLowerCase().replace(/\W+/g, '_')}_${randomBytes(3).toString('hex')}`,
      type: spec.type ?? 'text',
      options: spec.options ?? [],
      required: spec.required ?? false,
      isPrivate: spec.isPrivate ?? false,
      entityType: spec.exhibitorId ? 'lead' : 'badge',
      exhibitorId: spec.exhibitorId ?? null,
      sortOrder: spec.sortOrder ?? 0,
    })
    .returning({ id: customFields.id });
  return row!.id;
}

/** The organiser's lead settings of an event, over the defaults. */
export async function setLeadSettings(t: TestApp, eventId: number, settings: Partial<LeadSettingsBody> & { consentVersion?: number }) {
  const values = {
    eventId,
    releasedFields: settings.releasedFields ?? [],
    askConsent: settings.askConsent ?? false,
    consentWording: settings.consentWording ?? null,
    consentVersion: settings.consentVersion ?? (settings.askConsent ? 1 : 0),
    retentionDays: settings.retentionDays ?? 60,
    scanningByDefault: settings.scanningByDefault ?? true,
  };
  await t.db.insert(leadSettings).values(values).onConflictDoUpdate({ target: leadSettings.eventId, set: values });
}

/** The organiser's choice for one exhibitor (null: the event's default). */
export async function setExhibitorScanning(t: TestApp, exhibitorId: number, scanningEnabled: boolean | null) {
  await t.db
    .insert(exhibitorLeadSettings)
    .values({ exhibitorId, scanningEnabled })
    .onConflictDoUpdate({ target: exhibitorLeadSettings.exhibitorId, set: { scanningEnabled } });
}

/** A second sub-account of exhibitor A. */
export function secondSubAccount(t: TestApp, w: World): Promise<TestUser> {
  return t.createUser({ roles: [SYSTEM_ROLE_NAMES.subAccount], eventId: w.eventA, exhibitorId: w.exhibitorA.id, companyId: w.companyA });
}

/** A CSV export back into cells, as a spreadsheet program reads it. */
export function parseCsv(text: string): string[][] {
  return parse(text.replace(/^\uFEFF/, ''), { relax_column_count: true }) as string[][];
}
