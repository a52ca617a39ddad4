import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { RecordError, RecordSkeleton } from '@/components/record-state';
import { Card, CardContent } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useEvent } from '@/features/events/api/get-event';
import { useInvoiceSettings } from '../api/invoice-settings';
import { InvoiceSettingsForm } from '../components/invoice-settings-form';
import { IssuerLogoField } from '../components/issuer-logo-field';

export function InvoiceSettingsPage() {
  const eventId = Number(useParams().id);
  const event = useEvent(eventId);
  const settings = useInvoiceSettings(eventId);
  const navigate = useNavigate();
  const eventHref = paths.event.href({ id: eventId });

  if (event.isPending || settings.isPending) return <RecordSkeleton />;
  if (event.isError || settings.isError)
    return (
      <RecordError
        error={event.error ?? settings.error}
        noun="event"
        backTo={paths.events.href()}
        backLabel="Back to events"
      />
    );
  return (
    <>
      <PageHeader
        title="Invoicing"
        description={`Who issues the invoices of ${event.data.name}, and on what terms.`}
        back={{ to: eventHref, label: event.data.name }}
      />
      {/* Saved on its own, at once: a picture is no part of the settings form's body. */}
      <Card className="mb-4 max-w-3xl">
        <CardContent className="pt-5">
          <IssuerLogoField eventId={eventId} logo={settings.data.logo} />
        </CardContent>
      </Card>
      <Card className="max-w-3xl">
        <CardContent className="pt-5">
          <InvoiceSettingsForm settings={settings.data} cancelTo={eventHref} onSaved={() => navigate(eventHref)} />
        </CardContent>
      </Card>
    </>
  );
}
