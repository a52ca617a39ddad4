import { lazy } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '@/lib/session';
import { rootRedirect } from '../root-redirect';

const DashboardPage = lazy(() => import('./dashboard').then((m) => ({ default: m.DashboardPage })));

/** `/`: the dashboard with VIEW_REPORTS, otherwise the redirect of spec §2. */
export function RootPage() {
  const target = rootRedirect(useSession());
  return target ? <Navigate to={target} replace /> : <DashboardPage />;
}
