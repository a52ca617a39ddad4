import {
  BADGE_QR_PLACEHOLDER,
  placeholderNames,
  samplePlaceholderValues,
  type CloneEmailTemplateBody,
  type EmailTemplate,
  type EmailTemplatePurpose,
  type ListEmailTemplatesQuery,
  type PreviewEmailTemplateRequest,
  type RenderedEmail,
} from '@portal/shared/email-templates';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { listResult } from '../../lib/listing';
import { recordAudit } from '../audit/audit.repository';
import { scopeOf } from '../auth/scope';
import { enqueueEmail } from '../email/email.repository';
import * as repo from './email-templates.repository';
import { eventPlaceholderValues } from './event-placeholders';
import { badgeQrDataUrl } from '../e-badges/badge-qr';
import { missingPlaceholders, renderTemplate, sanitizeTemplateHtml, unknownPlaceholders, type BadgeQrImage, type TemplateParts } from './template-rendering';

type CreateInput = {
  eventId?: number | null;
  badgeCategoryId?: number | null;
  name: string;
  purpose: EmailTemplatePurpose;
  subject: string;
  htmlBody: string;
  textBody?: string | null;
  isActive: boolean;
};
type UpdateInput = Partial<Omit<CreateInput, 'eventId'>>;

function toTemplate(row: repo.TemplateRow): EmailTemplate {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/**
 * Refuses a template using a placeholder its purpose does not offer, or lacking the one it requires,
 * naming each. The HTML is judged as it will be sent, sanitised: a link left only in a comment or a
 * removed attribute would not reach the reader.
 */
function checkPlaceholders(purpose: EmailTemplatePurpose, parts: TemplateParts): TemplateParts {
  const sanitised = { ...parts, htmlBody: sanitizeTemplateHtml(parts.htmlBody) };
  const errors = [...unknownPlaceholders(purpose, parts), ...missingPlaceholders(purpose, sanitised)];
  if (errors.length) throw new ValidationError(errors.map((e) => e.message).join('; '), errors);
  return sanitised;
}

/** Checked and sanitised parts, ready to store. */
function cleanParts(purpose: EmailTemplatePurpose, parts: TemplateParts): TemplateParts {
  const { htmlBody } = checkPlaceholders(purpose, parts);
  if (htmlBody.trim() === '') throw ValidationError.field('htmlBody', 'Nothing is left of this body once scripts and unsafe markup are removed');
  return { subject: parts.subject, htmlBody, textBody: parts.textBody ?? null };
}

export const TEST_EMAIL_PURPOSE = 'email_template_test';

/** The longest template name (the schemas' `textLine(200)`). */
const MAX_NAME = 200;

/** `name`, or `name (copy)`, `name (copy 2)`… : the first not among `taken` (lower-cased names). */
export function freeCopyName(name: string, taken: Set<string>): string {
  if (!taken.has(name.toLowerCase())) return name;
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? ' (copy)' : ` (copy ${n})`;
    const candidate = `${name.slice(0, MAX_NAME - suffix.length).trimEnd()}${suffix}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

/**
 * The sample badge's QR code, for the purpose that shows one: a `data:` image, which the preview
 * shows in the browser and a test mail carries in its HTML (a real badge's mail carries it as an
 * inline part instead, which every mail client shows).
 */
function sampleQr(purpose: EmailTemplatePurpose, values: Record<string, string>): BadgeQrImage | undefined {
  if (!placeholderNames(purpose).includes(BADGE_QR_PLACEHOLDER)) return undefined;
  const code = values[BADGE_QR_PLACEHOLDER]!;
  return { src: badgeQrDataUrl(code), code };
}

/** The sample links point at this portal, so that a test mail's links lead somewhere real. */
const SAMPLE_ORIGIN = 'https://portal.example';

export function createEmailTemplatesService({ db, publicUrl }: { db: Database; publicUrl: string }) {
  const filterFor = (actor: Actor) => repo.templateScopeFilter(scopeOf(actor.principal));

  async function getInScope(actor: Actor, id: number, conn: Database = db) {
    const row = await repo.findTemplate(conn, id, filterFor(actor));
    if (!row) throw new NotFoundError('Email template');
    return row;
  }

  /** The event a template goes to: left out, the caller's own; null, global (system-wide admins only). */
  async function targetEvent(actor: Actor, eventId: number | null | undefined): Promise<number | null> {
    const scope = scopeOf(actor.principal);
    const own = scope.kind === 'global' ? null : scope.eventId;
    const wanted = eventId === undefined ? own : eventId;
    if (wanted == null) {
      if (scope.kind !== 'global') throw new ForbiddenError('Only system-wide administrators manage global templates');
      return null;
    }
    if (!(await repo.findEventInScope(db, wanted, scope))) throw new NotFoundError('Event');
    return wanted;
  }

  async function checkCategory(eventId: number | null, badgeCategoryId: number | null | undefined): Promise<void> {
    if (badgeCategoryId == null) return;
    if (eventId == null) throw ValidationError.field('badgeCategoryId', 'A global template cannot be tied to a badge category');
    const category = await repo.findCategory(db, badgeCategoryId);
    if (!category || category.eventId !== eventId) throw ValidationError.field('badgeCategoryId', 'Choose a badge category of the template’s event');
  }

  /**
   * What a preview or a test mail fills in: the caller as the recipient, and the template's event —
   * its name and dates, its badge category (or the event's first), an exhibitor's company — so that
   * the organiser reads the mail of their own show; samples where the event has nothing to give
   * (a global template has no event), with links on this portal's address.
   */
  async function previewValues(actor: Actor, purpose: EmailTemplatePurpose, eventId: number | null, badgeCategoryId: number | null) {
    const samples = samplePlaceholderValues(purpose);
    const own: Record<string, string> = {
      firstName: actor.principal.firstName,
      lastName: actor.principal.lastName,
    };
    if (eventId != null) {
      const [event, context] = await Promise.all([eventPlaceholderValues(db, eventId), repo.findSampleContext(db, eventId, badgeCategoryId)]);
      Object.assign(own, event, context.categoryName && { badgeCategory: context.categoryName }, context.companyName && { companyName: context.companyName });
    }
    return Object.fromEntries(
      Object.entries(samples).map(([name, sample]) => [name, own[name] || sample.replace(SAMPLE_ORIGIN, publicUrl)]),
    );
  }

  return {
    async listTemplates(actor: Actor, query: ListEmailTemplatesQuery) {
      const { rows, total } = await repo.listTemplates(db, filterFor(actor), query);
      return listResult(rows.map(toTemplate), total, query);
    },

    async getTemplate(actor: Actor, id: number): Promise<EmailTemplate> {
      return toTemplate(await getInScope(actor, id));
    },

    async createTemplate(actor: Actor, body: CreateInput): Promise<EmailTemplate> {
      const eventId = await targetEvent(actor, body.eventId);
      await checkCategory(eventId, body.badgeCategoryId);
      const values = {
        ...cleanParts(body.purpose, body),
        eventId,
        badgeCategoryId: body.badgeCategoryId ?? null,
        name: body.name,
        purpose: body.purpose,
        isActive: body.isActive,
      };
      const id = await db.transaction(async (tx) => {
        const created = await repo.insertTemplate(tx, values);
        await recordAudit(tx, actor, { action: 'create', entityType: 'email_template', entityId: created, eventId, after: values });
        return created;
      });
      return this.getTemplate(actor, id);
    },

    async updateTemplate(actor: Actor, id: number, body: UpdateInput): Promise<EmailTemplate> {
      const before = await getInScope(actor, id);
      if (body.badgeCategoryId !== undefined) await checkCategory(before.eventId, body.badgeCategoryId);
      const purpose = body.purpose ?? before.purpose;
      const parts = cleanParts(purpose, {
        subject: body.subject ?? before.subject,
        htmlBody: body.htmlBody ?? before.htmlBody,
        textBody: body.textBody === undefined ? before.textBody : body.textBody,
      });
      const values = { ...body, ...parts, purpose };
      await db.transaction(async (tx) => {
        await repo.updateTemplate(tx, id, values);
        await recordAudit(tx, actor, { action: 'update', entityType: 'email_template', entityId: id, eventId: before.eventId, before, after: values });
      });
      return this.getTemplate(actor, id);
    },

    async deleteTemplate(actor: Actor, id: number): Promise<void> {
      const before = await getInScope(actor, id);
      await db.transaction(async (tx) => {
        await repo.deleteTemplate(tx, id);
        await recordAudit(tx, actor, { action: 'delete', entityType: 'email_template', entityId: id, eventId: before.eventId, before });
      });
    },

    /**
     * A copy for an event; badge categories belong to one event, so the copy is event-wide. Names
     * stay unique within the event: a name given that the event already uses is refused (409 on
     * `name`); left out, the source's name, or "… (copy)" when the event already has that one.
     */
    async cloneTemplate(actor: Actor, id: number, body: CloneEmailTemplateBody): Promise<EmailTemplate> {
      const source = await getInScope(actor, id);
      const eventId = (await targetEvent(actor, body.eventId as number))!;
      const cloneId = await db.transaction(async (tx) => {
        const taken = await repo.templateNamesOf(tx, eventId);
        if (body.name !== undefined && taken.has(body.name.toLowerCase()))
          throw new ConflictError(`This event already has a template named ${body.name}`, 'name');
        const values = {
          eventId,
          badgeCategoryId: null,
          name: body.name ?? freeCopyName(source.name, taken),
          purpose: source.purpose,
          subject: source.subject,
          htmlBody: sanitizeTemplateHtml(source.htmlBody),
          textBody: source.textBody,
          isActive: source.isActive,
        };
        const created = await repo.insertTemplate(tx, values);
        await recordAudit(tx, actor, { action: 'clone', entityType: 'email_template', entityId: created, eventId, after: { ...values, clonedFrom: id } });
        return created;
      });
      return this.getTemplate(actor, cloneId);
    },

    /** The body rendered as its event's mail would read, without saving anything. */
    async previewTemplate(actor: Actor, body: PreviewEmailTemplateRequest): Promise<RenderedEmail> {
      const parts = { subject: body.subject, htmlBody: body.htmlBody, textBody: body.textBody ?? null };
      checkPlaceholders(body.purpose, parts);
      const scope = scopeOf(actor.principal);
      const eventId = body.eventId === undefined ? (scope.kind === 'global' ? null : scope.eventId) : body.eventId;
      if (eventId != null && !(await repo.findEventInScope(db, eventId, scope))) throw new NotFoundError('Event');
      await checkCategory(eventId, body.badgeCategoryId);
      const values = await previewValues(actor, body.purpose, eventId, body.badgeCategoryId ?? null);
      return renderTemplate(parts, values, sampleQr(body.purpose, values));
    },

    /** Queues the template, filled in as for a preview, to the caller's own address. */
    async sendTest(actor: Actor, id: number): Promise<{ outboxId: number; toAddress: string }> {
      const template = await getInScope(actor, id);
      const values = await previewValues(actor, template.purpose, template.eventId, template.badgeCategoryId);
      const rendered = renderTemplate(template, values, sampleQr(template.purpose, values));
      const toAddress = actor.principal.email;
      const outboxId = await enqueueEmail(db, {
        toAddress,
        subject: `[Test] ${rendered.subject}`,
        htmlBody: rendered.html,
        textBody: rendered.text,
        purpose: TEST_EMAIL_PURPOSE,
        eventId: template.eventId,
        recipientAdminId: actor.principal.id,
      });
      return { outboxId, toAddress };
    },
  };
}

export type EmailTemplatesService = ReturnType<typeof createEmailTemplatesService>;
