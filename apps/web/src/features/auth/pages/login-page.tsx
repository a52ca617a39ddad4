import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { getSession, openableAfterSignIn, takeReturnUrl } from '@/lib/session';
import { AuthLayout } from '../components/auth-layout';
import { LoginForm } from '../components/login-form';

/** /login and /vip/login: the same screen. */
export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const isVip = location.pathname === paths.vipLogin.path;
  // Only who arrives signed in is sent on; signing in here navigates by itself.
  const [signedInOnArrival] = useState(() => getSession() !== null);
  const from = (location.state as { from?: string } | null)?.from;

  if (signedInOnArrival) return <Navigate to={paths.home.href()} replace />;

  return (
    <AuthLayout
      title="Sign in"
      description={isVip ? 'Sign in to manage the VIP guests of your event.' : 'Welcome back. Sign in to your account.'}
    >
      <LoginForm
        onSuccess={() => navigate(takeReturnUrl() ?? openableAfterSignIn(from) ?? paths.home.href(), { replace: true })}
      />
    </AuthLayout>
  );
}
