import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Card, CardContent } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { EventForm } from '../components/event-form';

export function CreateEventPage() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title="Create Event"
        description="Set up a new event: its dates, venue, time zone and currency."
        back={{ to: paths.events.href(), label: 'Events' }}
      />
      <Card className="max-w-3xl">
        <CardContent className="pt-5">
          <EventForm
            event={null}
            cancelTo={paths.events.href()}
            onSaved={(event) => navigate(paths.event.href({ id: event.id }))}
          />
        </CardContent>
      </Card>
    </>
  );
}
