import {
  CHECK_IN_RESULT_LABELS,
  CHECK_IN_RESULTS,
  type CheckInList,
  type CheckInLogEntry,
  type CheckInResult,
} from '@portal/shared/check-in';
import { CheckCheckIcon, CloudOffIcon, HistoryIcon, TriangleAlertIcon, Undo2Icon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { DataList, type ListColumn } from '@/components/list/data-list';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input, NativeSelect } from '@/components/ui/input';
import { Tooltip } from '@/components/ui/tooltip';
import { useListParams } from '@/hooks/use-list-params';
import { errorMessage } from '@/lib/api-client';
import { formatEventTime, timeZoneName, zonedLocalToIso } from '@/lib/event-time';
import { useDevices } from '../api/devices';
import { useCheckInLog, useResolveConflict, type CheckInLogFilters } from '../api/log';
import { ResultLabel } from './result-label';
import { UndoDialog } from './undo-dialog';

const CONFLICT_FILTERS = [
  { value: '', label: 'Every scan' },
  { value: 'open', label: 'Open conflicts' },
  { value: 'all', label: 'All conflicts' },
] as const;

const METHOD_LABELS = {
  camera: 'camera',
  scanner: 'scanner',
  typed: 'typed',
  search: 'name search',
  walk_in: 'walk-in',
} as const;

const isResult = (value: string): value is CheckInResult => (CHECK_IN_RESULTS as readonly string[]).includes(value);
const positiveId = (value: string) => (/^\d+$/.test(value) && Number(value) > 0 ? Number(value) : undefined);

/**
 * The filters of the URL as the API reads them. From and to stay in the URL as the event's
 * wall-clock time people typed, and become instants only here.
 */
export function logFilters(filter: (key: string) => string, search: string, timeZone: string): CheckInLogFilters {
  const result = filter('result');
  const conflicts = filter('conflicts');
  const filters: CheckInLogFilters = {
    search: search || undefined,
    listId: positiveId(filter('listId')),
    deviceId: positiveId(filter('deviceId')),
    result: isResult(result) ? result : undefined,
    conflicts: conflicts === 'open' || conflicts === 'all' ? conflicts : undefined,
    from: zonedLocalToIso(filter('from'), timeZone) ?? undefined,
    to: zonedLocalToIso(filter('to'), timeZone) ?? undefined,
  };
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
}

type LogSectionProps = { eventId: number; timeZone: string; lists: readonly CheckInList[]; canManage: boolean };

