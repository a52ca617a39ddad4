/** A form label's look, apart from `Label` so that a label without extra classes needs no class merging. */
export const labelClasses = 'text-sm leading-none font-medium select-none peer-disabled:opacity-50';
