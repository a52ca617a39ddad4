import {
  CalendarDaysIcon,
  LinkIcon,
  ListChecksIcon,
  MailIcon,
  MapPinIcon,
  PencilIcon,
  PlusIcon,
  Trash2Icon,
} from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Detail, DetailList } from '@/components/detail-list';
import { PageHeader } from '@/components/layout/page-header';
import { RecordError, RecordSkeleton } from '@/components/record-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Tooltip } from '@/components/ui/tooltip';
import { paths } from '@/config/paths';
import { DownloadAllInvoicesButton } from '@/features/allocation-purchases/components/download-all-invoices-button';
import { PurchaseTable } from '@/features/allocation-purchases/components/purchase-table';
import { EventAllocations } from '@/features/allocations/components/holder-allocations';
import { EventBadgeCategories } from '@/features/badge-categories/components/event-badge-categories';
import { CalibrationCard } from '@/features/badge-prints/components/calibration-card';
import { RecordHistory } from '@/features/audit/components/record-history';
import { CheckInFiguresCard } from '@/features/check-in/components/check-in-figures-card';
import { useDeleteEvent } from '@/features/events/api/delete-event';
import { useEvent } from '@/features/events/api/get-event';
import { eventDeleteBlockedReason, eventDeleteDescription } from '@/features/events/components/event-delete';
import { EventLinks } from '@/features/events/components/event-links';
import { EmailTemplateList } from '@/features/email-templates/components/email-template-list';
import { EventStatusBadge } from '@/features/events/components/event-status-badge';
import { ExhibitorList } from '@/features/exhibitors/components/exhibitor-list';
import { LeadsSection } from '@/features/lead-settings/components/leads-section';
import { CreateLinkDialog } from '@/features/registration-links/components/create-link-dialog';
import { ExhibitorLinkList } from '@/features/registration-links/components/exhibitor-link-list';
import { useCan } from '@/hooks/use-can';
import { errorMessage } from '@/lib/api-client';
import { formatDateRange } from '@/lib/format';

const TABS = ['exhibitors', 'badge-categories', 'email-templates', 'allocations', 'purchases', 'leads', 'history'] as const;
type Tab = (typeof TABS)[number];

