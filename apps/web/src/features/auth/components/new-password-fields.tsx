import { PASSWORD_MIN_LENGTH, passwordSchema } from '@portal/shared/passwords';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { z } from 'zod';
import { FormField } from '@/components/form/form-field';
import { Input } from '@/components/ui/input';

/** A password chosen on a sign-in screen, typed twice so that a typo does not lock the account out. */
export const newPasswordSchema = z
  .object({ password: passwordSchema, confirmation: z.string() })
  .refine((values) => values.password === values.confirmation, {
    message: 'The passwords do not match',
    path: ['confirmation'],
  });

type NewPasswordValues = z.input<typeof newPasswordSchema>;

/** The password and its repetition; the first takes the focus. */
export function NewPasswordFields({
  idPrefix,
  label,
  repeatLabel,
  register,
  errors,
}: {
  idPrefix: string;
  label: string;
  repeatLabel: string;
  register: UseFormRegister<NewPasswordValues>;
  errors: FieldErrors<NewPasswordValues>;
}) {
  return (
    <>
      <FormField
        id={`${idPrefix}-password`}
        label={label}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters, with letters and at least one digit or symbol.`}
        error={errors.password?.message}
      >
        {(control) => (
          <Input {...control} {...register('password')} type="password" autoComplete="new-password" autoFocus />
        )}
      </FormField>
      <FormField id={`${idPrefix}-confirmation`} label={repeatLabel} error={errors.confirmation?.message}>
        {(control) => <Input {...control} {...register('confirmation')} type="password" autoComplete="new-password" />}
      </FormField>
    </>
  );
}
