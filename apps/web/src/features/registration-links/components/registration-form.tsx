import { zodResolver } from '@hookform/resolvers/zod';
import { registerExhibitorBodySchema, type RegistrationReceived } from '@portal/shared/registration-links';
import { useForm } from 'react-hook-form';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { applyServerErrors } from '@/lib/form-errors';
import { useRegisterExhibitor } from '../api/register-exhibitor';

const FIELDS = ['companyName', 'firstName', 'lastName', 'email', 'phone', 'website'] as const;

/** A company registers itself as an exhibitor; the password is chosen through the emailed link. */
export function RegistrationForm({
  linkId,
  onRegistered,
}: {
  linkId: string;
  onRegistered: (received: RegistrationReceived) => void;
}) {
  const register = useRegisterExhibitor({ onSuccess: onRegistered });
  const form = useForm({
    resolver: zodResolver(registerExhibitorBodySchema),
    defaultValues: { companyName: '', firstName: '', lastName: '', email: '', phone: '', website: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    try {
      await register.mutateAsync({ linkId, body });
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS, 'The registration could not be completed. Please try again.');
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormAlert message={errors.root?.server?.message} />
      <FormField id="register-company" label="Company name" required error={errors.companyName?.message}>
        {(control) => <Input {...control} {...form.register('companyName')} autoComplete="organization" autoFocus />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="register-first-name" label="First name" required error={errors.firstName?.message}>
          {(control) => <Input {...control} {...form.register('firstName')} autoComplete="given-name" />}
        </FormField>
        <FormField id="register-last-name" label="Last name" required error={errors.lastName?.message}>
          {(control) => <Input {...control} {...form.register('lastName')} autoComplete="family-name" />}
        </FormField>
      </div>
      <FormField
        id="register-email"
        label="Email"
        required
        hint="We email this address a link to choose your password. You sign in with it."
        error={errors.email?.message}
      >
        {(control) => <Input {...control} {...form.register('email')} type="email" autoComplete="email" />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="register-phone" label="Phone" error={errors.phone?.message}>
          {(control) => <Input {...control} {...form.register('phone')} type="tel" autoComplete="tel" />}
        </FormField>
        <FormField id="register-website" label="Website" error={errors.website?.message}>
          {(control) => (
            <Input {...control} {...form.register('website')} type="url" autoComplete="url" placeholder="example.com" />
          )}
        </FormField>
      </div>
      <Button type="submit" size="lg" disabled={register.isPending} className="mt-2 w-full">
        {register.isPending && <Spinner size="sm" tone="current" label="Registering" />}
        Register company
      </Button>
    </form>
  );
}
