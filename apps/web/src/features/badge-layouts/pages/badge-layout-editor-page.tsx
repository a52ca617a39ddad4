import { Navigate, useParams } from 'react-router';
import { FormAlert } from '@/components/form/form-alert';
import { PageHeader } from '@/components/layout/page-header';
import { RecordError, RecordSkeleton } from '@/components/record-state';
import { paths } from '@/config/paths';
import { useEvent } from '@/features/events/api/get-event';
import { useBadgeFields } from '../api/get-badge-fields';
import { useBadgeLayout } from '../api/get-badge-layout';
import { LayoutEditor } from '../components/layout-editor';

export function BadgeLayoutEditorPage() {
  const params = useParams();
  const eventId = Number(params.eventId);
  const layoutId = Number(params.layoutId);
  const event = useEvent(eventId);
  const layout = useBadgeLayout(layoutId);
  const fields = useBadgeFields(eventId);
  const listHref = paths.eventBadgeLayouts.href({ eventId });

  if (event.isPending || layout.isPending || fields.isPending) return <RecordSkeleton />;
  if (event.isError || layout.isError)
    return (
      <RecordError
        error={event.error ?? layout.error}
        noun="badge layout"
        backTo={listHref}
        backLabel="Back to badge layouts"
      />
    );
  // A layout reached under another event's address opens under its own.
  if (layout.data.eventId !== eventId)
    return <Navigate replace to={paths.eventBadgeLayout.href({ eventId: layout.data.eventId, layoutId })} />;
  return (
    <>
      <PageHeader
        title={layout.data.name}
        description={`A badge layout of ${event.data.name}.`}
        back={{ to: listHref, label: 'Badge layouts' }}
      />
      {/* The questions only name custom field answers: without them the rest of the layout can still be edited. */}
      {fields.isError && (
        <div className="mb-4">
          <FormAlert message="The event’s badge questions could not be loaded: custom field answers cannot be chosen now." />
        </div>
      )}
      {/* Keyed by the layout: another layout's editor starts from its own design, not this one's edits. */}
      <LayoutEditor key={layout.data.id} eventId={eventId} layout={layout.data} fields={fields.data ?? []} />
    </>
  );
}
