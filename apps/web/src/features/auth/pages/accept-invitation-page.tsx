import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_MESSAGES } from '@portal/shared/auth';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { FormAlert } from '@/components/form/form-alert';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useAcceptInvitation } from '../api/accept-invitation';
import { AuthLayout } from '../components/auth-layout';
import { AuthSubmitButton } from '../components/auth-submit-button';
import { NewPasswordFields, newPasswordSchema } from '../components/new-password-fields';

/** /accept-invitation/:token: an invited exhibitor chooses its password and is signed in. */
export function AcceptInvitationPage() {
  const token = useParams().token ?? '';
  const navigate = useNavigate();
  const accept = useAcceptInvitation({ onSuccess: () => navigate(paths.welcome.href(), { replace: true }) });
  const form = useForm({ resolver: zodResolver(newPasswordSchema), defaultValues: { password: '', confirmation: '' } });
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
        <NewPasswordFields
          idPrefix="invitation"
          label="Password"
          repeatLabel="Repeat the password"
          register={form.register}
          errors={errors}
        />
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
