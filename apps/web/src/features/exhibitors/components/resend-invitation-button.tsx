import type { Exhibitor } from '@portal/shared/exhibitors';
import { MailIcon } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useResendInvitation } from '../api/resend-invitation';

/** Sends an invited exhibitor (no password chosen yet) its invitation email again. */
export function ResendInvitationButton({ exhibitor }: { exhibitor: Pick<Exhibitor, 'id' | 'email'> }) {
  const resend = useResendInvitation();
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={resend.isPending}
      onClick={() =>
        resend.mutate(exhibitor.id, {
          onSuccess: () => toast.success(`Invitation sent again to ${exhibitor.email}`),
          onError: (error) => toast.error(errorMessage(error, 'The invitation could not be sent')),
        })
      }
    >
      {resend.isPending ? <Spinner size="sm" tone="current" label="Sending" /> : <MailIcon aria-hidden />}
      Resend invitation
    </Button>
  );
}
