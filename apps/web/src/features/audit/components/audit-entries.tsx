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

/** Entries newest first, each opening on its before/after difference. `showRecord` names the record of each (the log; not a record's own history). */
export function AuditEntries({ entries, showRecord }: { entries: AuditEntry[]; showRecord: boolean }) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <ol className="divide-y">
      {entries.map((entry) => {
        const expanded = open.has(entry.id);
        return (
          <li key={entry.id} className="px-4 py-3">
            <div className="flex flex-wrap items-start gap-x-3 gap-y-1">
              <Button
                variant="ghost"
                size="sm"
                className="-ml-2 h-auto px-2 py-0.5"
                aria-expanded={expanded}
                aria-controls={`audit-entry-${entry.id}`}
                onClick={() => toggle(entry.id)}
              >
                {expanded ? <ChevronDownIcon aria-hidden /> : <ChevronRightIcon aria-hidden />}
                <span className="font-medium">{words(entry.action)}</span>
              </Button>
              {showRecord && (
                <Badge variant="secondary">
                  {words(entry.entityType)}
                  {entry.entityId ? ` #${entry.entityId}` : ''}
                </Badge>
              )}
              {/* On a phone the name and email take a line of their own, below, rather than break mid-address. */}
              <span className="order-last min-w-0 basis-full text-sm break-words text-muted-foreground sm:order-none sm:flex-1 sm:basis-0">
                {actorName(entry)}
              </span>
              <time className="ml-auto text-sm whitespace-nowrap text-muted-foreground" dateTime={entry.createdAt}>
                {dateTime.format(new Date(entry.createdAt))}
              </time>
            </div>
            {expanded && (
              <div id={`audit-entry-${entry.id}`} className="mt-2">
                <AuditDiff before={entry.before} after={entry.after} />
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
