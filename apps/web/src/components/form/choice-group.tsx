import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/utils';

type Choice = { value: string; label: string; description?: ReactNode };

type ChoiceGroupProps = {
  legend: string;
  name: string;
  choices: readonly Choice[];
  /** The registered radio input's props (react-hook-form's `register(name)`). */
  register: Omit<ComponentProps<'input'>, 'type' | 'value'>;
  className?: string;
};

/**
 * Two or three mutually exclusive ways of doing something, as native radio buttons in cards:
 * arrow keys move between them and screen readers announce the group.
 */
export function ChoiceGroup({ legend, name, choices, register, className }: ChoiceGroupProps) {
  return (
    <fieldset className={cn('grid gap-2', className)}>
      <legend className="mb-1.5 text-sm font-medium">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {choices.map((choice) => {
          const id = `${name}-${choice.value}`;
          return (
            <label
              key={choice.value}
              htmlFor={id}
              className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors hover:bg-muted/50 has-checked:border-primary has-checked:bg-primary/5 has-focus-visible:ring-2 has-focus-visible:ring-ring"
            >
              <input
                {...register}
                id={id}
                type="radio"
                value={choice.value}
                className="mt-0.5 size-4 accent-primary focus-visible:outline-none"
              />
              <span className="grid gap-0.5 text-sm leading-snug">
                <span className="font-medium">{choice.label}</span>
                {choice.description && <span className="text-xs text-muted-foreground">{choice.description}</span>}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
