import { canStart, PURCHASE_STATUS_LABELS, type PublicPaymentStatus } from '@portal/shared/allocation-purchases';
import { formatMoney } from '@portal/shared/money';
import { isAxiosError } from 'axios';
import {
  CircleAlertIcon,
  CircleCheckIcon,
  CircleXIcon,
  ClockIcon,
  CreditCardIcon,
  RefreshCwIcon,
  type LucideIcon,
} from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { cn } from '@/lib/utils';
import { useCreatePaymentToken } from '../api/create-payment-token';
import { usePurchase } from '../api/get-purchase';
import { purchaseKeys } from '../api/purchase-keys';
import { usePaymentStatus } from '../api/sync-payment-status';
import { PublicPaymentFrame } from '../components/public-payment-frame';
import { TestPaymentsBanner } from '../components/test-payments-banner';

const STATES: Record<PublicPaymentStatus, { title: string; icon: LucideIcon; tone: string; next: string }> = {
  paid: {
    title: 'Payment received',
    icon: CircleCheckIcon,
    tone: 'bg-success/12 text-success',
    next: 'Thank you. The badges are added to your allocation and your invoice now shows PAID.',
  },
  pending: {
    title: 'Payment pending',
    icon: ClockIcon,
    tone: 'bg-amber-500/15 text-amber-700 dark:text-amber-300',
    next: 'The payment provider has not confirmed the payment yet. This usually takes a moment: check again shortly. Do not pay twice.',
  },
  failed: {
    title: 'Payment failed',
    icon: CircleXIcon,
    tone: 'bg-destructive/10 text-destructive',
    next: 'No money was taken. You can try again, with the same or another card.',
  },
  cancelled: {
    title: 'Payment cancelled',
    icon: CircleAlertIcon,
    tone: 'bg-muted text-muted-foreground',
    next: 'The payment was not completed. If you still want the badges, try again.',
  },
};

/**
 * /payment-status/:allocationPurchaseId?t=… (public): where the payment provider sends the payer
 * back, with the signed `t` the API put in the return link (a signed-in payer needs none). It asks
 * the provider for the truth on load and shows no more than status, amount and event.
 */
