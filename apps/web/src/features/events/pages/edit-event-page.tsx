import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { RecordError, RecordSkeleton } from '@/components/record-state';
import { Card, CardContent } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useEvent } from '../api/get-event';
import { EventForm } from '../components/event-form';

export function EditEventPage() {
  const id = Number(useParams().id);
  const event = useEvent(id);
  const navigate = useNavigate();
  const eventHref = paths.event.href({ id });

  if (event.isPending) return <RecordSkeleton />;
  if (event.isError)
    return <RecordError error={event.error} noun="event" backTo={paths.events.href()} backLabel="Back to events" />;
  return (
    <>
      <PageHeader
        title="Edit Event"
        description={`Change the details of ${event.data.name}.`}
        back={{ to: eventHref, label: event.data.name }}
      />
      <Card className="max-w-3xl">
        <CardContent className="pt-5">
          <EventForm event={event.data} cancelTo={eventHref} onSaved={() => navigate(eventHref)} />
        </CardContent>
      </Card>
    </>
  );
}
