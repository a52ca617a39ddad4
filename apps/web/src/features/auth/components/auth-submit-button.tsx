import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** The full-width submit button of a sign-in screen; while the request runs it is disabled and spins. */
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
    <Button type="submit" size="lg" disabled={pending} className="w-full">
      {pending && <Spinner className="size-4 text-current" label={pendingLabel} />}
      {children}
    </Button>
  );
}
