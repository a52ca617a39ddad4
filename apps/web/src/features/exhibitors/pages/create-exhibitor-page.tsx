import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Card, CardContent } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { ExhibitorForm } from '../components/exhibitor-form';

export function CreateExhibitorPage() {
  const navigate = useNavigate();
  // Coming from an event's page, the event is chosen already.
  const eventId = Number(useSearchParams()[0].get('eventId')) || undefined;
  const backTo = eventId ? paths.event.href({ id: eventId }) : paths.exhibitors.href();
  return (
    <>
      <PageHeader
        title="Create Exhibitor"
        description="Add an exhibiting company to an event, with the contact who signs in for it."
        back={{ to: backTo, label: eventId ? 'Event' : 'Exhibitor Profiles' }}
      />
      <Card className="max-w-3xl">
        <CardContent className="pt-5">
          <ExhibitorForm
            exhibitor={null}
            eventId={eventId}
            cancelTo={backTo}
            onSaved={(saved) => navigate(paths.eventExhibitor.href({ eventId: saved.eventId, exhibitorId: saved.id }))}
          />
        </CardContent>
      </Card>
    </>
  );
}
