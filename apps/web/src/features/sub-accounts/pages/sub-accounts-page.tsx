import { FileSpreadsheetIcon, PlusIcon } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useCan } from '@/hooks/use-can';
import { useSession } from '@/lib/session';
import { SubAccountList } from '../components/sub-account-list';

export function SubAccountsPage() {
  const can = useCan();
  const session = useSession();
  const isExhibitor = session?.type === 'exhibitor';
  const ownEvent = session?.user.eventId ?? null;
  // An import goes to one exhibitor: the user itself, or the one an organiser of the event filters by.
  const [searchParams] = useSearchParams();
  const importExhibitor = isExhibitor ? (session?.user.id ?? null) : Number(searchParams.get('exhibitorId')) || null;
  return (
    <>
      <PageHeader
        title="Sub-Accounts"
        description={
          isExhibitor
            ? 'Colleagues who register badges on your behalf, each with their own sign-in.'
            : 'Colleagues of exhibitors who register badges on the exhibitor’s behalf.'
        }
        actions={
          can('create_sub_account') && (
            <>
              {ownEvent != null && importExhibitor != null && (
                <Button asChild variant="outline">
                  <Link to={paths.subAccountsBulkImport.href({ eventId: ownEvent, exhibitorId: importExhibitor })}>
                    <FileSpreadsheetIcon aria-hidden />
                    Import sub-accounts
                  </Link>
                </Button>
              )}
              <Button asChild>
                <Link to={paths.subAccountsCreate.href()}>
                  <PlusIcon aria-hidden />
                  New sub-account
                </Link>
              </Button>
            </>
          )
        }
      />
      <SubAccountList filtersByExhibitor={!isExhibitor} />
    </>
  );
}
