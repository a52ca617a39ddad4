import type { Database } from '../../db/client';
import { webhookData, webhookEventTypes, type LoggedChange } from './webhook-events.rules';
import { enqueueDeliveries } from './webhooks.repository';

/**
 * Queues the webhook messages of an audited change, in its transaction (called by `recordAudit`,
 * which every write calls): the message exists exactly when the change does. A change that is no
 * event type costs nothing; one that is costs one statement, whatever the number of endpoints.
 */
export async function enqueueWebhookMessages(db: Database, change: LoggedChange): Promise<void> {
  const types = webhookEventTypes(change);
  if (types.length === 0 || change.eventId == null) return;
  await enqueueDeliveries(db, {
    eventId: change.eventId,
    exhibitorId: change.exhibitorId,
    types,
    timestamp: new Date().toISOString(),
    data: webhookData(change),
  });
}
