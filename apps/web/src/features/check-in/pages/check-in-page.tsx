import { useParams, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { RecordError, RecordSkeleton } from '@/components/record-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { useEventBadgeCategories } from '@/features/badge-categories/api/get-event-badge-categories';
import { useEvent } from '@/features/events/api/get-event';
import { useCan } from '@/hooks/use-can';
import { useCheckInLists } from '../api/lists';
import { DevicesSection } from '../components/devices-section';
import { FiguresSection } from '../components/figures-section';
import { ListsSection } from '../components/lists-section';
import { LogSection } from '../components/log-section';

const TABS = ['figures', 'lists', 'devices', 'log'] as const;
type Tab = (typeof TABS)[number];

/** Check-in at the door, for the organiser: the figures, the lists and their rules, the paired devices, and the log of scans. */
export function CheckInPage() {
  const eventId = Number(useParams().eventId);
  const can = useCan();
  const canManage = can('manage_check_in');
  const canView = can('view_check_ins');
  const event = useEvent(eventId);
  const lists = useCheckInLists(eventId);
  const categories = useEventBadgeCategories(eventId);
  const [searchParams, setSearchParams] = useSearchParams();
  // Figures and the log need view_check_ins; lists and devices are set up with manage_check_in alone.
  const tabs = TABS.filter((tab) =>
    tab === 'figures' || tab === 'log' ? canView : tab === 'devices' ? canManage : true,
  );
  const tabParam = searchParams.get('tab');
  const tab: Tab = tabs.find((value) => value === tabParam) ?? tabs[0] ?? 'lists';

  if (event.isPending) return <RecordSkeleton />;
  if (event.isError)
    return <RecordError error={event.error} noun="event" backTo={paths.events.href()} backLabel="Back to events" />;
  const record = event.data;

  return (
    <>
      <PageHeader
        title="Check-in"
        description={`Who comes in at the doors of ${record.name}: lists, devices, scans and figures.`}
        back={{ to: paths.event.href({ id: record.id }), label: record.name }}
      />
      {/* Changing tab leaves the log's filters behind: they belong to the log alone. */}
      <Tabs
        value={tab}
        onValueChange={(value) => setSearchParams(value === tabs[0] ? {} : { tab: value }, { replace: true })}
      >
        <TabsList aria-label="Check-in sections">
          {tabs.includes('figures') && <TabsTrigger value="figures">Figures</TabsTrigger>}
          <TabsTrigger value="lists">Lists</TabsTrigger>
          {tabs.includes('devices') && <TabsTrigger value="devices">Devices</TabsTrigger>}
          {tabs.includes('log') && <TabsTrigger value="log">Log</TabsTrigger>}
        </TabsList>
        {tabs.includes('figures') && (
          <TabsContent value="figures">
            <FiguresSection eventId={record.id} />
          </TabsContent>
        )}
        <TabsContent value="lists">
          <ListsSection event={record} categories={categories.data ?? []} canManage={canManage} />
        </TabsContent>
        {tabs.includes('devices') && (
          <TabsContent value="devices">
            <DevicesSection eventId={record.id} lists={lists.data ?? []} />
          </TabsContent>
        )}
        {tabs.includes('log') && (
          <TabsContent value="log">
            <LogSection eventId={record.id} timeZone={record.timezone} lists={lists.data ?? []} canManage={canManage} />
          </TabsContent>
        )}
      </Tabs>
    </>
  );
}
