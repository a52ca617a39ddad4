import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_MESSAGES } from '@portal/shared/auth';
import { LinkIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { FormAlert } from '@/components/form/form-alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useInvitationCheck } from '../api/check-link';
import { AuthLayout } from '../components/auth-layout';
import { AuthNotice } from '../components/auth-notice';
import { AuthSubmitButton } from '../components/auth-submit-button';
import { NewPasswordFields, newPasswordSchema } from '../components/new-password-fields';

/** What the invitation is for, as its page names it: "Aurora Robotics AS at Nordic Tech Expo 2027". */
function invitedTo(eventName: string | null, companyName: string | null): string {
  if (companyName && eventName) return `You have been invited to the Exhibitor Portal for ${companyName} at ${eventName}.`;
  if (eventName) return `You have been invited to the Exhibitor Portal for ${eventName}.`;
  if (companyName) return `You have been invited to the Exhibitor Portal for ${companyName}.`;
  return 'You have been invited to the Exhibitor Portal.';
}

/**
 * /accept-invitation/:token: an invited account chooses its password and is signed in. The link is
 * checked as the page opens: a working one names the event and the company, a spent one says so.
 */
export function AcceptInvitationPage() {
  const token = useParams().token ?? '';
  const check = useInvitationCheck(token);
  const navigate = useNavigate();
  const accept = useAcceptInvitation({ onSuccess: () => navigate(paths.welcome.href(), { replace: true }) });
  const form = useForm({ resolver: zodResolver(newPasswordSchema), defaultValues: { password: '', confirmation: '' } });
  const { errors } = form.formState;

  if (check.isPending) {
    return (
      <AuthLayout title="Choose your password" description="Checking your invitation…">
        <div className="flex justify-center py-6">
          <Spinner size="lg" label="Checking the invitation" />
        </div>
      </AuthLayout>
    );
  }

  if (check.data?.valid === false) {
    return (
      <AuthLayout title="This invitation no longer works" description="It may have been used already, or expired.">
        <div className="grid gap-5">
          <AuthNotice icon={LinkIcon} iconClassName="text-destructive" title={AUTH_MESSAGES.invitationInvalid}>
            If you chose your password already, sign in with it; if you forgot it, ask for a new one. Otherwise ask
            the organiser to invite you again.
          </AuthNotice>
          <Button asChild size="lg" className="w-full">
            <Link to={paths.login.href()}>Sign in</Link>
          </Button>
          <p className="text-center text-sm text-muted-foreground">
            <Link to={paths.forgotPassword.href()} className="font-medium text-primary hover:underline">
              Forgot your password?
            </Link>
          </p>
        </div>
      </AuthLayout>
    );
  }

  // A check that failed (the network, too many requests) leaves the form, worded without names.
  const invitation = check.data;
  return (
    <AuthLayout
      title="Choose your password"
      description={`${invitedTo(invitation?.eventName ?? null, invitation?.companyName ?? null)} Choose a password to sign in.`}
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
