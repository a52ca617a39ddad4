import type { SandboxOutcomeBody } from '@portal/shared/allocation-purchases';
import { formatMoney } from '@portal/shared/money';
import { isAxiosError } from 'axios';
import { CircleAlertIcon, FlaskConicalIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { FormAlert } from '@/components/form/form-alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useCompleteSandboxSession } from '../api/complete-sandbox-session';
import { useSandboxSession } from '../api/get-sandbox-session';
import { PublicPaymentFrame } from '../components/public-payment-frame';

type Outcome = SandboxOutcomeBody['outcome'];

const OUTCOMES: { outcome: Outcome; label: string; variant: 'default' | 'destructive' | 'outline' }[] = [
  { outcome: 'success', label: 'Pay successfully', variant: 'default' },
  { outcome: 'failure', label: 'Fail the payment', variant: 'destructive' },
  { outcome: 'abandon', label: 'Abandon', variant: 'outline' },
];

/**
 * /payments/sandbox/:sessionId (public): the built-in test checkout. It stands in for a card
 * provider's page in demos and tests: no card, no money, the payer picks what happens.
 */
export function SandboxCheckoutPage() {
  const sessionId = useParams().sessionId ?? '';
  const session = useSandboxSession(sessionId);
  const complete = useCompleteSandboxSession();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<Outcome | null>(null);

  function choose(outcome: Outcome) {
    setChosen(outcome);
    complete.mutate(
      { sessionId, outcome },
      {
        onSuccess: ({ redirectUrl }) => {
          if (redirectUrl.startsWith('/')) navigate(redirectUrl, { replace: true });
          else window.location.assign(redirectUrl);
        },
        onSettled: () => setChosen(null),
      },
    );
  }

  const banner = (
    <div
      role="note"
      className="mb-4 flex w-full max-w-md items-center gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm text-amber-800 dark:text-amber-200"
    >
      <FlaskConicalIcon aria-hidden className="size-4 shrink-0" />
      <span>
        <strong>Test payments.</strong> This is the sandbox checkout: no card is charged and no money moves. Choose
        what the payment does.
      </span>
    </div>
  );

  return (
    <PublicPaymentFrame title="Test checkout" banner={banner}>
      <h1 className="text-xl font-semibold tracking-tight">Sandbox checkout</h1>
      {session.isPending ? (
        <div aria-hidden className="mt-5 grid gap-3">
          <Skeleton className="h-8 w-32" />
          <Skeleton className="h-4 w-56" />
          <Skeleton className="h-9 w-full" />
        </div>
      ) : session.isError ? (
        <div className="mt-4 grid gap-4">
          <FormAlert
            message={
              isAxiosError(session.error) && session.error.response?.status === 404
                ? 'This checkout does not exist or has expired. Start the payment again from Allocation Purchases.'
                : errorMessage(session.error, 'The checkout could not be loaded.')
            }
          />
          <Button asChild variant="outline">
            <Link to={paths.allocationPurchases.href()}>Back to Allocation Purchases</Link>
          </Button>
        </div>
      ) : (
        <>
          <dl className="mt-5 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted-foreground">Amount</dt>
            <dd className="text-right text-lg font-semibold tabular-nums">
              {formatMoney(session.data.amount, session.data.currency)}
            </dd>
            <dt className="text-muted-foreground">Event</dt>
            <dd className="text-right">{session.data.eventName}</dd>
            <dt className="text-muted-foreground">Description</dt>
            <dd className="text-right">{session.data.description}</dd>
          </dl>
          {session.data.state === 'open' ? (
            <div className="mt-6 grid gap-2">
              {complete.isError && (
                <FormAlert message={errorMessage(complete.error, 'The choice could not be sent. Try again.')} />
              )}
              {OUTCOMES.map(({ outcome, label, variant }) => (
                <Button key={outcome} variant={variant} disabled={complete.isPending} onClick={() => choose(outcome)}>
                  {chosen === outcome && <Spinner size="sm" tone="current" label="Sending" />}
                  {label}
                </Button>
              ))}
            </div>
          ) : (
            <div className="mt-6 grid gap-4">
              <p className="flex items-start gap-2 text-sm text-muted-foreground">
                <CircleAlertIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
                This checkout is already finished ({session.data.state}). Start a new payment from Allocation Purchases.
              </p>
              <Button asChild variant="outline">
                <Link to={paths.allocationPurchases.href()}>Back to Allocation Purchases</Link>
              </Button>
            </div>
          )}
        </>
      )}
    </PublicPaymentFrame>
  );
}
