/** The options of an event picker: a first, empty choice, then each event by name. */
export function EventOptions({
  events,
  empty,
}: {
  events: readonly { id: number; name: string }[] | undefined;
  empty: string;
}) {
  return (
    <>
      <option value="">{empty}</option>
      {events?.map((event) => (
        <option key={event.id} value={event.id}>
          {event.name}
        </option>
      ))}
    </>
  );
}
