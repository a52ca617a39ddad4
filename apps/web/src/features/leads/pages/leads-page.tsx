import { LEAD_RATING_LABELS, LEAD_RATINGS, type Lead } from '@portal/shared/leads';
import { useQueryClient } from '@tanstack/react-query';
import { ContactIcon, ScanLineIcon } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/layout/page-header';
import { DataList, type ListColumn } from '@/components/list/data-list';
import { SearchInput } from '@/components/list/search-input';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { useListParams } from '@/hooks/use-list-params';
import { formatEventTime, timeZoneName } from '@/lib/event-time';
import { useSession } from '@/lib/session';
import { useLeadFigures } from '../api/get-lead-figures';
import { useLeads } from '../api/get-leads';
import { leadKeys } from '../api/lead-keys';
import { ExportLogCard } from '../components/export-log-card';
import { LeadFiguresCard } from '../components/lead-figures-card';
import { visitorName } from '../components/lead-visitor';
import { RatingLabel } from '../components/rating-control';
import { ScannerSeatsCard } from '../components/scanner-seats-card';
import { TeamSharingCard } from '../components/team-sharing-card';
import { formatDay } from '../lib/lead-days';
import { DEFAULT_LEAD_SORT, isFiltered, leadFilters } from '../lib/lead-filters';
import { useEventTimeZone } from '../lib/use-event-time-zone';

/** How to scan, said where there is nothing yet to list. */
function HowToScan() {
  return (
    <Card>
      <EmptyState
        icon={ScanLineIcon}
        title="No leads yet"
        description={
          <>
            At the booth, open <strong>Scan leads</strong> on a phone and point its camera at the QR code on a visitor’s
            badge. A handheld scanner works too, or type the code printed under the QR code. Each scan becomes a lead
            here, with what the organiser lets you see of the visitor; rate it and add notes and tags as you talk.
          </>
        }
        action={
          <Button asChild>
            <Link to={paths.leadsScan.href()}>
              <ScanLineIcon aria-hidden />
              Scan leads
            </Link>
          </Button>
        }
      />
    </Card>
  );
}

