import { zodResolver } from '@hookform/resolvers/zod';
import { passwordResetRequestBodySchema } from '@portal/shared/auth';
import { MailCheckIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { FormAlert } from '@/components/form/form-alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { AuthLayout } from '../components/auth-layout';
import { AuthNotice } from '../components/auth-notice';
import { AuthSubmitButton } from '../components/auth-submit-button';
import { EmailField } from '../components/email-field';

function BackToSignIn() {
  return (
    <p className="text-center text-sm text-muted-foreground">
      Remembered it?{' '}
      <Link to={paths.login.href()} className="font-medium text-primary hover:underline">
        Back to sign-in
      </Link>
    </p>
  );
}

/** /forgot-password: asks for an email with a link to choose a new password. */
export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const form = useForm({ resolver: zodResolver(passwordResetRequestBodySchema), defaultValues: { email: '' } });
  const { errors } = form.formState;

  if (request.isSuccess) {
    return (
      <AuthLayout title="Check your email" description="The next step is in your mailbox.">
        <div className="grid gap-5">
          <AuthNotice icon={MailCheckIcon} iconClassName="text-primary" title={request.data.message}>
            The link works once and for a limited time. No email? Check the spam folder, or ask again in a few minutes.
          </AuthNotice>
          <Button asChild size="lg" variant="outline" className="w-full">
            <Link to={paths.login.href()}>Back to sign-in</Link>
          </Button>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Forgot your password?"
      description="Enter the email you sign in with. We send it a link to choose a new password."
    >
      <form noValidate className="grid gap-5" onSubmit={form.handleSubmit((values) => request.mutate(values))}>
        <FormAlert
          message={request.isError ? errorMessage(request.error, 'The request could not be sent. Please try again.') : undefined}
        />
        <EmailField id="forgot-email" registration={form.register('email')} error={errors.email?.message} />
        <AuthSubmitButton pending={request.isPending} pendingLabel="Sending">
          Send reset link
        </AuthSubmitButton>
        <BackToSignIn />
      </form>
    </AuthLayout>
  );
}
