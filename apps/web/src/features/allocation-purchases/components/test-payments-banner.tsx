import { FlaskConicalIcon } from 'lucide-react';
import { cn } from '@/lib/utils';
import { usePaymentSettings } from '../api/get-payment-settings';

/**
 * Says "test payments" wherever a payment is shown while the portal takes none for real (the
 * sandbox provider, or Stripe with a test key), so nobody mistakes a demo checkout for money paid.
 */
export function TestPaymentsBanner({ className }: { className?: string }) {
  const settings = usePaymentSettings();
  if (settings.data?.testPayments !== true) return null;
  return (
    <div
      role="note"
      className={cn(
        'flex items-center gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm text-amber-800 dark:text-amber-200',
        className,
      )}
    >
      <FlaskConicalIcon aria-hidden className="size-4 shrink-0" />
      <span>
        <strong>Test payments.</strong> This portal takes no real payments: no card is charged and no money moves.
      </span>
    </div>
  );
}
