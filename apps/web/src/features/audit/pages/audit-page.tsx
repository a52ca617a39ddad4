import type { AuditFilter } from '@portal/shared/audit';
import { isCalendarDate } from '@portal/shared/common';
import { HistoryIcon } from 'lucide-react';
import { EventOptions } from '@/components/event-options';
import { DataList } from '@/components/list/data-list';
import { SearchInput } from '@/components/list/search-input';
import { useKeysetPages } from '@/components/list/use-keyset-pages';
import { Input, NativeSelect } from '@/components/ui/input';
import { useEventOptions } from '@/features/badges/api/get-event-options';
import { useCan } from '@/hooks/use-can';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useListParams } from '@/hooks/use-list-params';
import { useSession } from '@/lib/session';
import { useAuditLog } from '../api/get-audit-log';
import { auditColumns, EntryDiff, useOpenEntries } from '../components/audit-entries';

/** The record types the portal logs most, for the filter; any other can still be asked for by URL. */
const RECORD_TYPES = [
  ['event', 'Event'],
  ['exhibitor', 'Exhibitor'],
  ['sub-account', 'Sub-account'],
  ['badge', 'Badge'],
  ['allocation', 'Allocation'],
  ['allocation_purchase', 'Purchase'],
  ['email_template', 'Email template'],
  ['registration-link', 'Registration link'],
  ['badge-category', 'Badge category'],
  ['custom_field', 'Custom field'],
  ['admin', 'Admin'],
  ['role', 'Role'],
  ['company', 'Company'],
  ['lead', 'Lead'],
] as const;

const positiveId = (value: string) => (/^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : undefined);

/** The filters of the URL as the API reads them; a half-typed date is left out rather than refused. */
export function auditFilters(filter: (key: string) => string, who: string): Partial<AuditFilter> {
  const filters: Partial<AuditFilter> = {
    who: who || undefined,
    action: filter('action').trim() || undefined,
    entityType: filter('entityType') || undefined,
    entityId: filter('entityId').trim() || undefined,
    eventId: positiveId(filter('eventId')),
    from: isCalendarDate(filter('from')) ? filter('from') : undefined,
    to: isCalendarDate(filter('to')) ? filter('to') : undefined,
  };
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
}

/** `/audit`: every change the portal recorded within the user's reach, filtered, each opening on its difference. */
export function AuditPage() {
  useDocumentTitle('History');
  const { search, setSearch, filter, setFilter } = useListParams();
  const can = useCan();
  // An event's own staff see its entries only: the event filter is for those who reach several.
  const globalUser = useSession()?.user.eventId == null;
  const events = useEventOptions({ enabled: globalUser });
  const filters = auditFilters(filter, search);
  const filtered = Object.keys(filters).length > 0;
  // New filters start again at the newest entry.
  const pages = useKeysetPages(JSON.stringify(filters));
  const log = useAuditLog({ ...filters, before: pages.before });
  const entries = useOpenEntries();

  const columns = auditColumns(entries, { showRecord: true, hideable: true });

  return (
    <DataList
      name="audit"
      noun="history"
      icon={HistoryIcon}
      title="History"
      description="Every change made in the portal: who made it, when, and the record before and after. Entries are kept and cannot be changed."
      filters={
        <div className="grid gap-2 sm:basis-full sm:grid-cols-2 lg:grid-cols-4">
          <div className="sm:col-span-2">
            <SearchInput value={search} onSearch={setSearch} label="Who" placeholder="Who: name, email or account id" />
          </div>
          <NativeSelect
            aria-label="Record type"
            value={filter('entityType')}
            onChange={(e) => setFilter('entityType', e.target.value)}
          >
            <option value="">All record types</option>
            {RECORD_TYPES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
          <Input
            aria-label="Record id"
            placeholder="Record id"
            inputMode="numeric"
            value={filter('entityId')}
            onChange={(e) => setFilter('entityId', e.target.value)}
          />
          <Input
            aria-label="Action"
            placeholder="Action, such as update"
            value={filter('action')}
            onChange={(e) => setFilter('action', e.target.value)}
          />
          {globalUser && (
            <NativeSelect
              aria-label="Event"
              value={filter('eventId')}
              onChange={(e) => setFilter('eventId', e.target.value)}
            >
              <EventOptions events={events.data} empty="All events" />
            </NativeSelect>
          )}
          <label className="flex items-center gap-2 text-sm">
            <span className="w-10 shrink-0 text-muted-foreground">From</span>
            <Input
              type="date"
              className="min-w-0"
              aria-label="From (day, UTC)"
              value={filter('from')}
              onChange={(e) => setFilter('from', e.target.value)}
            />
          </label>
          <label className="flex items-center gap-2 text-sm">
            <span className="w-10 shrink-0 text-muted-foreground">Until</span>
            <Input
              type="date"
              className="min-w-0"
              aria-label="Until (day, UTC)"
              value={filter('to')}
              onChange={(e) => setFilter('to', e.target.value)}
            />
          </label>
        </div>
      }
      query={log}
      columns={columns}
      getRowId={(entry) => entry.id}
      keyset={pages}
      rowDetail={(entry) => (entries.isOpen(entry) ? <EntryDiff entry={entry} /> : null)}
      exportTo={can('export_data') ? { url: '/audit/export', params: filters, fileName: 'history' } : undefined}
      emptyTitle={filtered ? 'No entries match these filters' : 'Nothing recorded yet'}
      emptyDescription={filtered ? 'Try wider filters.' : 'Every change made in the portal appears here.'}
    />
  );
}
