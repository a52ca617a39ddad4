import type { ComponentProps } from 'react';
import { FormField } from '@/components/form/form-field';
import { inputClasses } from '@/components/ui/field-classes';

/**
 * The email a user signs in with, marked as the username so that password managers fill it in.
 * A plain input with `Input`'s classes: the login page adds none, so it loads no class merging.
 */
export function EmailField({
  id,
  registration,
  error,
}: {
  id: string;
  /** A form library's registration, or just the name for a form read on submit. */
  registration: Pick<ComponentProps<'input'>, 'name' | 'onChange' | 'onBlur' | 'ref'>;
  error: string | undefined;
}) {
  return (
    <FormField id={id} label="Email" error={error}>
      {(control) => (
        <input
          {...control}
          {...registration}
          type="email"
          autoComplete="username"
          autoFocus
          placeholder="you@company.com"
          className={inputClasses}
        />
      )}
    </FormField>
  );
}
