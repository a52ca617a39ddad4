import type { ExportFormat } from '@portal/shared/exports';
import type {
  BadgeRegistered,
  CreateRegistrationLink,
  CreateUserLink,
  PublicRegistrationLink,
  RegisterBadge,
  RegisterExhibitorBody,
  RegistrationLink,
  RegistrationReceived,
} from '@portal/shared/registration-links';
import { REGISTRATION_MESSAGES } from '@portal/shared/registration-links';
import { visibleBadgeTypes } from '@portal/shared/badge-categories';
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import type { AttemptLimiter } from '../../lib/attempt-limiter';
import {
  AppError,
  ConflictError,
  ForbiddenError,
  isUniqueViolation,
  NotFoundError,
  TooManyRequestsError,
  ValidationError,
} from '../../lib/errors';
import type { FilePart } from '../../lib/multipart-form';
import { emailTaken } from '../admins/admins.repository';
import { recordAudit } from '../audit/audit.repository';
import { loadPrincipal, type Principal } from '../auth/principal';
import { scopeOf } from '../auth/scope';
import { findCategory } from '../badge-categories/badge-categories.repository';
import { categoryFilterFor } from '../badge-categories/badge-categories.service';
import type { BadgesService, UploadRule } from '../badges/badges.service';
import type { Upload } from '../badges/field-values';
import type { CustomFieldsService } from '../custom-fields/custom-fields.service';
import { findTemplate } from '../email-templates/email-templates.repository';
import { formatEventDates } from '../email-templates/event-placeholders';
import { resolveTemplate, type ResolvedTemplate } from '../email-templates/template-resolution';
import { findEventInScope } from '../events/events.repository';
import { insertExhibitor } from '../exhibitors/exhibitors.service';
import { findConsentQuestion } from '../lead-settings/lead-settings.repository';
import { exportFile, rowsInOrder, type ExportFile } from '../../lib/list-export';
import { listResult } from '../../lib/listing';
import { noSoonerThan } from '../../lib/uniform-timing';
import { queueBadgeConfirmation } from '../e-badges/badge-mails';
import {
  queueRegistrationNotice,
  queueBadgeHolderNotice,
  queueUserLinkEmails,
  type LinkMailContext,
  type LinkRecipient,
} from './registration-emails';
import { linkExportColumns } from './link-export';
import * as repo from './registration-links.repository';

class GoneError extends AppError {
  constructor(message: string) {
    super(410, 'Gone', message);
  }
}

function toLink(
  row: repo.LinkRow,
  names: { badgeCategoryName?: string | null; ownerName?: string | null } = {},
): RegistrationLink {
  return {
    id: row.id,
    kind: row.kind,
    eventId: row.eventId,
    maxUses: row.maxUses,
    uses: row.uses,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    badgeCategoryId: row.badgeCategoryId,
    badgeCategoryName: names.badgeCategoryName ?? null,
    exhibitorId: row.exhibitorId,
    ownerName: names.ownerName ?? null,
    email: row.email,
  };
}

const newLinkId = () => randomBytes(18).toString('base64url');

/** What every single-use badge link of one send shares: category, owner, expiry, template, mail wording. */
export type UserLinkBatch = {
  eventId: number;
  badgeCategoryId: number;
  /** The exhibitor or sub-account whose places the links use. */
  owner: { id: number; exhibitorId: number | null };
  expiresAt: Date | null;
  createdByAdminId: number;
  template: ResolvedTemplate;
  context: LinkMailContext;
  publicUrl: string;
};

/**
 * Creates one single-use badge link per recipient and queues its email, in the caller's
 * transaction. The caller has checked the category, the owner and the template against its scope.
 * The links record the template their mail used; the mails belong to the owning exhibitor's outbox.
 */