export function PaymentStatusPage() {
  const purchaseId = Number(useParams().allocationPurchaseId);
  const [search] = useSearchParams();
  const status = usePaymentStatus(purchaseId, search.get('t'));
  const session = useSession();
  const navigate = useNavigate();
  const retry = useCreatePaymentToken();
  const valid = Number.isInteger(purchaseId) && purchaseId > 0;
  const unpaidAnswer = status.data?.status === 'failed' || status.data?.status === 'cancelled';
  const purchase = usePurchase(session !== null && valid && unpaidAnswer ? purchaseId : null);
  const purchaseHref = `${paths.allocationPurchases.href()}?purchase=${purchaseId}`;
  const queryClient = useQueryClient();
  const paid = status.data?.status === 'paid';

  // The payment grew the allocation: what the app cached before paying (purchases, allocations,
  // places) is stale now; this page's own answer is not.
  useEffect(() => {
    if (!paid) return;
    const own = purchaseKeys.paymentStatus(purchaseId);
    void queryClient.invalidateQueries({
      predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(own),
    });
  }, [paid, purchaseId, queryClient]);

  if (!valid || status.isError) {
    const notFound = !valid || (isAxiosError(status.error) && status.error.response?.status === 404);
    return (
      <PublicPaymentFrame title="Payment status" banner={<TestPaymentsBanner className="mb-4 w-full max-w-md" />}>
        <StatusHeading
          icon={CircleAlertIcon}
          tone="bg-destructive/10 text-destructive"
          title={notFound ? 'Payment not found' : 'The payment status could not be checked'}
        />
        <p className="mt-3 text-center text-sm text-muted-foreground">
          {notFound
            ? 'This link does not lead to a payment. Use the link in your email, or contact the organiser.'
            : errorMessage(status.error, 'Please try again in a moment.')}
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          {!notFound && (
            <Button variant="outline" onClick={() => void status.refetch()}>
              <RefreshCwIcon aria-hidden />
              Try again
            </Button>
          )}
          <BackLink signedIn={session !== null} to={purchaseHref} />
        </div>
      </PublicPaymentFrame>
    );
  }

  if (status.isPending) {
    return (
      <PublicPaymentFrame title="Payment status" banner={<TestPaymentsBanner className="mb-4 w-full max-w-md" />}>
        <div className="flex flex-col items-center gap-3 py-6 text-sm text-muted-foreground">
          <Spinner size="lg" label="Checking the payment" />
          Checking the payment with the provider…
        </div>
      </PublicPaymentFrame>
    );
  }

  const { status: state, amount, currency, eventName } = status.data;
  const copy = STATES[state];
  const unpaid = state === 'failed' || state === 'cancelled';
  // "cancelled" also stands for a rejected, withdrawn or refunded purchase (the public answer says no
  // more): a signed-in payer is offered a retry only when its purchase can still be paid.
  const own = purchase.data;
  const closed = own !== undefined && !canStart('pay', own.status);
  const canRetry = unpaid && session !== null && own !== undefined && !closed;

  function payAgain() {
    retry.mutate(purchaseId, {
      onSuccess: (token) => {
        if (token.url?.startsWith('/')) navigate(token.url);
        else if (token.url) window.location.assign(token.url);
        else navigate(purchaseHref);
      },
      onError: (error) => toast.error(errorMessage(error, 'The payment could not be started')),
    });
  }

  return (
    <PublicPaymentFrame title={copy.title} banner={<TestPaymentsBanner className="mb-4 w-full max-w-md" />}>
      <StatusHeading icon={copy.icon} tone={copy.tone} title={copy.title} />
      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted-foreground">Amount</dt>
        <dd className="text-right font-semibold tabular-nums">{formatMoney(amount, currency)}</dd>
        <dt className="text-muted-foreground">Event</dt>
        <dd className="text-right">{eventName}</dd>
      </dl>
      <p className="mt-5 text-sm">
        {closed
          ? `This purchase is ${PURCHASE_STATUS_LABELS[own.status].toLowerCase()}: there is nothing left to pay.`
          : copy.next}
      </p>
      {unpaid && !closed && (
        <p className="mt-2 text-sm text-muted-foreground">If it keeps failing, contact the organiser of {eventName}.</p>
      )}
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        {state === 'pending' && (
          <Button variant="outline" disabled={status.isFetching} onClick={() => void status.refetch()}>
            <RefreshCwIcon aria-hidden className={cn(status.isFetching && 'animate-spin')} />
            Check again
          </Button>
        )}
        {canRetry && (
          <Button disabled={retry.isPending} onClick={payAgain}>
            {retry.isPending ? <Spinner size="sm" tone="current" label="Starting" /> : <CreditCardIcon aria-hidden />}
            Retry payment
          </Button>
        )}
        {unpaid && session === null && (
          <Button asChild>
            <Link to={purchaseHref}>
              <CreditCardIcon aria-hidden />
              Sign in to retry payment
            </Link>
          </Button>
        )}
        <BackLink signedIn={session !== null} to={purchaseHref} />
      </div>
    </PublicPaymentFrame>
  );
}

function StatusHeading({ icon: Icon, tone, title }: { icon: LucideIcon; tone: string; title: string }) {
  return (
    <div className="flex flex-col items-center gap-3 text-center">
      <div className={cn('flex size-14 items-center justify-center rounded-full', tone)}>
        <Icon aria-hidden className="size-7" />
      </div>
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
    </div>
  );
}

/** Signed in: back to the purchase. Signed out: the portal's start, which asks to sign in. */
function BackLink({ signedIn, to }: { signedIn: boolean; to: string }) {
  if (!signedIn) return null;
  return (
    <Button asChild variant="outline">
      <Link to={to}>Back to Allocation Purchases</Link>
    </Button>
  );
}
