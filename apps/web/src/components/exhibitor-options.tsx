/** The options of an exhibitor filter: a first, empty choice, then each exhibitor by company (or name). */
export function ExhibitorOptions({
  exhibitors,
  empty,
}: {
  exhibitors: readonly { id: number; name: string; companyName: string | null }[] | undefined;
  empty: string;
}) {
  return (
    <>
      <option value="">{empty}</option>
      {exhibitors?.map((exhibitor) => (
        <option key={exhibitor.id} value={exhibitor.id}>
          {exhibitor.companyName ?? exhibitor.name}
        </option>
      ))}
    </>
  );
}
