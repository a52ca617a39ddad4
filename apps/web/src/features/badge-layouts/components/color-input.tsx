import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** The browser's colour picker, sized like the other fields; its value is always `#rrggbb`. */
export function ColorInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <input
      type="color"
      className={cn(
        'h-9 w-16 cursor-pointer rounded-md border border-input bg-card p-1 shadow-xs focus-visible:ring-2 focus-visible:ring-ring/30 focus-visible:outline-none aria-invalid:border-destructive',
        className,
      )}
      {...props}
    />
  );
}
