import { AUTH_MESSAGES } from '@portal/shared/auth';
import { USER_TYPES, type UserType } from '@portal/shared/user-types';
import { ShieldAlertIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { startSession, takeReturnUrl } from '@/lib/session';
import { useSsoLogin } from '../api/sso-login';
import { AuthLayout } from '../components/auth-layout';

function givenType(value: string | null): UserType | undefined {
  return USER_TYPES.find((type) => type === value);
}

/** /sso/: signs in with the token the identity provider hands over (path or `token` query). */
export function SsoPage() {
  const [params] = useSearchParams();
  const token = useParams().token ?? params.get('token') ?? '';
  const type = givenType(params.get('type'));
  const navigate = useNavigate();
  const sso = useSsoLogin(token);

  useEffect(() => {
    if (!sso.data) return;
    startSession(sso.data, type);
    navigate(takeReturnUrl() ?? paths.home.href(), { replace: true });
  }, [sso.data, type, navigate]);

  const failure = token === '' ? AUTH_MESSAGES.ssoFailed : sso.error?.message;
  return (
    <AuthLayout title="Single sign-on" description="Signing you in with your organisation's account.">
      {failure ? (
        <div role="alert" className="grid gap-4 rounded-xl border bg-card p-6 text-center">
          <ShieldAlertIcon aria-hidden className="mx-auto size-8 text-destructive" />
          <p className="font-medium">{failure}</p>
          <Button asChild variant="outline">
            <Link to={paths.login.href()}>Sign in with email and password</Link>
          </Button>
        </div>
      ) : (
        <div className="flex items-center gap-3 rounded-xl border bg-card p-6">
          <Spinner />
          <span className="text-sm text-muted-foreground">Verifying your sign-in…</span>
        </div>
      )}
    </AuthLayout>
  );
}
