import type { DashboardSummary } from '@portal/shared/dashboard';
import { CalendarPlusIcon, InboxIcon, UserPlusIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { timeAgo } from '@/lib/format';

type Activity = { key: string; icon: typeof UserPlusIcon; title: string; detail: string; at: string };

function activities(summary: DashboardSummary): Activity[] {
  return [
    ...summary.recentUsers.map((user) => ({
      key: `user-${user.id}`,
      icon: UserPlusIcon,
      title: `New badge: ${user.firstName} ${user.lastName}`,
      detail: user.eventName ? `${user.email} · ${user.eventName}` : user.email,
      at: user.createdAt,
    })),
    ...summary.recentEvents.map((event) => ({
      key: `event-${event.id}`,
      icon: CalendarPlusIcon,
      title: `Event created: ${event.name}`,
      detail: 'Event',
      at: event.createdAt,
    })),
  ];
}

/** The first 3 users as new badges and the first 2 events (spec §2). */
export function RecentActivity({ summary, failed }: { summary: DashboardSummary | undefined; failed: boolean }) {
  const items = summary ? activities(summary) : failed ? [] : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent activity</CardTitle>
        <CardDescription>New badges and events</CardDescription>
      </CardHeader>
      <CardContent>
        {!items ? (
          <div className="grid gap-4" aria-label="Loading recent activity">
            {Array.from({ length: 4 }, (_, index) => (
              <div key={index} className="flex items-center gap-3">
                <Skeleton rounded="full" className="size-9" />
                <div className="grid flex-1 gap-2">
                  <Skeleton className="h-4 w-1/2" />
                  <Skeleton className="h-3 w-1/3" />
                </div>
              </div>
            ))}
          </div>
        ) : items.length === 0 ? (
          <EmptyState
            icon={InboxIcon}
            title="Nothing yet"
            description="New badges and events will show up here."
            className="py-8"
          />
        ) : (
          <ul className="grid grid-cols-1 gap-1">
            {items.map(({ key, icon: Icon, title, detail, at }) => (
              <li key={key} className="flex items-center gap-3 rounded-lg px-2 py-2.5 hover:bg-muted/50">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
                  <Icon aria-hidden className="size-4" />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">{title}</p>
                  <p className="truncate text-xs text-muted-foreground">{detail}</p>
                </div>
                <time dateTime={at} className="shrink-0 text-xs text-muted-foreground">
                  {timeAgo(at)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
