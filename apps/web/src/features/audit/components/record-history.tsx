import type { HistoryRecord } from '@portal/shared/audit';
import { HistoryIcon } from 'lucide-react';
import { useId } from 'react';
import { DataList } from '@/components/list/data-list';
import { useKeysetPages } from '@/components/list/use-keyset-pages';
import { useRecordHistory } from '../api/get-record-history';
import { auditColumns, EntryDiff, useOpenEntries } from './audit-entries';

type RecordHistoryProps = {
  kind: HistoryRecord;
  id: number;
  /** Each entry's record named too: an exhibitor's history gathers its badges, allocations and purchases. */
  showRecord?: boolean;
  emptyDescription?: string;
};

/** A record's History tab: who changed what and when, newest first, each entry opening on its difference. */
export function RecordHistory({ kind, id, showRecord = false, emptyDescription }: RecordHistoryProps) {
  const pages = useKeysetPages(`${kind}:${id}`);
  const history = useRecordHistory(kind, id, { before: pages.before });
  const entries = useOpenEntries();

  return (
    <DataList
      name="record-history"
      noun="history"
      icon={HistoryIcon}
      query={history}
      // A short timeline beside the record: no column choice to make.
      columns={auditColumns(entries, { showRecord, hideable: false })}
      getRowId={(entry) => entry.id}
      keyset={pages}
      rowDetail={(entry) => (entries.isOpen(entry) ? <EntryDiff entry={entry} /> : null)}
      emptyTitle="No changes recorded yet"
      emptyDescription={emptyDescription ?? 'Every change to this record appears here, with who made it and when.'}
    />
  );
}

/** The same under its own heading, for a record page without tabs. */
export function HistorySection({ className, ...props }: RecordHistoryProps & { className?: string }) {
  const heading = useId();
  return (
    <section aria-labelledby={heading} className={className}>
      <h2 id={heading} className="mb-3 text-lg font-semibold">
        History
      </h2>
      <RecordHistory {...props} />
    </section>
  );
}
