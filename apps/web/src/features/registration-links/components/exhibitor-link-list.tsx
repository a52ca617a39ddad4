import { LinkTable } from './link-table';

/** An event's exhibitor registration links with their uses, expiry and state; open ones can be revoked. */
export function ExhibitorLinkList({ eventId }: { eventId: number }) {
  return (
    <div className="mb-6">
      <LinkTable
        heading="Exhibitor registration links"
        filter={{ eventId, kind: 'exhibitor' }}
        empty="Create one to let companies register themselves as exhibitors."
        revokeDescription="Companies that open it can no longer register. Exhibitors who registered through it stay. This cannot be undone."
      />
    </div>
  );
}
