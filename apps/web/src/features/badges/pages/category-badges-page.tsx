import { BADGE_TYPE_LABELS } from '@portal/shared/badge-categories';
import { PlusIcon } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { RecordError, RecordSkeleton } from '@/components/record-state';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useCan } from '@/hooks/use-can';
import { useCategory } from '../api/get-category';
import { useCategoryFields } from '../api/get-category-fields';
import { BadgeList } from '../components/badge-list';
import { BadgeListLinks } from '../components/badge-links';

/** /users/:badgeCategoryId: the badges of one category. */
export function CategoryBadgesPage() {
  const badgeCategoryId = Number(useParams().badgeCategoryId);
  const category = useCategory(badgeCategoryId);
  const fields = useCategoryFields(badgeCategoryId);
  const can = useCan();

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
            <BadgeListLinks />
            {can('create_exhibitor_user') && (
              <Button asChild>
                <Link to={paths.usersByCategoryCreate.href({ badgeCategoryId })}>
                  <PlusIcon aria-hidden />
                  New badge
                </Link>
              </Button>
            )}
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