/** ViewEvent: the event's details, and its exhibitors, badge categories and more as tabs. */
export function EventPage() {
  const id = Number(useParams().id);
  const event = useEvent(id);
  const can = useCan();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const [dialog, setDialog] = useState<'link' | 'delete' | null>(null);
  const remove = useDeleteEvent();
  const tabParam = searchParams.get('tab');
  const tab: Tab = TABS.find((value) => value === tabParam && (value !== 'leads' || can('manage_leads'))) ?? 'exhibitors';

  if (event.isPending) return <RecordSkeleton />;
  if (event.isError)
    return <RecordError error={event.error} noun="event" backTo={paths.events.href()} backLabel="Back to events" />;
  const record = event.data;
  const place = [record.venue, record.city, record.country].filter(Boolean).join(', ');
  const deleteBlocked = eventDeleteBlockedReason(record);

  function confirmDelete() {
    remove.mutate(record.id, {
      onSuccess: () => {
        toast.success(`${record.name} deleted`);
        navigate(paths.events.href(), { replace: true });
      },
      onError: (error) => {
        toast.error(errorMessage(error, 'The event could not be deleted'));
        setDialog(null);
      },
    });
  }

  return (
    <>
      <PageHeader
        title={record.name}
        description={record.description ?? 'The event’s details, its exhibitors and its badge categories.'}
        back={{ to: paths.events.href(), label: 'Events' }}
        actions={
          <>
            {can('create_exhibitor') && (
              <Button variant="outline" onClick={() => setDialog('link')}>
                <LinkIcon aria-hidden />
                Create exhibitor registration link
              </Button>
            )}
            {can('update_event') && (
              <Button asChild variant="outline">
                <Link to={paths.eventEdit.href({ id: record.id })}>
                  <PencilIcon aria-hidden />
                  Edit
                </Link>
              </Button>
            )}
            {can('delete_event') && (
              <Tooltip content={deleteBlocked ?? 'Delete event'}>
                <span tabIndex={deleteBlocked ? 0 : undefined}>
                  <Button variant="destructive" disabled={Boolean(deleteBlocked)} onClick={() => setDialog('delete')}>
                    <Trash2Icon aria-hidden />
                    Delete
                  </Button>
                </span>
              </Tooltip>
            )}
          </>
        }
      />

      <Card className="mb-6">
        <CardContent className="pt-5">
          <DetailList className="grid-cols-2 lg:grid-cols-4">
            <Detail label="Status">
              <EventStatusBadge status={record.status} />
            </Detail>
            <Detail label="Dates">
              <span className="flex items-center gap-1.5">
                <CalendarDaysIcon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
                {formatDateRange(record.startDate, record.endDate) ?? 'To be announced'}
              </span>
            </Detail>
            <Detail label="Location">
              <span className="flex items-start gap-1.5">
                <MapPinIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                {place || 'To be announced'}
              </span>
            </Detail>
            <Detail label="Exhibitors">{record.exhibitorCount}</Detail>
            <Detail label="Time zone">{record.timezone.replaceAll('_', ' ')}</Detail>
            <Detail label="Currency">{record.currency}</Detail>
            <Detail label="Slug">
              <code className="text-xs">{record.slug}</code>
            </Detail>
          </DetailList>
        </CardContent>
      </Card>

      <EventLinks eventId={record.id} can={can} />

      {can('view_check_ins') && <CheckInFiguresCard eventId={record.id} className="mb-6" />}

      {can('manage_badge_layouts') && <CalibrationCard eventId={record.id} />}

      {can('create_exhibitor') && <ExhibitorLinkList eventId={record.id} />}

      <Tabs value={tab} onValueChange={(value) => setSearchParams(value === 'exhibitors' ? {} : { tab: value })}>
        <TabsList aria-label="Event sections">
          <TabsTrigger value="exhibitors">Exhibitors</TabsTrigger>
          <TabsTrigger value="badge-categories">Badge categories</TabsTrigger>
          <TabsTrigger value="email-templates">Email templates</TabsTrigger>
          <TabsTrigger value="allocations">Allocations</TabsTrigger>
          <TabsTrigger value="purchases">Purchases</TabsTrigger>
          {can('manage_leads') && <TabsTrigger value="leads">Leads</TabsTrigger>}
          <TabsTrigger value="history">History</TabsTrigger>
        </TabsList>
        <TabsContent value="exhibitors">
          {can('create_exhibitor') && (
            <div className="mb-3 flex justify-end">
              <Button asChild size="sm">
                <Link to={`${paths.exhibitorsCreate.href()}?eventId=${record.id}`}>
                  <PlusIcon aria-hidden />
                  Add exhibitor
                </Link>
              </Button>
            </div>
          )}
          <ExhibitorList eventId={record.id} />
        </TabsContent>
        <TabsContent value="badge-categories">
          <EventBadgeCategories eventId={record.id} />
        </TabsContent>
        <TabsContent value="email-templates">
          {can('create_email_template') && (
            <div className="mb-3 flex flex-wrap justify-end gap-2">
              <Button asChild size="sm" variant="outline">
                <Link to={paths.emailTemplates.href()}>
                  <MailIcon aria-hidden />
                  All email templates
                </Link>
              </Button>
              <Button asChild size="sm">
                <Link to={paths.eventTemplateCreate.href({ eventId: record.id })}>
                  <PlusIcon aria-hidden />
                  New template for this event
                </Link>
              </Button>
            </div>
          )}
          {can('view_email_templates') && <EmailTemplateList eventId={record.id} />}
        </TabsContent>
        <TabsContent value="allocations">
          {can('view_allocation') ? (
            <>
              <div className="mb-3 flex justify-end">
                <Button asChild size="sm" variant="outline">
                  <Link to={`${paths.badgeAllocations.href()}?eventId=${record.id}`}>
                    <ListChecksIcon aria-hidden />
                    {can('update_allocation') ? 'Set allocations' : 'Badge allocations'}
                  </Link>
                </Button>
              </div>
              <EventAllocations eventId={record.id} />
            </>
          ) : (
            <p className="text-sm text-muted-foreground">You may not see this event’s allocations.</p>
          )}
        </TabsContent>
        <TabsContent value="purchases">
          <PurchaseTable
            scope={{ eventId: record.id }}
            toolbar={
              can('update_allocation_purchase') && (
                <DownloadAllInvoicesButton eventId={record.id} eventName={record.name} />
              )
            }
            emptyDescription="Exhibitors’ requests for more badges at this event appear here."
          />
        </TabsContent>
        {can('manage_leads') && (
          <TabsContent value="leads">
            <LeadsSection event={record} />
          </TabsContent>
        )}
        <TabsContent value="history">
          <RecordHistory kind="event" id={record.id} emptyDescription="Changes to this event’s settings appear here." />
        </TabsContent>
      </Tabs>

      <CreateLinkDialog
        eventId={record.id}
        eventName={record.name}
        open={dialog === 'link'}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={(open) => !open && setDialog(null)}
        title="Delete this event?"
        description={eventDeleteDescription(record)}
        confirmLabel="Delete event"
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
