import type { EmailTemplatePurpose } from '@portal/shared/email-templates';
import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { emailTemplates } from '../../db/schema/email-templates';
import { BUILT_IN_TEMPLATES } from './built-in-templates';
import type { TemplateParts } from './template-rendering';

export type TemplateSource = 'category' | 'event' | 'global' | 'built-in';
export type ResolvedTemplate = TemplateParts & { source: TemplateSource; templateId: number | null };

/**
 * The template a mail of this purpose uses: the active one of the badge category, else the
 * event's own, else the global one, else the built-in text. Among several active templates at one
 * level the latest edited wins.
 */
export async function resolveTemplate(
  db: Database,
  { purpose, eventId = null, badgeCategoryId = null }: { purpose: EmailTemplatePurpose; eventId?: number | null; badgeCategoryId?: number | null },
): Promise<ResolvedTemplate> {
  const t = emailTemplates;
  const levels = [isNull(t.eventId)];
  if (eventId != null) {
    levels.push(and(eq(t.eventId, eventId), isNull(t.badgeCategoryId))!);
    if (badgeCategoryId != null) levels.push(and(eq(t.eventId, eventId), eq(t.badgeCategoryId, badgeCategoryId))!);
  }
  const rank = sql<number>`case when ${t.badgeCategoryId} is not null then 0 when ${t.eventId} is not null then 1 else 2 end`;
  const [row] = await db
    .select({ id: t.id, eventId: t.eventId, badgeCategoryId: t.badgeCategoryId, subject: t.subject, htmlBody: t.htmlBody, textBody: t.textBody })
    .from(t)
    .where(and(eq(t.purpose, purpose), eq(t.isActive, true), or(...levels)))
    .orderBy(asc(rank), desc(t.updatedAt), desc(t.id))
    .limit(1);
  if (!row) return { ...BUILT_IN_TEMPLATES[purpose], source: 'built-in', templateId: null };
  const source: TemplateSource = row.badgeCategoryId != null ? 'category' : row.eventId != null ? 'event' : 'global';
  return { subject: row.subject, htmlBody: row.htmlBody, textBody: row.textBody, source, templateId: row.id };
}
