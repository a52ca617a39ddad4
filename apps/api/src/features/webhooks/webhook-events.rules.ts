import type { WebhookEventType } from '@portal/shared/webhooks';

/** An audit entry as it is logged (secrets already dropped), with the exhibitor whose records it is about. */
export type LoggedChange = {
  action: string;
  entityType: string;
  entityId?: string | number | null;
  eventId?: number | null;
  exhibitorId: number | null;
  before?: object | null;
  after?: object | null;
};

const statusOf = (record: object | null | undefined) => (record as { status?: unknown } | null | undefined)?.status;

/**
 * The webhook event types an audited change is (docs/webhooks.md); most changes are none. The
 * audit log is the one place every write passes through, so the mapping reads its action names.
 */
export function webhookEventTypes(change: LoggedChange): WebhookEventType[] {
  const { entityType, action } = change;
  if (entityType === 'badge') {
    if (action === 'create') return ['badge.created'];
    if (action === 'register_through_link') return ['badge.created', 'registration_link.used'];
    if (action === 'delete') return ['badge.cancelled'];
    if (action === 'update') {
      const cancelled = statusOf(change.after) === 'cancelled' && statusOf(change.before) !== 'cancelled';
      return [cancelled ? 'badge.cancelled' : 'badge.updated'];
    }
    return [];
  }
  if (entityType === 'allocation_purchase') {
    switch (action) {
      case 'create':
        return ['purchase.requested'];
      // Approval issues the invoice (a bank transfer needs its number).
      case 'approve':
        return ['purchase.approved', 'invoice.issued'];
      case 'reject':
        return ['purchase.rejected'];
      case 'pay':
        return ['purchase.paid'];
      case 'refund':
        return ['purchase.refunded'];
      case 'cancel':
        return ['purchase.cancelled'];
      case 'reissue_invoice':
        return ['invoice.issued'];
      default:
        return [];
    }
  }
  if (entityType === 'registration-link' && action.startsWith('register_through_link'))
    return ['registration_link.used'];
  if (entityType === 'exhibitor' && action === 'register_through_link') return ['registration_link.used'];
  return [];
}

/** The `data` of a message: the record after the change (as it was, for a deletion), with its ids. */
export function webhookData(change: LoggedChange): Record<string, unknown> {
  return {
    ...(change.after ?? change.before ?? {}),
    id: change.entityId ?? null,
    entityType: change.entityType,
    action: change.action,
    eventId: change.eventId ?? null,
    exhibitorId: change.exhibitorId,
  };
}
