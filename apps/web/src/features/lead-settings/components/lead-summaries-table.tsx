import type { ExhibitorLeadSummary } from '@portal/shared/leads';
import { ScanLineIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataList, type ListColumn } from '@/components/list/data-list';
import { NativeSelect } from '@/components/ui/input';
import { useListParams } from '@/hooks/use-list-params';
import { errorMessage } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { useLeadSummaries } from '../api/get-lead-summaries';
import { useUpdateLeadAccess } from '../api/update-lead-access';

const DEFAULT_SORT = 'company';

type Access = 'default' | 'on' | 'off';
const accessOf = (summary: Pick<ExhibitorLeadSummary, 'scanningEnabled'>): Access =>
  summary.scanningEnabled === null ? 'default' : summary.scanningEnabled ? 'on' : 'off';
const ENABLED: Record<Access, boolean | null> = { default: null, on: true, off: false };

const nameOf = (summary: ExhibitorLeadSummary) => summary.company ?? summary.email;
const counted = (count: number, noun: string) => `${formatCount(count)} ${count === 1 ? noun : `${noun}s`}`;
const leadsKept = (leads: number) =>
  leads === 0
    ? 'It has no leads yet.'
    : `${leads === 1 ? 'Its one lead stays' : `The ${formatCount(leads)} leads it has stay`} its own, to qualify and export.`;

type Change = { summary: ExhibitorLeadSummary; access: Access };

/**
 * The event's exhibitors with how many leads they have and how many of their staff scanned: counts
 * only, the leads are the exhibitors'. Each row turns scanning on or off, or back to the event's
 * default; turning it off asks first.
 */
export function LeadSummariesTable({ eventId, scanningByDefault }: { eventId: number; scanningByDefault: boolean }) {
  const { page, search, setPage, setSearch } = useListParams();
  // A tab of the event's page, whose exhibitor list keeps its sort in the URL: this one stays here.
  const [sort, setSort] = useState(DEFAULT_SORT);
  const summaries = useLeadSummaries(eventId, { page, search, sort });
  const update = useUpdateLeadAccess(eventId);
  const [confirming, setConfirming] = useState<Change | null>(null);
  // With the default off, scanning is sold: the default is then the add-on's seats, not "off".
  const defaultLabel = `Default (${scanningByDefault ? 'on' : 'add-on seats'})`;

  function apply({ summary, access }: Change) {
    const name = nameOf(summary);
    update.mutate(
      { exhibitorId: summary.exhibitorId, scanningEnabled: ENABLED[access] },
      {
        onSuccess: (saved) =>
          toast.success(
            access === 'default'
              ? `${name} follows the event’s default: scanning ${saved.scanning ? 'on' : 'off'}`
              : `Lead scanning turned ${access} for ${name}`,
          ),
        onError: (error) => toast.error(errorMessage(error, 'Lead scanning could not be changed. Please try again.')),
        onSettled: () => setConfirming(null),
      },
    );
  }

  function choose(summary: ExhibitorLeadSummary, access: Access) {
    const scanningAfter = ENABLED[access] ?? (scanningByDefault || summary.seats > 0);
    if (summary.scanning && !scanningAfter) setConfirming({ summary, access });
    else apply({ summary, access });
  }

  const columns: ListColumn<ExhibitorLeadSummary>[] = [
    {
      id: 'company',
      header: 'Company',
      sortKey: 'company',
      hideable: false,
      cell: (summary) => (
        <>
          <div className="font-medium wrap-anywhere">{nameOf(summary)}</div>
          {summary.company && <div className="text-xs wrap-anywhere text-muted-foreground">{summary.email}</div>}
          {/* On a phone the counts go under the name, leaving the switch its room. */}
          <div className="text-xs text-muted-foreground tabular-nums sm:hidden">
            {counted(summary.leads, 'lead')} · {counted(summary.scanners, 'scanner')}
          </div>
        </>
      ),
    },
    {
      id: 'leads',
      header: 'Leads',
      sortKey: 'leads',
      className: 'hidden text-right tabular-nums sm:table-cell',
      cell: (summary) => formatCount(summary.leads),
    },
    {
      id: 'scanners',
      header: 'Scanners',
      sortKey: 'scanners',
      className: 'hidden text-right tabular-nums sm:table-cell',
      cell: (summary) => formatCount(summary.scanners),
    },
    {
      id: 'scanning',
      header: 'Scanning',
      hideable: false,
      className: 'w-44',
      cell: (summary) => {
        const pending = update.isPending && update.variables?.exhibitorId === summary.exhibitorId;
        return (
          <>
            <NativeSelect
              aria-label={`Lead scanning for ${nameOf(summary)}`}
              value={accessOf(summary)}
              disabled={pending}
              onChange={(event) => choose(summary, event.target.value as Access)}
              className="w-40"
            >
              <option value="default">{defaultLabel}</option>
              <option value="on">On</option>
              <option value="off">Off</option>
            </NativeSelect>
            {summary.mode === 'seats' && (
              <div className="mt-1 text-xs text-muted-foreground tabular-nums">
                Add-on: {counted(summary.seats, 'seat')}
              </div>
            )}
          </>
        );
      },
    },
  ];

  return (
    <>
      <DataList
        name="lead-summaries"
        noun="exhibitors"
        icon={ScanLineIcon}
        search={{ value: search, onSearch: setSearch, placeholder: 'Search company or email' }}
        query={summaries}
        columns={columns}
        getRowId={(summary) => summary.exhibitorId}
        sort={{
          value: sort,
          onChange: (next) => {
            setSort(next);
            setPage(1);
          },
          descendingFirst: ['leads', 'scanners'],
        }}
        onPageChange={setPage}
        emptyTitle="No exhibitors at this event yet"
        emptyDescription="Exhibitors appear here with their lead counts once they are added."
      />

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={`Turn off lead scanning for ${confirming ? nameOf(confirming.summary) : 'this exhibitor'}?`}
        description={
          confirming &&
          `Its staff can no longer scan visitors’ badges. ${leadsKept(confirming.summary.leads)}`
        }
        confirmLabel="Turn off scanning"
        pending={update.isPending}
        onConfirm={() => confirming && apply(confirming)}
      />
    </>
  );
}
