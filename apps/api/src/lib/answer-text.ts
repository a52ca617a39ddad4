/** A custom-field answer as people read it: an option's label, choices joined, a checkbox as Yes or No. */
export function answerText(value: unknown, options: readonly { value: string; label: string }[]): string {
  const labelOf = (choice: unknown) => options.find((option) => option.value === String(choice))?.label ?? String(choice);
  if (value === null || value === undefined || value === '') return '';
  if (Array.isArray(value)) return value.map(labelOf).join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return '';
  return labelOf(value);
}
