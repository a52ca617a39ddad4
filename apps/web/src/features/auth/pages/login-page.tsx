import { Navigate, useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { takeReturnUrl, useSession } from '@/lib/session';
import { AuthLayout } from '../components/auth-layout';
import { LoginForm } from '../components/login-form';

/** /login and /vip/login: the same screen. */
export function LoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const isVip = useLocation().pathname === paths.vipLogin.path;

  if (session) return <Navigate to={paths.home.href()} replace />;

  return (
    <AuthLayout
      title="Sign in"
      description={isVip ? 'Sign in to manage the VIP guests of your event.' : 'Welcome back. Sign in to your account.'}
    >
      <LoginForm onSuccess={() => navigate(takeReturnUrl() ?? paths.home.href(), { replace: true })} />
    </AuthLayout>
  );
}
