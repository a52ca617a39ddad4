import { BADGE_TYPE_LABELS, visibleBadgeTypes } from '@portal/shared/badge-categories';
import { TicketIcon } from 'lucide-react';
import { useNavigate, useParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
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
import { useLeadConsent } from '../api/get-lead-consent';
import { usePlaces } from '../api/get-places';
import { useEventCategories } from '../api/get-event-categories';
import { useExhibitorOptions } from '../api/get-exhibitor-options';
import { BadgeForm } from '../components/badge-form';
import { EventChoice } from '../components/event-choice';
import { noPlaceReason, ownHolderId, PlacesBadge, placesText, RequestMore } from '../components/places';

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
  const consent = useLeadConsent(category.data?.eventId ?? null);
  // Organisers may register a badge on behalf of an exhibitor; exhibitors and sub-accounts use their own allocation.
  const organiser = session?.type !== 'exhibitor' && session?.type !== 'sub-account' && can('view_exhibitors');
  const exhibitors = useExhibitorOptions(category.data?.eventId ?? null, { enabled: organiser && category.isSuccess });
  const visible = session ? visibleBadgeTypes(session.user.permissions, session.type) : [];
  // An exhibitor's or sub-account's badge takes a place of its own allocation: offer only categories with one left.
  const places = usePlaces(ownHolderId(session));
  const reasonFor = (id: number) => (places.isSuccess ? noPlaceReason(places.data.get(id)) : null);
  const chosenPlaces = badgeCategoryId != null ? places.data?.get(badgeCategoryId) : undefined;
  const blocked = badgeCategoryId != null ? reasonFor(badgeCategoryId) : null;
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
                    .map((option) => {
                      const reason = reasonFor(option.id);
                      const left = places.data?.get(option.id);
                      return (
                        <option key={option.id} value={option.id} disabled={reason !== null}>
                          {option.displayName ?? option.name} · {BADGE_TYPE_LABELS[option.badgeType]}
                          {reason ? ` — ${reason}` : left ? ` — ${placesText(left)}` : ''}
                        </option>
                      );
                    })}
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
      ) : blocked ? (
        <Card className="max-w-3xl">
          <EmptyState
            icon={TicketIcon}
            title={`${blocked} in ${category.data.displayName ?? category.data.name}`}
            description="Every badge you register takes one place of your allocation in its category."
            action={<RequestMore badgeCategoryId={badgeCategoryId} />}
          />
        </Card>
      ) : (
        <Card className="max-w-3xl">
          <CardContent className="pt-5">
            {chosenPlaces && (
              <p className="mb-4 text-sm text-muted-foreground">
                <PlacesBadge places={chosenPlaces} /> places in this category: this badge takes one.
              </p>
            )}
            <BadgeForm
              key={badgeCategoryId}
              badge={null}
              badgeCategoryId={badgeCategoryId}
              fields={fields.data}
              exhibitors={organiser ? exhibitors.data : undefined}
              consent={consent.data}
              cancelTo={backTo}
              onSaved={(badge) => navigate(paths.viewUser.href({ id: badge.id }))}
            />
          </CardContent>
        </Card>
      )}
    </>
  );
}
