import type { PortalEvent } from '@portal/shared/events';
import { ScanLineIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useLeadSettings } from '../api/get-lead-settings';
import { LeadSettingsForm } from './lead-settings-form';
import { LeadSummariesTable } from './lead-summaries-table';

/** The event page's Leads tab: the event's lead rules, then every exhibitor's counts and scanning switch. */
export function LeadsSection({ event }: { event: Pick<PortalEvent, 'id' | 'startDate' | 'endDate' | 'timezone'> }) {
  const settings = useLeadSettings(event.id);
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Lead retrieval</CardTitle>
          <CardDescription>
            Exhibitors’ staff scan visitors’ badges at their booth. The server sends them only what you release here.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {settings.isPending ? (
            <div aria-busy="true" aria-label="Loading the lead settings" className="grid gap-4">
              <Skeleton className="h-40" />
              <Skeleton className="h-24" />
            </div>
          ) : settings.isError ? (
            <EmptyState
              icon={ScanLineIcon}
              title="The lead settings could not be loaded"
              description={errorMessage(settings.error, 'Please try again in a moment.')}
            />
          ) : (
            <LeadSettingsForm event={event} settings={settings.data} />
          )}
        </CardContent>
      </Card>

      <section aria-labelledby="lead-summaries-title" className="grid gap-3">
        <div>
          <h2 id="lead-summaries-title" className="text-base font-semibold">
            Leads per exhibitor
          </h2>
          <p className="text-sm text-muted-foreground">Counts only: the leads themselves are the exhibitors’.</p>
        </div>
        <LeadSummariesTable eventId={event.id} scanningByDefault={settings.data?.scanningByDefault ?? true} />
      </section>
    </div>
  );
}
