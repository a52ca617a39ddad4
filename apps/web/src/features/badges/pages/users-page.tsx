import { visibleBadgeTypes } from '@portal/shared/badge-categories';
import { TagsIcon } from 'lucide-react';
import { Navigate } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/layout/page-header';
import { RecordSkeleton } from '@/components/record-state';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useListParams } from '@/hooks/use-list-params';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useEventCategories } from '../api/get-event-categories';
import { EventChoice } from '../components/event-choice';
import { firstVisibleCategory } from '../components/first-category';

/** /users: opens the first badge category the user may see (spec §2). */
export function UsersPage() {
  const session = useSession();
  const { filter, setFilter } = useListParams();
  const ownEvent = session?.user.eventId ?? null;
  const eventId = ownEvent ?? (Number(filter('eventId')) || null);
  const categories = useEventCategories(eventId);
  const visible = session ? visibleBadgeTypes(session.user.permissions, session.type) : [];
  const first = categories.data ? firstVisibleCategory(categories.data, visible) : null;

  if (first != null) return <Navigate replace to={paths.usersByCategory.href({ badgeCategoryId: first })} />;
  return (
    <>
      <PageHeader title="Badges" description="Badges of exhibitor staff, visitors, contractors and VIP guests." />
      {ownEvent == null && (
        <EventChoice value={eventId} onChange={(value) => setFilter('eventId', value ? String(value) : '')} />
      )}
      {eventId == null ? null : categories.isPending ? (
        <RecordSkeleton />
      ) : (
        <Card>
          <EmptyState
            icon={TagsIcon}
            title={categories.isError ? 'The badge categories could not be loaded' : 'No badge categories yet'}
            description={
              categories.isError
                ? errorMessage(categories.error, 'Please try again in a moment.')
                : 'Badges are registered in a badge category; none of this event’s is open to you yet.'
            }
          />
        </Card>
      )}
    </>
  );
}
