import { BADGE_TYPE_LABELS } from '@portal/shared/badge-categories';
import { LinkIcon, PlusIcon } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { RecordError, RecordSkeleton } from '@/components/record-state';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { Tooltip } from '@/components/ui/tooltip';
import { useCan } from '@/hooks/use-can';
import { PrintBadgesDialog } from '@/features/badge-prints/components/print-badges-dialog';
import { useSession } from '@/lib/session';
import { useCategory } from '../api/get-category';
import { useCategoryFields } from '../api/get-category-fields';
import { usePlaces } from '../api/get-places';
import { BadgeList } from '../components/badge-list';
import { BadgeListLinks } from '../components/badge-links';
import { noPlaceReason, ownHolderId, PlacesBadge, RequestMore } from '../components/places';

/** /users/:badgeCategoryId: the badges of one category. */
export function CategoryBadgesPage() {
  const badgeCategoryId = Number(useParams().badgeCategoryId);
  const category = useCategory(badgeCategoryId);
  const fields = useCategoryFields(badgeCategoryId);
  const can = useCan();
  const session = useSession();
  const places = usePlaces(ownHolderId(session));
  const ownPlaces = places.data?.get(badgeCategoryId);
  const noPlace = places.isSuccess ? noPlaceReason(ownPlaces) : null;

  if (category.isPending) return <RecordSkeleton />;
  if (category.isError)
    return <RecordError error={category.error} noun="badge category" backTo={paths.users.href()} backLabel="Badges" />;
  const name = category.data.displayName ?? category.data.name;
  return (
    <>
      <PageHeader
        title={name}
        description={`${BADGE_TYPE_LABELS[category.data.badgeType]} badges registered in this category.`}
        actions={
          <>
            <BadgeListLinks category={category.data} />
            <Button asChild variant="outline">
              <Link to={`${paths.registrationLinks.href()}?badgeCategoryId=${badgeCategoryId}&eventId=${category.data.eventId}`}>
                <LinkIcon aria-hidden />
                Registration links
              </Link>
            </Button>
            {can('print_badges') && category.data.type === 'badge' && (
              <PrintBadgesDialog eventId={category.data.eventId} badgeCategoryId={badgeCategoryId} categoryName={name} />
            )}
            {places.isSuccess && <PlacesBadge places={ownPlaces} />}
            {can('create_exhibitor_user') &&
              (noPlace ? (
                <>
                  <Tooltip content={`${noPlace}: a new badge needs a free place`}>
                    <span tabIndex={0}>
                      <Button disabled>
                        <PlusIcon aria-hidden />
                        New badge
                      </Button>
                    </span>
                  </Tooltip>
                  <RequestMore badgeCategoryId={badgeCategoryId} />
                </>
              ) : (
                <Button asChild>
                  <Link to={paths.usersByCategoryCreate.href({ badgeCategoryId })}>
                    <PlusIcon aria-hidden />
                    New badge
                  </Link>
                </Button>
              ))}
          </>
        }
      />
      <BadgeList
        key={badgeCategoryId}
        badgeCategoryId={badgeCategoryId}
        eventId={category.data.eventId}
        fields={fields.data ?? []}
      />
    </>
  );
}