export async function createUserLinksWithEmails(
  tx: Database,
  batch: UserLinkBatch,
  recipients: LinkRecipient[],
): Promise<repo.LinkRow[]> {
  const links = recipients.map((recipient) => ({ id: newLinkId(), recipient }));
  const rows = await repo.insertLinks(
    tx,
    links.map(({ id, recipient }) => ({
      id,
      kind: 'badge' as const,
      eventId: batch.eventId,
      badgeCategoryId: batch.badgeCategoryId,
      exhibitorId: batch.owner.id,
      email: recipient.email,
      maxUses: 1,
      expiresAt: batch.expiresAt,
      emailTemplateId: batch.template.templateId,
      createdByAdminId: batch.createdByAdminId,
    })),
  );
  await queueUserLinkEmails(tx, {
    eventId: batch.eventId,
    exhibitorId: batch.owner.exhibitorId ?? batch.owner.id,
    links,
    template: batch.template,
    context: batch.context,
    publicUrl: batch.publicUrl,
  });
  return rows;
}

/**
 * The registration_link template a link's email uses: the one chosen, when it is an active
 * template of that purpose for the link's event (or a global one) and, if it is a category's, of
 * the link's category; else the category's, the event's, the global one, the built-in text.
 * A refusal names `field`, the form's name of the choice.
 */
export async function chooseLinkTemplate(
  db: Database,
  link: { emailTemplateId?: number | null; eventId: number; badgeCategoryId: number },
  field = 'emailTemplateId',
): Promise<ResolvedTemplate> {
  if (link.emailTemplateId == null)
    return resolveTemplate(db, {
      purpose: 'registration_link',
      eventId: link.eventId,
      badgeCategoryId: link.badgeCategoryId,
    });
  const template = await findTemplate(db, link.emailTemplateId, undefined);
  const fits =
    template &&
    template.purpose === 'registration_link' &&
    template.isActive &&
    (template.eventId == null || template.eventId === link.eventId) &&
    (template.badgeCategoryId == null || template.badgeCategoryId === link.badgeCategoryId);
  if (!fits)
    throw ValidationError.field(field, 'Choose an active registration-link template of this event or a global one');
  return {
    subject: template.subject,
    htmlBody: template.htmlBody,
    textBody: template.textBody,
    source: template.eventId == null ? 'global' : 'event',
    templateId: template.id,
  };
}

/**
 * A registration is answered no sooner than this, so that creating a company and its account does
 * not take visibly longer than the notice sent to an address that already has one.
 */
const REGISTRATION_ANSWER_MIN_MS = 400;

/** A revoked link answers exactly as an expired one: the holder learns it is over, not why. */
function assertOpen(link: repo.LinkRow) {
  if (link.revokedAt) throw new GoneError(REGISTRATION_MESSAGES.expired);
  if (link.expiresAt && link.expiresAt.getTime() <= Date.now()) throw new GoneError(REGISTRATION_MESSAGES.expired);
  if (link.maxUses != null && link.uses >= link.maxUses) throw new GoneError(REGISTRATION_MESSAGES.usedUp);
}

/**
 * The exhibitor whose places a link hands out (its owner's own exhibitor, for a sub-account's link),
 * so that the link's entries belong to that exhibitor's history; none for a link of no exhibitor.
 */
async function exhibitorOfLink(db: Database, link: repo.LinkRow): Promise<number | null> {
  const owner = link.exhibitorId == null ? null : await loadPrincipal(db, link.exhibitorId);
  const scope = owner && scopeOf(owner);
  return scope && (scope.kind === 'exhibitor' || scope.kind === 'sub-account') ? scope.exhibitorId : null;
}

const auditLinkCreated = async (tx: Database, actor: Actor, link: repo.LinkRow) =>
  recordAudit(tx, actor, {
    action: 'create',
    entityType: 'registration-link',
    entityId: link.id,
    eventId: link.eventId,
    exhibitorId: await exhibitorOfLink(tx, link),
    after: link,
  });

/** Who hands out the badge, as a mail names it. */
const ownerLabel = (owner: Principal) => owner.companyName ?? `${owner.firstName} ${owner.lastName}`;
/** A link's owner in lists: the company and the person, since an exhibitor and its sub-accounts share the company. */
const ownerName = (owner: Principal) =>
  [owner.companyName, `${owner.firstName} ${owner.lastName}`].filter(Boolean).join(' – ');

