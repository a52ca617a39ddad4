import { useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { RecordError, RecordSkeleton } from '@/components/record-state';
import { paths } from '@/config/paths';
import { useEvent } from '@/features/events/api/get-event';
import { useSession } from '@/lib/session';
import { EndpointsSection } from '../components/endpoints-section';

/**
 * Webhooks of an event (docs/webhooks.md): an organiser's for the event, an exhibitor's for its own
 * records there. The API decides whose endpoints a caller manages; the page only words it.
 */
export function WebhooksPage() {
  const eventId = Number(useParams().eventId);
  const type = useSession()?.type;
  return type === 'exhibitor' ? <ExhibitorWebhooks eventId={eventId} /> : <OrganiserWebhooks eventId={eventId} />;
}

function OrganiserWebhooks({ eventId }: { eventId: number }) {
  const event = useEvent(eventId);
  if (event.isPending) return <RecordSkeleton />;
  if (event.isError)
    return <RecordError error={event.error} noun="event" backTo={paths.events.href()} backLabel="Back to events" />;
  return (
    <>
      <PageHeader
        title="Webhooks"
        description={`Tell your own systems of changes at ${event.data.name} as they happen.`}
        back={{ to: paths.event.href({ id: eventId }), label: event.data.name }}
      />
      <EndpointsSection eventId={eventId} />
    </>
  );
}

function ExhibitorWebhooks({ eventId }: { eventId: number }) {
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Tell your CRM or other systems of your badges, purchases, invoices and leads as they change."
      />
      <EndpointsSection eventId={eventId} />
    </>
  );
}
