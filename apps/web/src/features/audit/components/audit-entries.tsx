import type { AuditEntry } from '@portal/shared/audit';
import { ChevronDownIcon, ChevronRightIcon } from 'lucide-react';
import { useState } from 'react';
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

/** Entries newest first, each opening on its before/after difference. `showRecord` names the record of each (an exhibitor's history gathers several). */
export function AuditEntries({ entries, showRecord }: { entries: AuditEntry[]; showRecord: boolean }) {
  const { isOpen, toggle } = useOpenEntries();

  return (
    <ol className="divide-y">
      {entries.map((entry) => {
        const expanded = isOpen(entry);
        return (
          <li key={entry.id} className="px-4 py-3">
            <div className="flex flex-wrap items-start gap-x-3 gap-y-1">
              <EntryToggle entry={entry} open={expanded} onToggle={() => toggle(entry)} />
              {showRecord && <EntryRecord entry={entry} />}
              {/* On a phone the name and email take a line of their own, below, rather than break mid-address. */}
              <span className="order-last min-w-0 basis-full text-sm break-words text-muted-foreground sm:order-none sm:flex-1 sm:basis-0">
                {actorName(entry)}
              </span>
              <EntryTime entry={entry} className="ml-auto text-sm whitespace-nowrap text-muted-foreground" />
            </div>
            {expanded && (
              <div className="mt-2">
                <EntryDiff entry={entry} />
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
