import { useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { BulkImportFlow } from '../components/bulk-import-flow';
import { ImportExplanation } from '../components/import-explanation';
import { useImportTarget } from '../api/get-import-target';

/** /events/:eventId/exhibitor/:exhibitorId/sub-accounts/bulk-import: an exhibitor's colleagues from a spreadsheet. */
export function ImportSubAccountsPage() {
  const params = useParams();
  const eventId = Number(params.eventId);
  const exhibitorId = Number(params.exhibitorId);
  const target = useImportTarget({ eventId, exhibitorId });
  const isExhibitor = useSession()?.type === 'exhibitor';
  // An exhibitor comes back to its own list; an organiser to the exhibitor's page, whose first tab lists them.
  const list = isExhibitor
    ? { to: paths.subAccounts.href(), label: 'Sub-Accounts' }
    : { to: paths.eventExhibitor.href({ eventId, exhibitorId }), label: 'Exhibitor' };
  return (
    <>
      <PageHeader
        title="Import Sub-Accounts"
        description="Add or update many colleagues who register badges on the exhibitor’s behalf."
        back={list}
      />
      <div className="grid max-w-5xl grid-cols-1 gap-6">
        <ImportExplanation
          target={target}
          items={[
            'One row per colleague: first and last name, email (their sign-in) and phone.',
            'A row whose email matches a sub-account of this exhibitor updates it; other rows create new sub-accounts.',
          ]}
        />
        <BulkImportFlow
          kind="sub-accounts"
          fields={{ eventId, exhibitorId }}
          noun={{ one: 'sub-account', many: 'sub-accounts' }}
          list={list}
          templateHint="The columns of a sub-account, a note on each column’s format and an example row."
        />
      </div>
    </>
  );
}
