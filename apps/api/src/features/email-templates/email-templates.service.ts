import {
  samplePlaceholderValues,
  type CloneEmailTemplateBody,
  type EmailTemplate,
  type EmailTemplatePurpose,
  type ListEmailTemplatesQuery,
  type PreviewEmailTemplateBody,
  type RenderedEmail,
} from '@portal/shared/email-templates';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { listResult } from '../../lib/listing';
import { recordAudit } from '../audit/audit.repository';
import { scopeOf } from '../auth/scope';
import { enqueueEmail } from '../email/email.repository';
import * as repo from './email-templates.repository';
import { missingPlaceholders, renderTemplate, sanitizeTemplateHtml, unknownPlaceholders, type TemplateParts } from './template-rendering';

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

export function createEmailTemplatesService({ db }: { db: Database }) {
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

    /** A copy for another event; badge categories belong to one event, so the copy is event-wide. */
    async cloneTemplate(actor: Actor, id: number, body: CloneEmailTemplateBody): Promise<EmailTemplate> {
      const source = await getInScope(actor, id);
      const eventId = await targetEvent(actor, body.eventId as number);
      const values = {
        eventId,
        badgeCategoryId: null,
        name: body.name ?? source.name,
        purpose: source.purpose,
        subject: source.subject,
        htmlBody: sanitizeTemplateHtml(source.htmlBody),
        textBody: source.textBody,
        isActive: source.isActive,
      };
      const cloneId = await db.transaction(async (tx) => {
        const created = await repo.insertTemplate(tx, values);
        await recordAudit(tx, actor, { action: 'clone', entityType: 'email_template', entityId: created, eventId, after: { ...values, clonedFrom: id } });
        return created;
      });
      return this.getTemplate(actor, cloneId);
    },

    /** The body rendered with sample values, without saving anything. */
    previewTemplate(body: PreviewEmailTemplateBody): RenderedEmail {
      const parts = { subject: body.subject, htmlBody: body.htmlBody, textBody: body.textBody ?? null };
      checkPlaceholders(body.purpose, parts);
      return renderTemplate(parts, samplePlaceholderValues(body.purpose));
    },

    /** Queues the template, filled with sample values, to the caller's own address. */
    async sendTest(actor: Actor, id: number): Promise<{ outboxId: number; toAddress: string }> {
      const template = await getInScope(actor, id);
      const rendered = renderTemplate(template, samplePlaceholderValues(template.purpose));
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
