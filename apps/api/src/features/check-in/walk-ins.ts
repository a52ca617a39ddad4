import type { BadgeType } from '@portal/shared/badge-categories';
import type { RedeemResult, ScannedBadge, WalkInBody } from '@portal/shared/check-in';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { ConflictError, isUniqueViolation, NotFoundError, ValidationError } from '../../lib/errors';
import type { Principal } from '../auth/principal';
import { eventHasLayout } from '../badge-layouts/badge-layouts.repository';
import type { BadgesService } from '../badges/badges.service';
import { exhibitorAccount } from '../exhibitors/exhibitor-account';
import { applyScanIn, findScanResult } from './check-in-ledger';
import type { CheckInDevice } from './device-auth';

export type WalkInOptions = {
  categories: { id: number; name: string; badgeType: BadgeType }[];
  exhibitors: { id: number; company: string }[];
};

export type WalkIn = { badge: ScannedBadge; checkIn: RedeemResult; printable: boolean };

/**
 * The device registers a badge as the organiser who set it up, within the device's event only:
 * the badges service then applies its own rules (open category, exhibitor of the event, one badge
 * per email and category, the exhibitor's allocation) exactly as for a badge made in the portal.
 */
function deviceActor(device: CheckInDevice, organiserId: number, client: { requestId: string; ip: string }): Actor {
  const principal: Principal = {
    id: organiserId,
    email: '',
    firstName: device.name,
    lastName: '',
    roles: [],
    permissions: new Set(['can_see_exhibitor', 'can_see_visitor', 'can_see_vip']),
    eventId: device.eventId,
    event: null,
    exhibitorId: null,
    companyId: null,
    companyName: null,
    type: 'eventAdmin',
    createdAt: new Date(0),
  };
  return { principal, ...client };
}

/** The badges service names the category `badgeCategoryId`; a walk-in's form calls it `categoryId`. */
const renameField = (detail: { field: string; message: string }) =>
  detail.field === 'badgeCategoryId' ? { ...detail, field: 'categoryId' } : detail;

export function createWalkIns({ db, badges }: { db: Database; badges: BadgesService }) {

  /** A repeated walk-in (same nonce): the badge and check-in the first request made. */
  async function earlier(device: CheckInDevice, nonce: string): Promise<WalkIn | null> {
    const checkIn = await findScanResult(db, device, nonce);
    if (!checkIn?.badge) return null;
    return { badge: checkIn.badge, checkIn, printable: await eventHasLayout(db, device.eventId) };
  }

  return {
    /**
     * What a walk-in may be registered as: the event's open badge categories that ask no required
     * question (the door's form asks only names and email), and its exhibitors.
     */
    async options(device: CheckInDevice): Promise<WalkInOptions> {
      const [categories, exhibitors] = await Promise.all([
        queryRows<WalkInOptions['categories'][number]>(
          db,
          sql`select bc.id, coalesce(nullif(bc.display_name, ''), bc.name) as name, bc.badge_type as "badgeType" from badge_categories bc
               where bc.event_id = ${device.eventId} and bc.type = 'badge' and bc.is_active
                 and not exists (select 1 from custom_fields f
                                  where f.event_id = bc.event_id and coalesce(f.badge_category_id, bc.id) = bc.id
                                    and f.entity_type = 'badge' and f.required and f.is_active)
               order by bc.sort_order, bc.id`,
        ),
        queryRows<WalkInOptions['exhibitors'][number]>(
          db,
          sql`select admins.id, coalesce(c.name, admins.first_name || ' ' || admins.last_name) as company
                from admins left join companies c on c.id = admins.company_id
               where admins.event_id = ${device.eventId} and admins.is_active and ${exhibitorAccount}
               order by lower(coalesce(c.name, admins.last_name)), admins.id`,
        ),
      ]);
      return { categories, exhibitors };
    },

    /**
     * Registers a walk-in and admits it on the list, in the badge's transaction. A retried request
     * (same nonce) answers with the first one's badge and creates nothing, also when both arrive at once.
     */
    async register(device: CheckInDevice, body: WalkInBody, client: { requestId: string; ip: string }): Promise<WalkIn> {
      if (!device.listIds.includes(body.listId)) throw new NotFoundError('Check-in list');
      const repeated = await earlier(device, body.nonce);
      if (repeated) return repeated;
      const [creator] = await queryRows<{ organiserId: number | null }>(
        db,
        sql`select created_by_admin_id as "organiserId" from check_in_devices where id = ${device.id}`,
      );
      if (creator?.organiserId == null) {
        throw new ConflictError('The account that set up this device no longer exists. Ask an organiser to set it up again.');
      }
      let checkIn: RedeemResult | undefined;
      try {
        await badges.createBadge(
          deviceActor(device, creator.organiserId, client),
          {
            firstName: body.firstName,
            lastName: body.lastName,
            email: body.email,
            badgeCategoryId: body.categoryId,
            exhibitorId: body.exhibitorId ?? null,
            customFieldValues: [],
          },
          new Map(),
          undefined,
          async (tx, badgeId) => {
            const [badge] = await queryRows<{ code: string }>(tx, sql`select code from badges where id = ${badgeId}`);
            checkIn = await applyScanIn(tx, device, {
              code: badge!.code,
              listId: body.listId,
              nonce: body.nonce,
              at: new Date(),
              direction: 'entry',
              method: 'walk_in',
              offline: false,
              localResult: null,
            });
          },
        );
      } catch (error) {
        // The same walk-in sent twice at once: the other request registered it (its badge's email
        // or its nonce stopped this one).
        if (error instanceof ConflictError || isUniqueViolation(error)) {
          const other = await earlier(device, body.nonce);
          if (other) return other;
        }
        if (error instanceof ValidationError) throw new ValidationError(error.message, error.details?.map(renameField));
        throw error;
      }
      return { badge: checkIn!.badge!, checkIn: checkIn!, printable: await eventHasLayout(db, device.eventId) };
    },
  };
}

export type WalkIns = ReturnType<typeof createWalkIns>;
