import { LandmarkIcon, PlusIcon } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';
import { useCan } from '@/hooks/use-can';
import { useSession } from '@/lib/session';
import { CreateAllocationPurchaseDialog } from '../components/create-allocation-purchase-dialog';
import { DownloadAllInvoicesButton } from '../components/download-all-invoices-button';
import { PurchaseTable } from '../components/purchase-table';

/**
 * /allocation-purchases: requests for more badges, their approval, payment, invoices and refunds.
 * `?create=<badgeCategoryId>` opens a request for that category; `?purchase=<id>` shows one purchase.
 */
export function AllocationPurchasesPage() {
  const can = useCan();
  const session = useSession();
  const [search, setSearch] = useSearchParams();
  const isRequester = session?.type === 'exhibitor' || session?.type === 'sub-account';
  const canRequest = isRequester && can('create_allocation_purchase') && session?.user.eventId != null;
  // An exhibitor's (or sub-account's) own invoices of its event, as one ZIP.
  const ownEventId = isRequester && can('view_allocation_purchase') ? session?.user.eventId : null;
  // An event's organiser reads its bank statements from here; a system admin from the event's page.
  const statementEventId =
    !isRequester && can('create_payment') && can('update_allocation_purchase') ? (session?.user.eventId ?? null) : null;
  const createParam = search.get('create');
  const creating = canRequest && createParam !== null;

  function setCreating(value: string | null) {
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === null) next.delete('create');
        else next.set('create', value);
        return next;
      },
      { replace: true },
    );
  }

  return (
    <>
      <PageHeader
        title="Allocation Purchases"
        description={
          isRequester
            ? 'Ask the organiser for more badges, pay for approved requests and download your invoices.'
            : 'Exhibitors’ requests for more badges: approve or reject them, follow payment, invoices and refunds.'
        }
        actions={
          (ownEventId != null || canRequest || statementEventId != null) && (
            <>
              {statementEventId != null && (
                <Link className={buttonVariants({ variant: 'outline' })} to={paths.eventBankStatement.href({ eventId: statementEventId })}>
                  <LandmarkIcon aria-hidden />
                  Bank statement
                </Link>
              )}
              {ownEventId != null && (
                <DownloadAllInvoicesButton eventId={ownEventId} eventName={session?.user.event?.name ?? ''} />
              )}
              {canRequest && (
                <Button onClick={() => setCreating('')}>
                  <PlusIcon aria-hidden />
                  Request more badges
                </Button>
              )}
            </>
          )
        }
      />
      <PurchaseTable
        emptyDescription={
          isRequester
            ? 'When your badges run out, request more here; the organiser approves and you pay online.'
            : 'Exhibitors’ requests for more badges appear here for you to review.'
        }
      />
      <CreateAllocationPurchaseDialog
        open={creating}
        badgeCategoryId={Number(createParam) || null}
        onClose={() => setCreating(null)}
      />
    </>
  );
}
