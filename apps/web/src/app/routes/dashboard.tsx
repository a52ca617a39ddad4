import { DASHBOARD_SUBTITLES } from '@portal/shared/user-types';
import { CircleAlertIcon } from 'lucide-react';
import { PageHeader } from '@/components/layout/page-header';
import { Card } from '@/components/ui/card';
import { useDashboardSummary } from '@/features/dashboard/api/get-dashboard-summary';
import { RecentActivity } from '@/features/dashboard/components/recent-activity';
import { StatCards } from '@/features/dashboard/components/stat-cards';
import { HealthCard } from '@/features/health/components/health-card';
import { useSession } from '@/lib/session';

export function DashboardPage() {
  const session = useSession();
  const summary = useDashboardSummary();
  const firstName = session?.user.firstName;

  return (
    <>
      <PageHeader
        title="Dashboard"
        description={`${session ? DASHBOARD_SUBTITLES[session.type] : ''}${firstName ? ` · Welcome back, ${firstName}` : ''}`}
      />
      {summary.isError && (
        <Card role="alert" className="mb-4 flex items-center gap-3 border-destructive/30 p-4 text-sm text-destructive">
          <CircleAlertIcon aria-hidden className="size-4 shrink-0" />
          The dashboard figures could not be loaded. Reload the page to try again.
        </Card>
      )}
      <StatCards stats={summary.data?.stats} failed={summary.isError} />
      <div className="mt-4 grid gap-4 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <RecentActivity summary={summary.data} failed={summary.isError} />
        </div>
        <HealthCard />
      </div>
    </>
  );
}
