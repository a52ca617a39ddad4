import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_MESSAGES } from '@portal/shared/auth';
import { PASSWORD_MIN_LENGTH, passwordSchema } from '@portal/shared/passwords';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useAcceptInvitation } from '../api/accept-invitation';
import { AuthLayout } from '../components/auth-layout';
import { AuthSubmitButton } from '../components/auth-submit-button';

const schema = z
  .object({ password: passwordSchema, confirmation: z.string() })
  .refine((values) => values.password === values.confirmation, {
    message: 'The passwords do not match',
    path: ['confirmation'],
  });

/** /accept-invitation/:token: an invited exhibitor chooses its password and is signed in. */
export function AcceptInvitationPage() {
  const token = useParams().token ?? '';
  const navigate = useNavigate();
  const accept = useAcceptInvitation({ onSuccess: () => navigate(paths.welcome.href(), { replace: true }) });
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { password: '', confirmation: '' } });
  const { errors } = form.formState;

  return (
    <AuthLayout
      title="Choose your password"
      description="You have been invited to the Exhibitor Portal. Choose a password to sign in."
    >
      <form
        noValidate
        className="grid gap-5"
        onSubmit={form.handleSubmit(({ password }) => accept.mutate({ token, password }))}
      >
        <FormAlert message={accept.isError ? errorMessage(accept.error, AUTH_MESSAGES.invitationInvalid) : undefined} />
        <FormField
          id="invitation-password"
          label="Password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters, with letters and at least one digit or symbol.`}
          error={errors.password?.message}
        >
          {(control) => (
            <Input {...control} {...form.register('password')} type="password" autoComplete="new-password" autoFocus />
          )}
        </FormField>
        <FormField id="invitation-confirmation" label="Repeat the password" error={errors.confirmation?.message}>
          {(control) => (
            <Input {...control} {...form.register('confirmation')} type="password" autoComplete="new-password" />
          )}
        </FormField>
        <AuthSubmitButton pending={accept.isPending} pendingLabel="Saving">
          Set password and sign in
        </AuthSubmitButton>
        <p className="text-center text-sm text-muted-foreground">
          Already chose one?{' '}
          <Link to={paths.login.href()} className="font-medium text-primary hover:underline">
            Sign in
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
