import { FileSpreadsheetIcon, ListIcon, SendIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useCan } from '@/hooks/use-can';
import type { Session } from '@/lib/session';
import { useSession } from '@/lib/session';

/** Where an exhibitor or a sub-account imports badges into its own allocation; null for anyone else. */
export function ownBadgeImportHref(session: Session | null): string | null {
  const eventId = session?.user.eventId;
  if (!session || eventId == null) return null;
  if (session.type === 'exhibitor')
    return paths.exhibitorUsersBulkImport.href({ eventId, exhibitorId: session.user.id });
  if (session.type === 'sub-account' && session.user.exhibitorId != null) {
    return paths.subAccountUsersBulkImport.href({
      eventId,
      exhibitorId: session.user.exhibitorId,
      subAccountId: session.user.id,
    });
  }
  return null;
}

/**
 * The badge lists' ways on: every registration, importing and sending registration links. On a
 * category's list the import opens with that category chosen; a VIP category's uploads VIP guests.
 */
export function BadgeListLinks({ category }: { category?: { id: number; eventId: number; badgeType: string } }) {
  const session = useSession();
  const can = useCan();
  const categoryQuery = category ? `?badgeCategoryId=${category.id}` : '';
  const vipHref =
    category?.badgeType === 'vip' && can('create_exhibitor_user') && can('can_see_vip')
      ? paths.vipUsersBulkUpload.href({ eventId: category.eventId }) + categoryQuery
      : null;
  const ownHref = can('create_exhibitor_user') ? ownBadgeImportHref(session) : null;
  const importHref = vipHref ?? (ownHref && ownHref + categoryQuery);
  const eventId = session?.user.eventId ?? null;
  return (
    <>
      {can('view_registrations') && (
        <Button asChild variant="outline">
          <Link to={paths.registrations.href()}>
            <ListIcon aria-hidden />
            All registrations
          </Link>
        </Button>
      )}
      {importHref && (
        <Button asChild variant="outline">
          <Link to={importHref}>
            <FileSpreadsheetIcon aria-hidden />
            {vipHref ? 'Upload VIP guests' : 'Import badges'}
          </Link>
        </Button>
      )}
      {/* Bulk send spends an owner's places; a VIP admin holds none and invites from its registration links. */}
      {can('create_exhibitor_user') && eventId != null && session?.type !== 'vipAdmin' && (
        <Button asChild variant="outline">
          <Link to={paths.bulkSendRegistrationLink.href({ eventId })}>
            <SendIcon aria-hidden />
            Send registration links
          </Link>
        </Button>
      )}
    </>
  );
}
