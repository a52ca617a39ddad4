import type { ResendBadgeResult } from '@portal/shared/e-badges';
import { CANCELLED_BADGE_MAIL_MESSAGE } from '@portal/shared/e-badges';
import { visibleBadgeTypes } from '@portal/shared/badge-categories';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { GoneError, NotFoundError } from '../../lib/errors';
import { recordAudit } from '../audit/audit.repository';
import { scopeOf } from '../auth/scope';
import { badgeScopeFilter, findBadge } from '../badges/badges.repository';
import { queueBadgeConfirmation } from './badge-mails';

/** E-badges: a badge's mail with its PDF and QR code, sent again on request (docs/printing.md#e-badges). */
export function createEBadgesService({ db }: { db: Database }) {
  return {
    /**
     * Queues the badge's mail again, to its holder's address as it is now, for whoever may update
     * the badge (the same scope as editing it: another exhibitor's badge is not found).
     */
    async resendBadge(actor: Actor, id: number): Promise<ResendBadgeResult> {
      const scope = badgeScopeFilter(scopeOf(actor.principal), visibleBadgeTypes(actor.principal.permissions, actor.principal.type));
      const badge = await findBadge(db, id, scope);
      if (!badge) throw new NotFoundError('Badge');
      if (badge.status === 'cancelled') throw new GoneError(CANCELLED_BADGE_MAIL_MESSAGE);
      const outboxId = await db.transaction(async (tx) => {
        const queued = await queueBadgeConfirmation(tx, id);
        await recordAudit(tx, actor, {
          action: 'resend_badge',
          entityType: 'badge',
          entityId: id,
          eventId: badge.eventId,
          exhibitorId: badge.exhibitorId,
          after: { toAddress: badge.email, outboxId: queued },
        });
        return queued;
      });
      return { outboxId, toAddress: badge.email };
    },
  };
}

export type EBadgesService = ReturnType<typeof createEBadgesService>;
