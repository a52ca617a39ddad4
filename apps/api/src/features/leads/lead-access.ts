import type { LeadAccess, LeadScanningMode } from '@portal/shared/leads';
import { sql, type SQL } from 'drizzle-orm';
import { LEAD_MESSAGES, type LeadStaff } from './leads.rules';

/**
 * Who of an exhibitor's staff may scan (docs/leads.md, "Selling lead scanning as an add-on"). The
 * capture, the scan page's status, the seats screen and the organiser's summaries all read it
 * through `leadAccessJoin` and decide with `scanningAccess`, so the rule exists once:
 *
 * 1. the exhibitor's switch, when the organiser set it: `all` or `off`;
 * 2. otherwise the event's default (no settings: on): `all`;
 * 3. a default that is off sells scanning: `seats`. The seats are the exhibitor's own allocations of
 *    the event's add-ons that grant lead scanning; the staff given a seat scan, as many as there are
 *    seats, the earliest given first (seats lost to a refund leave the latest without).
 */
export type LeadAccessRow = {
  scanMode: LeadScanningMode;
  scanSeats: number;
  /** The staff whose seat counts, earliest first; empty unless the mode is `seats`. */
  seatedIds: number[];
  /** Whether anyone of the staff may scan now. */
  anyScanner: boolean;
  /** The exhibitor's company, named to a sub-account without a seat. */
  ownCompany: string | null;
};

/**
 * A lateral join `la` on the exhibitor account aliased `exhibitor` (its id and event), giving the
 * columns of `LeadAccessRow` in snake case; `LEAD_ACCESS_COLUMNS` names them for a select.
 */
export function leadAccessJoin(exhibitor: 'ex' | 'admins'): SQL {
  return sql.raw(`cross join lateral (
    select m.mode as scan_mode, s.seats as scan_seats,
      case when m.mode = 'seats' then array(select ss.admin_id from lead_scanner_seats ss where ss.exhibitor_id = ${exhibitor}.id
                                               order by ss.created_at, ss.admin_id limit s.seats)
           else '{}'::integer[] end as seated_ids,
      (m.mode = 'all' or (m.mode = 'seats' and s.seats > 0
        and exists (select 1 from lead_scanner_seats ss where ss.exhibitor_id = ${exhibitor}.id))) as any_scanner,
      (select co.name from companies co where co.id = ${exhibitor}.company_id) as own_company
    from (select case (select x.scanning_enabled from exhibitor_lead_settings x where x.exhibitor_id = ${exhibitor}.id)
                   when true then 'all' when false then 'off'
                   else case when coalesce((select x.scanning_by_default from lead_settings x where x.event_id = ${exhibitor}.event_id), true)
                             then 'all' else 'seats' end
                 end as mode) m,
         (select cast(coalesce(sum(a.quantity), 0) as integer) as seats
            from allocations a join badge_categories bc on bc.id = a.badge_category_id
           where a.admin_id = ${exhibitor}.id and a.parent_allocation_id is null
             and bc.event_id = ${exhibitor}.event_id and bc.type = 'addon' and bc.grants_lead_scanning) s
  ) la`);
}

export const LEAD_ACCESS_COLUMNS = sql.raw(`la.scan_mode as "scanMode", la.scan_seats as "scanSeats", la.seated_ids as "seatedIds",
    la.any_scanner as "anyScanner", la.own_company as "ownCompany"`);

export const ACCESS_MESSAGES = {
  buySeat: 'Lead scanning is sold as an add-on at this event: buy it under Allocation Purchases, then give a seat to this account',
  askForSeat: (company: string | null) => `Ask ${company ?? 'your exhibitor'} to give you a lead scanning seat`,
} as const;

/** Whether this member of the staff may scan, and when not, what to do about it. */
export function scanningAccess(row: LeadAccessRow, staff: LeadStaff): LeadAccess {
  const mode = row.scanMode;
  if (mode === 'all') return { canScan: true, mode, reason: null };
  if (mode === 'off') return { canScan: false, mode, reason: LEAD_MESSAGES.scanningOff };
  if (row.seatedIds.includes(staff.adminId)) return { canScan: true, mode, reason: null };
  return { canScan: false, mode, reason: staff.isExhibitorAccount ? ACCESS_MESSAGES.buySeat : ACCESS_MESSAGES.askForSeat(row.ownCompany) };
}
