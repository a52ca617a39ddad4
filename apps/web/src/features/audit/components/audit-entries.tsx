import type { AuditEntry } from '@portal/shared/audit';
import { ChevronDownIcon, ChevronRightIcon } from 'lucide-react';
import { useState } from 'react';
import type { ListColumn } from '@/components/list/data-list';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { AuditDiff } from './audit-diff';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** Who wrote an entry: the name and email recorded then, or the system (a registrant, a payment provider). */
export function actorName(entry: AuditEntry): string {
  return entry.actorLabel ?? (entry.actorAdminId ? `Account #${entry.actorAdminId}` : 'System');
}

/** `sub-account` and `allocation_purchase` read as “sub account”, “allocation purchase”. */
const words = (text: string) => text.replace(/[_-]+/g, ' ');

/** The entries opened on their difference, by id. */
export function useOpenEntries() {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  return {
    isOpen: (entry: AuditEntry) => open.has(entry.id),
    toggle: (entry: AuditEntry) =>
      setOpen((current) => {
        const next = new Set(current);
        if (!next.delete(entry.id)) next.add(entry.id);
        return next;
      }),
  };
}

const diffId = (entry: AuditEntry) => `audit-entry-${entry.id}`;

/** The entry's action, as the button that opens it on its difference. */
export function EntryToggle({ entry, open, onToggle }: { entry: AuditEntry; open: boolean; onToggle: () => void }) {
  return (
    <Button
      variant="ghost"
      size="sm"
      className="-ml-2 h-auto px-2 py-0.5"
      aria-expanded={open}
      aria-controls={diffId(entry)}
      onClick={onToggle}
    >
      {open ? <ChevronDownIcon aria-hidden /> : <ChevronRightIcon aria-hidden />}
      <span className="font-medium">{words(entry.action)}</span>
    </Button>
  );
}

/** The record an entry is about: “badge #42”. */
export function EntryRecord({ entry }: { entry: AuditEntry }) {
  return (
    <Badge variant="secondary">
      {words(entry.entityType)}
      {entry.entityId ? ` #${entry.entityId}` : ''}
    </Badge>
  );
}

export function EntryTime({ entry, className }: { entry: AuditEntry; className?: string }) {
  return (
    <time className={className} dateTime={entry.createdAt}>
      {dateTime.format(new Date(entry.createdAt))}
    </time>
  );
}

/** The before/after difference an open entry shows, under the id its toggle controls. */
export function EntryDiff({ entry }: { entry: AuditEntry }) {
  return (
    <div id={diffId(entry)}>
      <AuditDiff before={entry.before} after={entry.after} />
    </div>
  );
}

type OpenEntries = ReturnType<typeof useOpenEntries>;

/**
 * The log's columns: the change (the button that opens it on its difference), the record, who and
 * when; on a phone, with no room beside, the rest sit under the change. `showRecord` names each
 * entry's record (the whole log, or an exhibitor's history, which gathers several records); a
 * record's own history leaves it out. `hideable` offers the user the column choice.
 */
export function auditColumns(
  open: OpenEntries,
  { showRecord, hideable }: { showRecord: boolean; hideable: boolean },
): ListColumn<AuditEntry>[] {
  return [
    {
      id: 'change',
      header: 'Change',
      hideable: false,
      cell: (entry) => (
        <>
          <EntryToggle entry={entry} open={open.isOpen(entry)} onToggle={() => open.toggle(entry)} />
          <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground sm:hidden">
            {showRecord && <EntryRecord entry={entry} />}
            <EntryTime entry={entry} />
            <span className="basis-full break-words">{actorName(entry)}</span>
          </span>
        </>
      ),
    },
    ...(showRecord
      ? [
          {
            id: 'record',
            header: 'Record',
            hideable,
            className: 'hidden sm:table-cell',
            cell: (entry: AuditEntry) => <EntryRecord entry={entry} />,
          },
        ]
      : []),
    {
      id: 'who',
      header: 'Who',
      hideable,
      className: 'hidden text-sm break-words text-muted-foreground sm:table-cell',
      cell: actorName,
    },
    {
      id: 'when',
      header: 'When',
      hideable,
      className: 'hidden text-sm whitespace-nowrap text-muted-foreground sm:table-cell',
      cell: (entry) => <EntryTime entry={entry} />,
    },
  ];
}
