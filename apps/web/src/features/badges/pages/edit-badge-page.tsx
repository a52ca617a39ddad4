import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { RecordError, RecordSkeleton } from '@/components/record-state';
import { Card, CardContent } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useBadge } from '../api/get-badge';
import { useCategoryFields } from '../api/get-category-fields';
import { useLeadConsent } from '../api/get-lead-consent';
import { BadgeForm } from '../components/badge-form';

/** /edit-user/:id. */
export function EditBadgePage() {
  const id = Number(useParams().id);
  const badge = useBadge(id);
  const fields = useCategoryFields(badge.data?.badgeCategoryId ?? null);
  const consent = useLeadConsent(badge.data?.eventId ?? null);
  const navigate = useNavigate();
  const viewHref = paths.viewUser.href({ id });

  if (badge.isPending || (badge.isSuccess && fields.isPending)) return <RecordSkeleton />;
  if (badge.isError || fields.isError)
    return (
      <RecordError error={badge.error ?? fields.error} noun="badge" backTo={paths.users.href()} backLabel="Badges" />
    );
  return (
    <>
      <PageHeader
        title="Edit Badge"
        description={`Change the details of ${badge.data.name}.`}
        back={{ to: viewHref, label: badge.data.name }}
      />
      <Card className="max-w-3xl">
        <CardContent className="pt-5">
          <BadgeForm
            badge={badge.data}
            badgeCategoryId={badge.data.badgeCategoryId}
            fields={fields.data ?? []}
            consent={consent.data}
            cancelTo={viewHref}
            onSaved={() => navigate(viewHref)}
          />
        </CardContent>
      </Card>
    </>
  );
}
