import { DASHBOARD_SUBTITLES } from '@portal/shared/user-types';
import { CircleAlertIcon } from 'lucide-react';
import { PageHeader } from '@/components/layout/page-header';
import { Card } from '@/components/ui/card';
import { CheckInFiguresCard } from '@/features/check-in/components/check-in-figures-card';
import { useDashboardSummary } from '@/features/dashboard/api/get-dashboard-summary';
import { RecentActivity } from '@/features/dashboard/components/recent-activity';
import { StatCards } from '@/features/dashboard/components/stat-cards';
import { HealthCard } from '@/features/health/components/health-card';
import { useCan } from '@/hooks/use-can';
import { useSession } from '@/lib/session';

export function DashboardPage() {
  const session = useSession();
  const summary = useDashboardSummary();
  const firstName = session?.user.firstName;
  const can = useCan();
  // The dashboard has no event picker: the door's figures show for a user of one event.
  const checkInEvent = can('view_check_ins') ? (session?.user.eventId ?? null) : null;

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
      {checkInEvent != null && (
        <CheckInFiguresCard eventId={checkInEvent} eventName={session?.user.event?.name} className="mt-4" />
      )}
      <div className="mt-4 grid gap-4 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <RecentActivity summary={summary.data} failed={summary.isError} />
        </div>
        <HealthCard />
      </div>
    </>
  );
}
