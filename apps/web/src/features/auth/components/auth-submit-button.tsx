import type { ReactNode } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import { Spinner } from '@/components/ui/spinner';
import { cx } from '@/lib/class-names';

/**
 * The full-width submit button of a sign-in screen; while the request runs it is disabled and spins.
 * A plain button with `Button`'s look: the login page loads no class merging.
 */
export function AuthSubmitButton({
  pending,
  pendingLabel,
  children,
}: {
  pending: boolean;
  /** What the spinner announces to a screen reader. */
  pendingLabel: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" disabled={pending} className={cx(buttonVariants({ size: 'lg' }), 'w-full')}>
      {pending && <Spinner size="sm" tone="current" label={pendingLabel} />}
      {children}
    </button>
  );
}