export function createRegistrationLinksService(deps: {
  db: Database;
  publicUrl: string;
  limiter: AttemptLimiter;
  maxPerAddress: number;
  badges: BadgesService;
  customFields: Pick<CustomFieldsService, 'listRegistrationFields'>;
}) {
  const { db, badges } = deps;

  async function findPublicLink(id: string) {
    const found = await repo.findLinkWithEvent(db, id);
    if (!found) throw new NotFoundError('Registration link');
    return found;
  }

  async function openLink(id: string) {
    const found = await findPublicLink(id);
    assertOpen(found.link);
    return found;
  }

  const linkReach = (principal: Principal) => ({
    exhibitorLinks: principal.permissions.has('create_exhibitor'),
    badgeLinks: principal.permissions.has('view_exhibitor_users') || principal.permissions.has('create_exhibitor_user'),
    visibleTypes: visibleBadgeTypes(principal.permissions, principal.type),
  });
  const linkFilterOf = (actor: Actor) => repo.linkScopeFilter(scopeOf(actor.principal), linkReach(actor.principal));

  /**
   * A VIP admin's own link: it invites VIP guests as it registers them in the portal, in a VIP
   * category of its event, on no exhibitor's places (its VIP badges never take any).
   */
  async function vipLinkTarget(actor: Actor, eventId: number, body: { badgeCategoryId?: number }) {
    if (body.badgeCategoryId == null) throw ValidationError.field('badgeCategoryId', 'Choose the badge category of the link');
    const category = await findCategory(db, body.badgeCategoryId, categoryFilterFor(actor.principal));
    if (!category || category.type !== 'badge' || category.eventId !== eventId)
      throw ValidationError.field('badgeCategoryId', 'Badge category not found');
    if (!category.isActive) throw ValidationError.field('badgeCategoryId', 'This badge category is closed');
    return { owner: actor.principal, category };
  }

  /**
   * The category and owner of a badge link, within the caller's reach: an exhibitor owns its
   * links, a sub-account its own; an organiser names an exhibitor or sub-account of the category's
   * event. The owner must hold places of the category, since every registration spends one.
   */
  async function badgeLinkTarget(actor: Actor, body: { badgeCategoryId?: number; exhibitorId?: number }) {
    if (!actor.principal.permissions.has('create_exhibitor_user'))
      throw new ForbiddenError('You may not create badge registration links');
    const scope = scopeOf(actor.principal);
    if (scope.kind === 'event' && scope.vipOnly && body.exhibitorId == null) return vipLinkTarget(actor, scope.eventId, body);
    const own =
      scope.kind === 'exhibitor' ? scope.exhibitorId : scope.kind === 'sub-account' ? scope.subAccountId : null;
    const ownerId = body.exhibitorId ?? own;
    if (ownerId == null)
      throw ValidationError.field('exhibitorId', 'Choose the exhibitor or sub-account whose places the link uses');
    if (own != null && ownerId !== own)
      throw ValidationError.field('exhibitorId', 'You may create links only for your own places');
    const owner = await loadPrincipal(db, ownerId);
    const ownerScope = owner && scopeOf(owner);
    if (
      !owner ||
      !ownerScope ||
      (ownerScope.kind !== 'exhibitor' && ownerScope.kind !== 'sub-account') ||
      (scope.kind !== 'global' && owner.eventId !== scope.eventId)
    ) {
      throw ValidationError.field('exhibitorId', 'Exhibitor or sub-account not found');
    }
    const allocated = await repo.allocatedCategoryIds(db, owner.id);
    let categoryId = body.badgeCategoryId;
    if (categoryId == null) {
      if (allocated.length !== 1)
        throw ValidationError.field('badgeCategoryId', 'Choose the badge category of the link');
      categoryId = allocated[0]!;
    }
    const category = await findCategory(db, categoryId, categoryFilterFor(actor.principal));
    if (!category || category.type !== 'badge' || category.eventId !== owner.eventId)
      throw ValidationError.field('badgeCategoryId', 'Badge category not found');
    if (!category.isActive) throw ValidationError.field('badgeCategoryId', 'This badge category is closed');
    if (!allocated.includes(category.id))
      throw ValidationError.field('badgeCategoryId', `${ownerLabel(owner)} has no places of ${category.name}`);
    return { owner, category };
  }

  async function createBadgeLink(
    actor: Actor,
    body: Extract<CreateRegistrationLink, { kind: 'badge' }>,
  ): Promise<RegistrationLink> {
    const { owner, category } = await badgeLinkTarget(actor, body);
    const row = await db.transaction(async (tx) => {
      const inserted = await repo.insertLink(tx, {
        id: newLinkId(),
        kind: 'badge',
        eventId: category.eventId,
        badgeCategoryId: category.id,
        exhibitorId: owner.id,
        maxUses: body.maxUses ?? null,
        expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
        createdByAdminId: actor.principal.id,
      });
      await auditLinkCreated(tx, actor, inserted);
      return inserted;
    });
    return toLink(row, { badgeCategoryName: category.name, ownerName: ownerName(owner) });
  }

  /** The owner of a badge link acts for its registrants: the badge takes the owner's places and scope. */
  async function ownerActor(link: repo.LinkRow, client: { requestId: string; ip: string }): Promise<Actor> {
    const owner = link.exhibitorId == null ? null : await loadPrincipal(db, link.exhibitorId);
    if (!owner) throw new GoneError(REGISTRATION_MESSAGES.expired);
    return { principal: owner, ...client };
  }

  async function createExhibitorLink(
    actor: Actor,
    body: { eventId: number; maxUses?: number | null; expiresAt?: string | null },
  ): Promise<RegistrationLink> {
    if (!actor.principal.permissions.has('create_exhibitor'))
      throw new ForbiddenError('You may not create exhibitor registration links');
    const scope = scopeOf(actor.principal);
    const event = await findEventInScope(db, body.eventId, scope);
    if (!event) throw ValidationError.field('eventId', 'Event not found');
    const link = await db.transaction(async (tx) => {
      const row = await repo.insertLink(tx, {
        id: newLinkId(),
        kind: 'exhibitor',
        eventId: body.eventId,
        maxUses: body.maxUses ?? null,
        expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
        createdByAdminId: actor.principal.id,
      });
      await auditLinkCreated(tx, actor, row);
      return row;
    });
    return toLink(link);
  }

  return {
    createLink: (actor: Actor, body: CreateRegistrationLink): Promise<RegistrationLink> =>
      body.kind === 'exhibitor' ? createExhibitorLink(actor, body) : createBadgeLink(actor, body),

    /** A single-use badge link for one recipient, emailed at once; the email leaves with the link or not at all. */
    async createUserLink(actor: Actor, body: CreateUserLink): Promise<RegistrationLink> {
      const { owner, category } = await badgeLinkTarget(actor, body);
      const template = await chooseLinkTemplate(db, {
        emailTemplateId: body.emailTemplateId,
        eventId: category.eventId,
        badgeCategoryId: category.id,
      });
      const event = await repo.findEventForMail(db, category.eventId);
      const row = await db.transaction(async (tx) => {
        const [inserted] = (await createUserLinksWithEmails(
          tx,
          {
            eventId: category.eventId,
            badgeCategoryId: category.id,
            owner,
            expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
            createdByAdminId: actor.principal.id,
            template,
            context: {
              eventName: event.name,
              eventDates: formatEventDates(event.startDate, event.endDate),
              companyName: ownerLabel(owner),
              badgeCategory: category.displayName ?? category.name,
            },
            publicUrl: deps.publicUrl,
          },
          [{ email: body.email, firstName: body.firstName, lastName: body.lastName }],
        )) as [repo.LinkRow];
        await auditLinkCreated(tx, actor, inserted);
        return inserted;
      });
      return toLink(row, { badgeCategoryName: category.name, ownerName: ownerName(owner) });
    },

    async listLinks(actor: Actor, query: repo.LinkFilter) {
      const { rows, total } = await repo.listLinks(db, linkFilterOf(actor), query);
      return listResult(
        rows.map((row) => toLink(row.link, row)),
        total,
        query,
      );
    },

    /** Every link of the list's filters and scope, newest first, as a streamed file. */
    async exportLinks(actor: Actor, filter: repo.LinkRowFilter, format: ExportFormat): Promise<ExportFile> {
      const { permissions } = actor.principal;
      if (!permissions.has('create_exhibitor') && !permissions.has('view_exhibitor_users')) throw new ForbiddenError();
      const ids = await repo.linkIds(db, linkFilterOf(actor), filter);
      const rows = rowsInOrder(ids, (batch) => repo.linksByIds(db, batch), (row) => row.link.id);
      return exportFile('Registration links', format, linkExportColumns(deps.publicUrl), rows);
    },

    /** Closes a link for good, at once; registrations already made through it stay. */
    async revokeLink(actor: Actor, id: string): Promise<void> {
      const link = await repo.findLink(db, id, linkFilterOf(actor));
      if (!link) throw new NotFoundError('Registration link');
      if (
        link.kind === 'badge'
          ? !actor.principal.permissions.has('create_exhibitor_user')
          : !actor.principal.permissions.has('create_exhibitor')
      ) {
        throw new ForbiddenError('You may not revoke this link');
      }
      await db.transaction(async (tx) => {
        await repo.revokeLink(tx, id);
        await recordAudit(tx, actor, {
          action: 'revoke',
          entityType: 'registration-link',
          entityId: id,
          eventId: link.eventId,
          exhibitorId: await exhibitorOfLink(tx, link),
          before: link,
        });
      });
    },

    async getPublicLink(id: string): Promise<PublicRegistrationLink> {
      const { link, event } = await openLink(id);
      const { status: _status, ...eventInfo } = event;
      if (link.kind !== 'badge')
        return { id: link.id, kind: link.kind, event: eventInfo, category: null, customFields: [], email: null, leadConsent: null };
      const category = await repo.findLinkCategory(db, link.badgeCategoryId!);
      // A closed category or an owner no longer active can register nothing: the form would only fail on submit.
      const owner = link.exhibitorId == null ? null : await loadPrincipal(db, link.exhibitorId);
      if (!category?.isActive || !owner) throw new GoneError(REGISTRATION_MESSAGES.expired);
      const [customFields, leadConsent] = await Promise.all([
        deps.customFields.listRegistrationFields(category.id, { entityType: 'badge' }),
        findConsentQuestion(db, link.eventId),
      ]);
      return {
        id: link.id,
        kind: link.kind,
        event: eventInfo,
        category: { id: category.id, name: category.displayName ?? category.name, badgeType: category.badgeType },
        customFields,
        email: link.email,
        leadConsent: leadConsent ?? null,
      };
    },

    /** The file parts a badge link's form accepts: its category's file fields, as the owner's badge form takes them. */
    async uploadRules(id: string, client: { requestId: string; ip: string }): Promise<Map<string, UploadRule>> {
      const { link } = await openLink(id);
      if (link.kind !== 'badge') throw new NotFoundError('Registration link');
      return badges.uploadRules(await ownerActor(link, client), { badgeCategoryId: link.badgeCategoryId });
    },
    receiveUpload: (part: FilePart, rule: UploadRule): Promise<Upload> => badges.receiveUpload(part, rule),
    discardUploads: (uploads: Upload[]) => badges.discardUploads(uploads),

    /**
     * Someone registers a badge through a badge link: the badge is the owner's (its places, its
     * categories), checked field by field as any badge. One use of the link is taken in the
     * badge's transaction. Submitting again with the same email answers as the first time and
     * registers nothing more, also when both arrive together. The registrant is emailed the code.
     */
    async registerBadge(
      id: string,
      body: RegisterBadge,
      uploads: Map<number, Upload>,
      client: { requestId: string; ip: string },
    ): Promise<BadgeRegistered> {
      let handedOver = false;
      try {
        const attempts = await deps.limiter.hit(`register:${client.ip}`);
        if (attempts.count > deps.maxPerAddress) {
          throw new TooManyRequestsError(
            'Too many registrations from this address. Try again later.',
            attempts.retryAfterSeconds,
          );
        }
        const { link, event } = await findPublicLink(id);
        if (link.kind !== 'badge') throw new NotFoundError('Registration link');
        const email = body.email.toLowerCase();
        if (link.email && link.email.toLowerCase() !== email)
          throw ValidationError.field('email', REGISTRATION_MESSAGES.otherRecipient);
        const category = await repo.findLinkCategory(db, link.badgeCategoryId!);
        const received = {
          email: body.email,
          eventName: event.name,
          badgeCategory: category?.displayName ?? category?.name ?? '',
        };
        const registeredBefore = () => repo.findBadgeOfLink(db, id, body.email);
        if (await registeredBefore()) {
          // A repeat: the first submission's files stand, this one's go.
          handedOver = true;
          await badges.discardUploads([...uploads.values()]);
          return received;
        }
        assertOpen(link);
        const actor = await ownerActor(link, client);
        handedOver = true;
        try {
          await badges.createBadge(
            actor,
            { ...body, badgeCategoryId: link.badgeCategoryId!, customFieldValues: body.customFieldValues },
            uploads,
            {
              registrationLinkId: id,
              async claim(tx) {
                if (!(await repo.takeLinkUse(tx, id))) throw new GoneError(REGISTRATION_MESSAGES.usedUp);
              },
              async registered(tx, badgeId) {
                await queueBadgeConfirmation(tx, badgeId);
              },
            },
          );
        } catch (error) {
          if (!(error instanceof ConflictError)) throw error;
          // The same person submitted twice at once: the other submission registered the badge.
          if (await registeredBefore()) return received;
          // The address holds a badge of this category already. Its holder is told by mail and the
          // form answers as for a new badge: a shared link must not tell who is registered.
          await db.transaction(async (tx) => {
            await queueBadgeHolderNotice(tx, {
              email,
              eventId: link.eventId,
              eventName: event.name,
              badgeCategory: received.badgeCategory,
            });
            await recordAudit(tx, null, {
              action: 'register_through_link_existing_badge',
              entityType: 'registration-link',
              entityId: id,
              eventId: link.eventId,
              exhibitorId: await exhibitorOfLink(tx, link),
            });
          });
        }
        return received;
      } catch (error) {
        if (!handedOver) await badges.discardUploads([...uploads.values()]);
        throw error;
      }
    },

    /**
     * A company registers itself through an exhibitor link: one use is taken and the exhibitor
     * created in one transaction, so a failed registration leaves the link's count untouched.
     * The new account has no password yet: its invitation email lets the owner of the address
     * choose one. An email that already has an account gets a notice instead (how to sign in or
     * reset the password) and the answer is the same, so the form tells nobody who has an account.
     */
    async registerExhibitor(id: string, body: RegisterExhibitorBody, ip: string): Promise<RegistrationReceived> {
      const attempts = await deps.limiter.hit(`register:${ip}`);
      if (attempts.count > deps.maxPerAddress) {
        throw new TooManyRequestsError(
          'Too many registrations from this address. Try again later.',
          attempts.retryAfterSeconds,
        );
      }
      const { link, event } = await openLink(id);
      if (link.kind !== 'exhibitor') throw new NotFoundError('Registration link');
      const received = { email: body.email, eventName: event.name };
      const notifyExistingAccount = () =>
        db.transaction(async (tx) => {
          await queueRegistrationNotice(
            tx,
            { email: body.email, eventId: link.eventId, eventName: event.name },
            deps.publicUrl,
          );
          await recordAudit(tx, null, {
            action: 'register_through_link_existing_email',
            entityType: 'registration-link',
            entityId: id,
            eventId: link.eventId,
          });
        });
      const createExhibitor = () =>
        db.transaction(async (tx) => {
          if (!(await repo.takeLinkUse(tx, id))) throw new GoneError(REGISTRATION_MESSAGES.usedUp);
          const created = await insertExhibitor(
            tx,
            {
              ...body,
              eventId: link.eventId,
              companyName: body.companyName,
              phone: body.phone ?? null,
              website: body.website ?? null,
            },
            {
              scope: { kind: 'event', eventId: link.eventId, vipOnly: false },
              publicUrl: deps.publicUrl,
            },
          );
          await recordAudit(tx, null, {
            action: 'register_through_link',
            entityType: 'exhibitor',
            entityId: created,
            eventId: link.eventId,
            after: { ...body, linkId: id },
          });
        });
      return noSoonerThan(REGISTRATION_ANSWER_MIN_MS, async () => {
        if (await emailTaken(db, body.email)) {
          await notifyExistingAccount();
          return received;
        }
        try {
          await createExhibitor();
        } catch (error) {
          // Another registration took the email meanwhile: the unique index decided, the answer stays the same.
          if (!isUniqueViolation(error, 'admins_email_key')) throw error;
          await notifyExistingAccount();
        }
        return received;
      });
    },
  };
}

export type RegistrationLinksService = ReturnType<typeof createRegistrationLinksService>;
