/** The look of the form controls, apart from `Input` so that a field without extra classes needs no class merging. */
export const fieldClasses =
  'w-full rounded-md border border-input bg-card px-3 text-sm shadow-xs transition-colors placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/20';

export const inputClasses = `${fieldClasses} h-9 py-1`;
