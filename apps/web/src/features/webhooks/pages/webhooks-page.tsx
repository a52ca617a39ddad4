import { WebhookIcon } from 'lucide-react';
import { useParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/layout/page-header';
import { RecordError, RecordSkeleton } from '@/components/record-state';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useEvent } from '@/features/events/api/get-event';
import { useSession } from '@/lib/session';
import { EndpointsSection } from '../components/endpoints-section';

/**
 * Webhooks (docs/webhooks.md): an organiser's for the event in the address, an exhibitor's for its
 * own records at its event. The API decides whose endpoints a caller manages.
 */
export function WebhooksPage() {
  const param = useParams().eventId;
  const session = useSession();
  const eventId = param ? Number(param) : (session?.user.eventId ?? null);
  if (eventId === null)
    return (
      <Card>
        <EmptyState
          icon={WebhookIcon}
          title="Webhooks belong to an event"
          description="Open the event from Events, then its Webhooks."
        />
      </Card>
    );
  return param ? <OrganiserWebhooks eventId={eventId} /> : <ExhibitorWebhooks eventId={eventId} />;
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
        description="Tell your CRM or other systems of your badges, purchases and invoices as they change."
      />
      <EndpointsSection eventId={eventId} />
    </>
  );
}
