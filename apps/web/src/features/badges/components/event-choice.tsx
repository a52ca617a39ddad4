import { CalendarDaysIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { TableSkeleton } from '@/components/list/table-skeleton';
import { Card } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/input';
import { useEventOptions } from '../api/get-event-options';
import { EventOptions } from '@/components/event-options';

/** For a user without an event of its own: which event's badges to work on. */
export function EventChoice({ value, onChange }: { value: number | null; onChange: (eventId: number | null) => void }) {
  const events = useEventOptions();
  if (events.isPending) return <TableSkeleton rows={1} columns={1} />;
  if (events.isError || events.data.length === 0) {
    return (
      <Card>
        <EmptyState
          icon={CalendarDaysIcon}
          title="No events yet"
          description="Badges belong to an event; create one first."
        />
      </Card>
    );
  }
  return (
    <NativeSelect
      aria-label="Event"
      value={value ?? ''}
      onChange={(event) => onChange(Number(event.target.value) || null)}
      className="mb-4 sm:w-72"
    >
      <EventOptions events={events.data} empty="Choose an event" />
    </NativeSelect>
  );
}
