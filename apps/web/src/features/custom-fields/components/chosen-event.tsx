import { EventOptions } from '@/components/event-options';
import { NativeSelect } from '@/components/ui/input';
import { useListParams } from '@/hooks/use-list-params';
import { useSession } from '@/lib/session';
import { useEventOptions } from '../api/get-event-options';

/**
 * The event the custom-field screens work on: an event user's own, otherwise the one chosen in the
 * URL (`?eventId=`), which the links between these screens carry along as `eventQuery`.
 */
export function useChosenEvent() {
  const { filter, setFilter } = useListParams();
  const session = useSession();
  const ownEvent = session?.user.eventId ?? null;
  const eventId = ownEvent ?? (Number(filter('eventId')) || null);
  const events = useEventOptions({ enabled: ownEvent == null });
  const eventName =
    ownEvent == null ? events.data?.find((event) => event.id === eventId)?.name : session?.user.event?.name;
  return {
    ownEvent,
    eventId,
    eventName,
    events,
    eventQuery: ownEvent == null && eventId ? `?eventId=${eventId}` : '',
    chooseEvent: (value: string) => setFilter('eventId', value),
  };
}

export type ChosenEvent = ReturnType<typeof useChosenEvent>;

/** The event filter above a screen, for users who are not tied to one event. */
export function EventFilter({ chosen }: { chosen: ChosenEvent }) {
  if (chosen.ownEvent != null) return null;
  return (
    <NativeSelect
      aria-label="Event"
      value={chosen.eventId ?? ''}
      onChange={(event) => chosen.chooseEvent(event.target.value)}
      className="mb-4 sm:w-72"
    >
      <EventOptions events={chosen.events.data} empty="Choose an event" />
    </NativeSelect>
  );
}
