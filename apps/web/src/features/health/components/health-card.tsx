import { ActivityIcon, DatabaseIcon, GaugeIcon, ServerIcon, TimerIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useHealth } from '../api/get-health';
import { formatUptime } from '../format-uptime';

function Row({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3 py-3">
      <dt className="flex items-center gap-2.5 text-sm text-muted-foreground">
        {icon}
        {label}
      </dt>
      <dd className="text-sm font-medium">{children}</dd>
    </div>
  );
}

/** API status, database connection, where sign-in attempts are counted and uptime, polled every 30 seconds. */
export function HealthCard() {
  const health = useHealth();
  // After a failed poll the last answer is stale: show the API as unreachable, not as it was.
  const data = health.isError ? undefined : health.data;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ActivityIcon aria-hidden className="size-4 text-primary" />
          System health
        </CardTitle>
        <CardDescription>Checked every 30 seconds</CardDescription>
      </CardHeader>
      <CardContent>
        {health.isPending ? (
          <div className="grid gap-3" aria-label="Loading system health">
            <Skeleton className="h-6" />
            <Skeleton className="h-6" />
            <Skeleton className="h-6" />
            <Skeleton className="h-6" />
          </div>
        ) : (
          <dl className="divide-y">
            <Row icon={<ServerIcon aria-hidden className="size-4" />} label="API">
              {data ? <Badge variant="success">Operational</Badge> : <Badge variant="destructive">Unreachable</Badge>}
            </Row>
            <Row icon={<DatabaseIcon aria-hidden className="size-4" />} label="Database">
              {data?.database.connected ? (
                <Badge variant="success">Connected</Badge>
              ) : (
                <Badge variant="destructive">Disconnected</Badge>
              )}
            </Row>
            <Row icon={<GaugeIcon aria-hidden className="size-4" />} label="Sign-in limits">
              {!data ? (
                '—'
              ) : data.rateLimiter.degraded ? (
                <Badge variant="destructive">Redis unreachable: per process</Badge>
              ) : (
                <Badge variant="success">
                  {data.rateLimiter.store === 'redis' ? 'Shared (Redis)' : 'In this process'}
                </Badge>
              )}
            </Row>
            <Row icon={<TimerIcon aria-hidden className="size-4" />} label="Uptime">
              <span className="tabular-nums">{data ? formatUptime(data.uptime) : '—'}</span>
            </Row>
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
