import type { ListMeta } from '@portal/shared/common';
import {
  PREVIOUS_SECRET_HOURS,
  WEBHOOK_TEST_EVENT,
  webhookEndpointBodySchema,
  type WebhookDelivery,
  type WebhookDeliveryListQuery,
  type WebhookEndpoint,
  type WebhookEndpointBody,
  type WebhookEndpointWithSecret,
} from '@portal/shared/webhooks';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { listResult } from '../../lib/listing';
import { recordAudit } from '../audit/audit.repository';
import { scopeOf } from '../auth/scope';
import { findEventInScope } from '../events/events.repository';
import { RefusedAddressError, resolveDeliveryAddress, type AllowList, type Resolver } from './address-guard';
import { generateSecret } from './webhook-sender';
import * as repo from './webhooks.repository';

const REFUSAL = 'Webhooks belong to the organiser or to an exhibitor; a colleague’s account has none';

function toEndpoint(row: repo.EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    eventId: row.eventId,
    exhibitorId: row.exhibitorId,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    consecutiveFailures: row.consecutiveFailures,
    previousSecretExpiresAt: row.previousSecretExpiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const withSecret = (row: repo.EndpointRow): WebhookEndpointWithSecret => ({ ...toEndpoint(row), secret: row.secret });

function toDelivery(row: repo.DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    messageId: row.messageId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    lastStatusCode: row.lastStatusCode,
    lastDurationMs: row.lastDurationMs,
    lastError: row.lastError,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    payload: row.payload,
  };
}

/** What is audited of an endpoint: everything but its secrets (which recordAudit drops anyway). */
const audited = (row: repo.EndpointRow) => toEndpoint(row);

/**
 * Webhook endpoints (docs/webhooks.md): an organiser's for its event, an exhibitor's for its own
 * records. Each caller reaches only its own: an organiser never sees an exhibitor's endpoint (it
 * holds the exhibitor's secret), an exhibitor never another's; anything else is not found.
 */