/** Every scan of the event, newest first, filtered and paged on the server; undo and conflict resolution for managers. */
export function LogSection({ eventId, timeZone, lists, canManage }: LogSectionProps) {
  const { page, search, setPage, setSearch, filter, setFilter } = useListParams();
  const filters = logFilters(filter, search, timeZone);
  const log = useCheckInLog(eventId, { ...filters, page });
  // The device list is for those who manage devices; others filter by list only.
  const devices = useDevices(eventId, { enabled: canManage });
  const resolve = useResolveConflict(eventId);
  const [undoing, setUndoing] = useState<CheckInLogEntry | null>(null);

  function markResolved(entry: CheckInLogEntry) {
    resolve.mutate(entry.id, {
      onSuccess: () => toast.success('Conflict marked as resolved'),
      onError: (error) => toast.error(errorMessage(error, 'The conflict could not be marked as resolved')),
    });
  }

  const zone = timeZoneName(timeZone);
  // An undone scan stays in the log, greyed.
  const muted = (entry: CheckInLogEntry) => (entry.undoneAt ? 'text-muted-foreground' : undefined);

  const columns: ListColumn<CheckInLogEntry>[] = [
    {
      id: 'scannedAt',
      header: 'Scanned',
      className: 'hidden whitespace-nowrap tabular-nums sm:table-cell',
      cell: (entry) => (
        <div className={muted(entry)}>
          <time dateTime={entry.scannedAt}>{formatEventTime(entry.scannedAt, timeZone)}</time>
          <div className="text-xs text-muted-foreground">
            {entry.direction === 'exit' ? 'Exit' : 'Entry'}, {METHOD_LABELS[entry.method]}
          </div>
        </div>
      ),
    },
    {
      id: 'badge',
      header: 'Badge',
      hideable: false,
      cell: (entry) => (
        <div className={muted(entry)}>
          <div className="font-medium">
            {entry.holderName ?? <span className="font-mono text-xs">{entry.code}</span>}
          </div>
          <div className="text-xs text-muted-foreground">
            {[entry.company, entry.holderName ? entry.code : null].filter(Boolean).join(' · ')}
          </div>
          {/* On a phone the time goes under the name, leaving room for the actions. */}
          <div className="text-xs text-muted-foreground tabular-nums sm:hidden">
            {formatEventTime(entry.scannedAt, timeZone)}, {entry.direction === 'exit' ? 'exit' : 'entry'}
          </div>
        </div>
      ),
    },
    {
      id: 'listDevice',
      header: 'List and device',
      className: 'hidden md:table-cell',
      cell: (entry) => (
        <div className={muted(entry)}>
          <div>{entry.listName}</div>
          <div className="text-xs text-muted-foreground">{entry.deviceName ?? 'From the portal'}</div>
        </div>
      ),
    },
    {
      id: 'result',
      header: 'Result',
      hideable: false,
      cell: (entry) => (
        <>
          <div className="flex flex-wrap items-center gap-1">
            <ResultLabel result={entry.result} />
            {entry.offline && (
              <Badge variant="outline">
                <CloudOffIcon aria-hidden />
                Offline
              </Badge>
            )}
            {entry.conflict && (
              <Badge variant={entry.conflictResolvedAt ? 'secondary' : 'destructive'}>
                <TriangleAlertIcon aria-hidden />
                {entry.conflictResolvedAt ? 'Conflict resolved' : 'Conflict'}
              </Badge>
            )}
            {entry.undoneAt && <Badge variant="secondary">Undone</Badge>}
          </div>
          {entry.localResult && entry.localResult !== entry.result && (
            <div className="mt-1 text-xs">
              The device said: {CHECK_IN_RESULT_LABELS[entry.localResult].toLowerCase()}
            </div>
          )}
          {(entry.reason || entry.undoReason) && (
            <div className="mt-1 text-xs text-muted-foreground">
              {entry.undoReason ? `Undone: ${entry.undoReason}` : entry.reason}
            </div>
          )}
        </>
      ),
    },
    ...(canManage
      ? [
          {
            id: 'actions',
            header: 'Actions',
            hideable: false,
            headerHidden: true,
            className: 'w-24 text-right',
            cell: (entry: CheckInLogEntry) => (
              <div className="flex justify-end gap-1">
                {entry.conflict && !entry.conflictResolvedAt && (
                  <Tooltip content="Mark resolved">
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      aria-label={`Mark the conflict of ${entry.holderName ?? entry.code} resolved`}
                      disabled={resolve.isPending}
                      onClick={() => markResolved(entry)}
                    >
                      <CheckCheckIcon aria-hidden />
                    </Button>
                  </Tooltip>
                )}
                {entry.result === 'admitted' && !entry.undoneAt && (
                  <Tooltip content="Undo">
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      aria-label={`Undo the check-in of ${entry.holderName ?? entry.code}`}
                      onClick={() => setUndoing(entry)}
                    >
                      <Undo2Icon aria-hidden />
                    </Button>
                  </Tooltip>
                )}
              </div>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <p className="mb-3 text-sm text-muted-foreground">Every scan, newest first. Times are in {zone}.</p>
      <DataList
        name="check-in-log"
        noun="scans"
        icon={HistoryIcon}
        search={{ value: search, onSearch: setSearch, placeholder: 'Search name, company or code' }}
        filters={
          <div className="grid w-full gap-2 sm:grid-cols-2 lg:grid-cols-4">
            <NativeSelect
              aria-label="Filter by list"
              value={filter('listId')}
              onChange={(e) => setFilter('listId', e.target.value)}
            >
              <option value="">All lists</option>
              {lists.map((list) => (
                <option key={list.id} value={list.id}>
                  {list.name}
                </option>
              ))}
            </NativeSelect>
            {canManage && (
              <NativeSelect
                aria-label="Filter by device"
                value={filter('deviceId')}
                onChange={(e) => setFilter('deviceId', e.target.value)}
              >
                <option value="">All devices</option>
                {devices.data?.map((device) => (
                  <option key={device.id} value={device.id}>
                    {device.name}
                  </option>
                ))}
              </NativeSelect>
            )}
            <NativeSelect
              aria-label="Filter by result"
              value={filter('result')}
              onChange={(e) => setFilter('result', e.target.value)}
            >
              <option value="">All results</option>
              {CHECK_IN_RESULTS.map((result) => (
                <option key={result} value={result}>
                  {CHECK_IN_RESULT_LABELS[result]}
                </option>
              ))}
            </NativeSelect>
            <NativeSelect
              aria-label="Conflicts"
              value={filter('conflicts')}
              onChange={(e) => setFilter('conflicts', e.target.value)}
            >
              {CONFLICT_FILTERS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
            <label className="flex items-center gap-2 text-sm sm:col-span-2">
              <span className="w-10 shrink-0 text-muted-foreground">From</span>
              <Input
                type="datetime-local"
                className="min-w-0"
                aria-label={`Scanned from (${zone} time)`}
                title={`From, ${zone} time`}
                value={filter('from')}
                onChange={(e) => setFilter('from', e.target.value)}
              />
            </label>
            <label className="flex items-center gap-2 text-sm sm:col-span-2">
              <span className="w-10 shrink-0 text-muted-foreground">Until</span>
              <Input
                type="datetime-local"
                className="min-w-0"
                aria-label={`Scanned until (${zone} time)`}
                title={`Until, ${zone} time`}
                value={filter('to')}
                onChange={(e) => setFilter('to', e.target.value)}
              />
            </label>
          </div>
        }
        query={log}
        onPageChange={setPage}
        emptyTitle={Object.keys(filters).length > 0 ? 'No scans match these filters' : 'No scans yet'}
        emptyDescription={
          Object.keys(filters).length > 0
            ? 'Try other filters.'
            : 'Scans appear here as soon as the devices at the doors send them.'
        }
        columns={columns}
        getRowId={(entry) => entry.id}
        exportTo={{ url: `/admin/events/${eventId}/check-ins/export`, params: filters, fileName: 'check-ins' }}
      />
      <UndoDialog eventId={eventId} entry={undoing} onClose={() => setUndoing(null)} />
    </>
  );
}
