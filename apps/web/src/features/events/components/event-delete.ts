import type { PortalEvent } from '@portal/shared/events';

/** Why an event cannot be deleted yet, mirroring the API's rule: exhibitors keep it unless archived. */
export function eventDeleteBlockedReason(event: Pick<PortalEvent, 'status' | 'exhibitorCount'>): string | undefined {
  if (event.exhibitorCount === 0 || event.status === 'archived') return undefined;
  const count = event.exhibitorCount === 1 ? '1 exhibitor' : `${event.exhibitorCount} exhibitors`;
  return `It has ${count}: archive it before deleting it`;
}

export function eventDeleteDescription(event: Pick<PortalEvent, 'name' | 'exhibitorCount'> | null): string {
  const name = event?.name ?? 'The event';
  const exhibitors =
    event && event.exhibitorCount > 0
      ? ` Every account placed in it goes with it, its ${event.exhibitorCount === 1 ? 'exhibitor' : `${event.exhibitorCount} exhibitors`} included.`
      : ' Every account placed in it goes with it.';
  return `${name} will be deleted permanently.${exhibitors} An event that has exhibitors can only be deleted once it is archived, and one with purchases or invoices is never deleted: it stays archived, for its financial records. This cannot be undone.`;
}