export function createWebhooksService({ db, allow, resolve }: { db: Database; allow: AllowList; resolve: Resolver }) {
  /** The owner of the endpoints the caller manages under this event. */
  async function ownerIn(actor: Actor, eventId: number): Promise<repo.EndpointOwner> {
    const scope = scopeOf(actor.principal);
    if (scope.kind !== 'global' && scope.eventId !== eventId) throw new NotFoundError('Event');
    if (!(await findEventInScope(db, eventId, scope))) throw new NotFoundError('Event');
    if (scope.kind === 'sub-account') throw new ForbiddenError(REFUSAL);
    return { eventId, exhibitorId: scope.kind === 'exhibitor' ? scope.exhibitorId : null };
  }

  /** The endpoint when the caller owns it; another event's or exhibitor's is not found. */
  async function ownEndpoint(actor: Actor, id: number, tx: Database = db, lock = false): Promise<repo.EndpointRow> {
    const row = await repo.findEndpoint(tx, id, repo.endpointScopeFilter(scopeOf(actor.principal)), lock);
    if (!row) throw new NotFoundError('Webhook endpoint');
    return row;
  }

  /** The save-time half of the address guard (the worker checks again at every delivery). */
  async function checkAddress(url: string): Promise<void> {
    try {
      await resolveDeliveryAddress(url, allow, resolve);
    } catch (error) {
      if (error instanceof RefusedAddressError)
        throw new ValidationError(error.message, [{ field: 'url', message: error.message }]);
      throw error;
    }
  }

  return {
    async list(actor: Actor, eventId: number): Promise<WebhookEndpoint[]> {
      return (await repo.listEndpoints(db, await ownerIn(actor, eventId))).map(toEndpoint);
    },

    async create(actor: Actor, eventId: number, body: WebhookEndpointBody): Promise<WebhookEndpointWithSecret> {
      const owner = await ownerIn(actor, eventId);
      const values = webhookEndpointBodySchema.parse(body);
      await checkAddress(values.url);
      return db.transaction(async (tx) => {
        const row = await repo.insertEndpoint(tx, {
          ...owner,
          ...values,
          secret: generateSecret(),
          createdByAdminId: actor.principal.id,
        });
        await recordAudit(tx, actor, {
          action: 'create',
          entityType: 'webhook_endpoint',
          entityId: row.id,
          eventId,
          exhibitorId: owner.exhibitorId,
          after: audited(row),
        });
        return withSecret(row);
      });
    },

    async get(actor: Actor, id: number): Promise<WebhookEndpointWithSecret> {
      return withSecret(await ownEndpoint(actor, id));
    },

    /** Replaces URL, description, types and the switch; turning it on again starts a fresh failure count. */
    async update(actor: Actor, id: number, body: WebhookEndpointBody): Promise<WebhookEndpointWithSecret> {
      const values = webhookEndpointBodySchema.parse(body);
      const current = await ownEndpoint(actor, id);
      if (values.url !== current.url) await checkAddress(values.url);
      return db.transaction(async (tx) => {
        const before = await ownEndpoint(actor, id, tx, true);
        const reenabled = values.enabled && !before.enabled;
        const after = await repo.updateEndpoint(tx, id, {
          ...values,
          ...(reenabled || !values.enabled ? { disabledReason: null } : {}),
          ...(reenabled ? { consecutiveFailures: 0 } : {}),
        });
        await recordAudit(tx, actor, {
          action: 'update',
          entityType: 'webhook_endpoint',
          entityId: id,
          eventId: after.eventId,
          exhibitorId: after.exhibitorId,
          before: audited(before),
          after: audited(after),
        });
        return withSecret(after);
      });
    },

    /** A new secret; the old one keeps signing beside it for PREVIOUS_SECRET_HOURS, so the receiver can switch over. */
    async rotateSecret(actor: Actor, id: number): Promise<WebhookEndpointWithSecret> {
      return db.transaction(async (tx) => {
        const before = await ownEndpoint(actor, id, tx, true);
        const after = await repo.updateEndpoint(tx, id, {
          secret: generateSecret(),
          previousSecret: before.secret,
          previousSecretExpiresAt: new Date(Date.now() + PREVIOUS_SECRET_HOURS * 3600 * 1000),
        });
        await recordAudit(tx, actor, {
          action: 'rotate_secret',
          entityType: 'webhook_endpoint',
          entityId: id,
          eventId: after.eventId,
          exhibitorId: after.exhibitorId,
          after: { previousSecretExpiresAt: after.previousSecretExpiresAt },
        });
        return withSecret(after);
      });
    },

    async remove(actor: Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await ownEndpoint(actor, id, tx, true);
        await repo.deleteEndpoint(tx, id);
        await recordAudit(tx, actor, {
          action: 'delete',
          entityType: 'webhook_endpoint',
          entityId: id,
          eventId: before.eventId,
          exhibitorId: before.exhibitorId,
          before: audited(before),
        });
      });
    },

    async listDeliveries(
      actor: Actor,
      id: number,
      query: WebhookDeliveryListQuery,
    ): Promise<{ data: WebhookDelivery[]; meta: ListMeta }> {
      const endpoint = await ownEndpoint(actor, id);
      const { rows, total } = await repo.listDeliveries(db, endpoint.id, query);
      return listResult(rows.map(toDelivery), total, query);
    },

    /** Queues a `webhook.test` message to the endpoint, due now (the worker sends it at its next round). */
    async sendTest(actor: Actor, id: number): Promise<WebhookDelivery> {
      const endpoint = await ownEndpoint(actor, id);
      const payload = {
        type: WEBHOOK_TEST_EVENT,
        timestamp: new Date().toISOString(),
        data: {
          endpointId: endpoint.id,
          eventId: endpoint.eventId,
          message: 'A test message from the Exhibitor Portal',
        },
      };
      return toDelivery(await repo.insertDelivery(db, endpoint.id, WEBHOOK_TEST_EVENT, payload));
    },

    /** Sends one delivery again, with its webhook-id, so a receiver that has it already can tell. */
    async redeliver(actor: Actor, deliveryId: number): Promise<WebhookDelivery> {
      const found = await repo.findDelivery(db, deliveryId, repo.endpointScopeFilter(scopeOf(actor.principal)));
      if (!found) throw new NotFoundError('Webhook delivery');
      return toDelivery(await repo.makeDeliveryDueNow(db, deliveryId));
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