/** /leads: the leads of the exhibitor's team (the API decides which a sub-account sees). */
export function LeadsPage() {
  const session = useSession();
  const isExhibitorAccount = session?.type === 'exhibitor';
  const timeZone = useEventTimeZone();
  const { page, search, setPage, setSearch, filter, setFilter } = useListParams();
  const filters = leadFilters(filter, search);
  const leads = useLeads({ ...filters, page });
  const figures = useLeadFigures();
  const queryClient = useQueryClient();
  const columns: ListColumn<Lead>[] = [
    {
      id: 'name',
      header: 'Name',
      sortKey: 'name',
      hideable: false,
      cell: (lead) => (
        <>
          <Link
            to={paths.lead.href({ id: lead.id })}
            className="font-medium underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            {visitorName(lead.visitor)}
          </Link>
          {/* On a phone the hidden columns' essentials go under the name. */}
          <div className="text-xs text-muted-foreground md:hidden">
            {[lead.visitor.company, formatEventTime(lead.scannedAt, timeZone)].filter(Boolean).join(' · ')}
          </div>
        </>
      ),
    },
    {
      id: 'company',
      header: 'Company',
      className: 'hidden md:table-cell',
      cell: (lead) => lead.visitor.company ?? '',
    },
    { id: 'rating', header: 'Rating', sortKey: 'rating', cell: (lead) => <RatingLabel rating={lead.rating} /> },
    {
      id: 'tags',
      header: 'Tags',
      className: 'hidden lg:table-cell',
      cell: (lead) => (
        <div className="flex max-w-64 flex-wrap gap-1">
          {lead.tags.map((tag) => (
            <span key={tag} className="rounded-full border bg-secondary px-2 py-0.5 text-xs">
              {tag}
            </span>
          ))}
        </div>
      ),
    },
    { id: 'scannedBy', header: 'Scanned by', className: 'hidden md:table-cell', cell: (lead) => lead.scannedBy.name },
    {
      id: 'scannedAt',
      header: 'Scanned',
      sortKey: 'scannedAt',
      className: 'hidden whitespace-nowrap tabular-nums sm:table-cell',
      cell: (lead) => <time dateTime={lead.scannedAt}>{formatEventTime(lead.scannedAt, timeZone)}</time>,
    },
    {
      id: 'notes',
      header: 'Notes',
      className: 'hidden text-right tabular-nums sm:table-cell',
      cell: (lead) => lead.notes.length,
    },
  ];

  const noLeadsAtAll = figures.data?.total === 0 && !isFiltered(filters);

  return (
    <>
      <PageHeader
        title="Leads"
        description="The visitors your team scanned at the booth. Times are in the event’s time zone."
        actions={
          <Button asChild>
            <Link to={paths.leadsScan.href()}>
              <ScanLineIcon aria-hidden />
              Scan leads
            </Link>
          </Button>
        }
      />
      <div className="grid gap-6">
        {noLeadsAtAll ? (
          <HowToScan />
        ) : (
          <>
            {figures.data && <LeadFiguresCard figures={figures.data} />}
            <DataList
              name="leads"
              noun="leads"
              icon={ContactIcon}
              search={{ value: search, onSearch: setSearch, placeholder: 'Search name or company' }}
              filters={
                <div className="grid w-full gap-2 sm:grid-cols-2 lg:grid-cols-4">
                  <NativeSelect
                    aria-label="Filter by rating"
                    value={filters.rating ?? ''}
                    onChange={(e) => setFilter('rating', e.target.value)}
                  >
                    <option value="">All ratings</option>
                    {LEAD_RATINGS.map((rating) => (
                      <option key={rating} value={rating}>
                        {LEAD_RATING_LABELS[rating]}
                      </option>
                    ))}
                  </NativeSelect>
                  <NativeSelect
                    aria-label="Filter by staff member"
                    value={filters.scannerId ?? ''}
                    onChange={(e) => setFilter('scannerId', e.target.value)}
                  >
                    <option value="">Everyone</option>
                    {figures.data?.perScanner
                      .filter((scanner) => scanner.id !== null)
                      .map((scanner) => (
                        <option key={scanner.id} value={scanner.id!}>
                          {scanner.name}
                        </option>
                      ))}
                  </NativeSelect>
                  <NativeSelect
                    aria-label={`Filter by day (${timeZoneName(timeZone)})`}
                    value={filters.day ?? ''}
                    onChange={(e) => setFilter('day', e.target.value)}
                  >
                    <option value="">Every day</option>
                    {/* A day from the URL that has no leads yet stays choosable, so the filter shows. */}
                    {[
                      ...new Set([
                        ...(figures.data?.perDay.map((point) => point.day) ?? []),
                        ...(filters.day ? [filters.day] : []),
                      ]),
                    ]
                      .sort()
                      .map((day) => (
                        <option key={day} value={day}>
                          {formatDay(day)}
                        </option>
                      ))}
                  </NativeSelect>
                  <SearchInput
                    value={filters.tag ?? ''}
                    onSearch={(tag) => setFilter('tag', tag.trim())}
                    label="Filter by tag"
                    placeholder="Tag"
                  />
                </div>
              }
              query={leads}
              columns={columns}
              getRowId={(lead) => lead.id}
              sort={{
                value: filters.sort ?? DEFAULT_LEAD_SORT,
                onChange: (next) => setFilter('sort', next),
                descendingFirst: ['scannedAt', 'rating', 'updatedAt'],
              }}
              exportTo={{
                url: '/leads/export',
                params: filters,
                fileName: 'leads',
                // Every export is logged on the server: the log is read again after one.
                onDone: () => void queryClient.invalidateQueries({ queryKey: leadKeys.exports() }),
              }}
              onPageChange={setPage}
              emptyTitle={isFiltered(filters) ? 'No leads match these filters' : 'No leads yet'}
              emptyDescription={
                isFiltered(filters) ? 'Try other filters.' : 'Leads appear here as soon as your team scans badges.'
              }
            />
          </>
        )}
        {isExhibitorAccount && (
          <>
            <ScannerSeatsCard />
            <TeamSharingCard />
            <ExportLogCard timeZone={timeZone} />
          </>
        )}
      </div>
    </>
  );
}
