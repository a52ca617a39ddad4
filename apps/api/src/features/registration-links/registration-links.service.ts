import type {
  PublicRegistrationLink,
  RegisterExhibitorBody,
  RegistrationLink,
  RegistrationReceived,
} from '@portal/shared/registration-links';
import { REGISTRATION_MESSAGES } from '@portal/shared/registration-links';
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import type { AttemptLimiter } from '../../lib/attempt-limiter';
import { AppError, isUniqueViolation, NotFoundError, TooManyRequestsError, ValidationError } from '../../lib/errors';
import { emailTaken } from '../admins/admins.repository';
import { recordAudit } from '../audit/audit.repository';
import { scopeEventId, scopeOf } from '../auth/scope';
import { findEventInScope } from '../events/events.repository';
import { insertExhibitor } from '../exhibitors/exhibitors.service';
import { listResult } from '../../lib/listing';
import { noSoonerThan } from '../../lib/uniform-timing';
import { queueRegistrationNotice } from './registration-emails';
import * as repo from './registration-links.repository';

class GoneError extends AppError {
  constructor(message: string) {
    super(410, 'Gone', message);
  }
}

function toLink(row: repo.LinkRow): RegistrationLink {
  return {
    id: row.id,
    kind: row.kind,
    eventId: row.eventId,
    maxUses: row.maxUses,
    uses: row.uses,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A registration is answered no sooner than this, so that creating a company and its account does
 * not take visibly longer than the notice sent to an address that already has one.
 */
const REGISTRATION_ANSWER_MIN_MS = 400;

function assertOpen(link: repo.LinkRow) {
  if (link.expiresAt && link.expiresAt.getTime() <= Date.now()) throw new GoneError(REGISTRATION_MESSAGES.expired);
  if (link.maxUses != null && link.uses >= link.maxUses) throw new GoneError(REGISTRATION_MESSAGES.usedUp);
}

export function createRegistrationLinksService(deps: {
  db: Database;
  publicUrl: string;
  limiter: AttemptLimiter;
  maxPerAddress: number;
}) {
  const { db } = deps;

  async function openLink(id: string) {
    const found = await repo.findLinkWithEvent(db, id);
    if (!found) throw new NotFoundError('Registration link');
    assertOpen(found.link);
    return found;
  }

  return {
    async createExhibitorLink(
      actor: Actor,
      body: { eventId: number; maxUses?: number | null; expiresAt?: string | null },
    ): Promise<RegistrationLink> {
      const scope = scopeOf(actor.principal);
      const event = await findEventInScope(db, body.eventId, scope);
      if (!event) throw ValidationError.field('eventId', 'Event not found');
      const link = await db.transaction(async (tx) => {
        const row = await repo.insertLink(tx, {
          id: randomBytes(18).toString('base64url'),
          kind: 'exhibitor',
          eventId: body.eventId,
          maxUses: body.maxUses ?? null,
          expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
          createdByAdminId: actor.principal.id,
        });
        await recordAudit(tx, actor, {
          action: 'create',
          entityType: 'registration-link',
          entityId: row.id,
          eventId: body.eventId,
          after: row,
        });
        return row;
      });
      return toLink(link);
    },

    async listLinks(actor: Actor, query: repo.LinkFilter) {
      const { rows, total } = await repo.listLinks(db, scopeEventId(scopeOf(actor.principal)), query);
      return listResult(rows.map(toLink), total, query);
    },

    /** Closes a link for good; registrations already made through it stay. */
    async revokeLink(actor: Actor, id: string): Promise<void> {
      const link = await repo.findLink(db, id, scopeEventId(scopeOf(actor.principal)));
      if (!link) throw new NotFoundError('Registration link');
      await db.transaction(async (tx) => {
        await repo.revokeLink(tx, id);
        await recordAudit(tx, actor, {
          action: 'revoke',
          entityType: 'registration-link',
          entityId: id,
          eventId: link.eventId,
          before: link,
        });
      });
    },

    async getPublicLink(id: string): Promise<PublicRegistrationLink> {
      const { link, event } = await openLink(id);
      const { status: _status, ...eventInfo } = event;
      return { id: link.id, kind: link.kind, event: eventInfo };
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
          await queueRegistrationNotice(tx, { email: body.email, eventId: link.eventId, eventName: event.name }, deps.publicUrl);
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
              eventName: event.name,
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
