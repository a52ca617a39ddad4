import type { HistoryRecord } from '@portal/shared/audit';
import { HistoryIcon } from 'lucide-react';
import { useId } from 'react';
import { EmptyState } from '@/components/empty-state';
import { KeysetPager } from '@/components/list/keyset-pager';
import { TableSkeleton } from '@/components/list/table-skeleton';
import { useKeysetPages } from '@/components/list/use-keyset-pages';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { useRecordHistory } from '../api/get-record-history';
import { AuditEntries } from './audit-entries';

type RecordHistoryProps = {
  kind: HistoryRecord;
  id: number;
  /** Each entry's record named too: an exhibitor's history gathers its badges, allocations and purchases. */
  showRecord?: boolean;
  emptyDescription?: string;
};

/** A record's History tab: who changed what and when, newest first, each entry opening on its difference. */
export function RecordHistory({ kind, id, showRecord = false, emptyDescription }: RecordHistoryProps) {
  const pages = useKeysetPages();
  const history = useRecordHistory(kind, id, { before: pages.before });

  return (
    <Card className="overflow-hidden">
      {history.isPending ? (
        <TableSkeleton columns={3} />
      ) : history.isError ? (
        <EmptyState
          icon={HistoryIcon}
          title="The history could not be loaded"
          description={errorMessage(history.error, 'Please try again in a moment.')}
        />
      ) : history.data.data.length === 0 ? (
        <EmptyState
          icon={HistoryIcon}
          title="No changes recorded yet"
          description={emptyDescription ?? 'Every change to this record appears here, with who made it and when.'}
        />
      ) : (
        <>
          <AuditEntries entries={history.data.data} showRecord={showRecord} />
          <KeysetPager
            hasNewer={pages.hasNewer}
            nextBefore={history.data.meta.nextBefore}
            onNewer={pages.newer}
            onOlder={pages.older}
          />
        </>
      )}
    </Card>
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
