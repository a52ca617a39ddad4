import { BADGE_TYPE_LABELS, visibleBadgeTypes } from '@portal/shared/badge-categories';
import { useNavigate, useParams } from 'react-router';
import { FormField } from '@/components/form/form-field';
import { PageHeader } from '@/components/layout/page-header';
import { RecordError, RecordSkeleton } from '@/components/record-state';
import { Card, CardContent } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { useCan } from '@/hooks/use-can';
import { useListParams } from '@/hooks/use-list-params';
import { useSession } from '@/lib/session';
import { useCategory } from '../api/get-category';
import { useCategoryFields } from '../api/get-category-fields';
import { useEventCategories } from '../api/get-event-categories';
import { useExhibitorOptions } from '../api/get-exhibitor-options';
import { BadgeForm } from '../components/badge-form';
import { EventChoice } from '../components/event-choice';

/**
 * /users/create and /users/:badgeCategoryId/create. Without a category in the path the user picks
 * one first (kept in the URL); the form then asks that category's custom fields.
 */
export function CreateBadgePage() {
  const routeCategory = Number(useParams().badgeCategoryId) || null;
  const { filter, setFilter } = useListParams();
  const session = useSession();
  const navigate = useNavigate();
  const can = useCan();
  const ownEvent = session?.user.eventId ?? null;
  const chosenEvent = ownEvent ?? (Number(filter('eventId')) || null);
  const badgeCategoryId = routeCategory ?? (Number(filter('badgeCategoryId')) || null);
  const categories = useEventCategories(routeCategory ? null : chosenEvent);
  const category = useCategory(badgeCategoryId);
  const fields = useCategoryFields(badgeCategoryId);
  // Organisers may register a badge on behalf of an exhibitor; exhibitors and sub-accounts use their own allocation.
  const organiser = session?.type !== 'exhibitor' && session?.type !== 'sub-account' && can('view_exhibitors');
  const exhibitors = useExhibitorOptions(category.data?.eventId ?? null, { enabled: organiser && category.isSuccess });
  const visible = session ? visibleBadgeTypes(session.user.permissions, session.type) : [];
  const backTo = badgeCategoryId ? paths.usersByCategory.href({ badgeCategoryId }) : paths.users.href();

  return (
    <>
      <PageHeader
        title="Create Badge"
        description={
          category.data
            ? `Register a badge in ${category.data.displayName ?? category.data.name}.`
            : 'Register a new badge.'
        }
        back={{ to: backTo, label: category.data ? (category.data.displayName ?? category.data.name) : 'Badges' }}
      />
      {!routeCategory && ownEvent == null && (
        <EventChoice value={chosenEvent} onChange={(value) => setFilter('eventId', value ? String(value) : '')} />
      )}
      {!routeCategory && chosenEvent != null && (
        <Card className="mb-4 max-w-3xl">
          <CardContent className="pt-5">
            <FormField id="badge-category" label="Badge category" required>
              {(control) => (
                <NativeSelect
                  {...control}
                  value={badgeCategoryId ?? ''}
                  onChange={(event) => setFilter('badgeCategoryId', event.target.value)}
                  className="sm:w-80"
                >
                  <option value="">Choose a category</option>
                  {(categories.data ?? [])
                    .filter((option) => visible.includes(option.badgeType))
                    .map((option) => (
                      <option key={option.id} value={option.id}>
                        {option.displayName ?? option.name} · {BADGE_TYPE_LABELS[option.badgeType]}
                      </option>
                    ))}
                </NativeSelect>
              )}
            </FormField>
          </CardContent>
        </Card>
      )}
      {badgeCategoryId == null ? null : category.isPending || fields.isPending ? (
        <RecordSkeleton />
      ) : category.isError || fields.isError ? (
        <RecordError
          error={category.error ?? fields.error}
          noun="badge category"
          backTo={paths.users.href()}
          backLabel="Badges"
        />
      ) : (
        <Card className="max-w-3xl">
          <CardContent className="pt-5">
            <BadgeForm
              key={badgeCategoryId}
              badge={null}
              badgeCategoryId={badgeCategoryId}
              fields={fields.data}
              exhibitors={organiser ? exhibitors.data : undefined}
              cancelTo={backTo}
              onSaved={(badge) => navigate(paths.viewUser.href({ id: badge.id }))}
            />
          </CardContent>
        </Card>
      )}
    </>
  );
}
