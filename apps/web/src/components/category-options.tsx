/** The options of a badge-category picker: a first, empty choice, then each category by its shown name. */
export function CategoryOptions({
  categories,
  empty,
}: {
  categories: readonly { id: number; name: string; displayName: string | null }[] | undefined;
  empty: string;
}) {
  return (
    <>
      <option value="">{empty}</option>
      {categories?.map((category) => (
        <option key={category.id} value={category.id}>
          {category.displayName ?? category.name}
        </option>
      ))}
    </>
  );
}
