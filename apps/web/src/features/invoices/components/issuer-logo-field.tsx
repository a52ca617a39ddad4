import { formatBytes } from '@portal/shared/custom-fields';
import { LOGO_CONTENT_TYPES, LOGO_FIELD, LOGO_MAX_BYTES, type IssuerLogo } from '@portal/shared/invoicing';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PictureInput, pictureRefusal } from '@/components/form/picture-input';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useIssuerLogo, useIssuerLogoChanges } from '../api/issuer-logo';

const refusalOf = (failure: unknown) => pictureRefusal(failure, LOGO_FIELD, 'The logo could not be saved. Please try again.');

/**
 * The issuer's logo on the Invoicing page: a preview of the current one, an upload (saved at once,
 * apart from the settings form) and its removal. Documents already issued keep the logo they show.
 */
export function IssuerLogoField({ eventId, logo }: { eventId: number; logo: IssuerLogo | null }) {
  const { upload, remove } = useIssuerLogoChanges(eventId);
  const picture = useIssuerLogo(eventId, logo !== null);
  const url = picture.data;
  const [error, setError] = useState<string>();
  const [confirming, setConfirming] = useState(false);

  function choose(file: File) {
    setError(undefined);
    upload.mutate({ eventId, file }, { onSuccess: () => toast.success('Logo saved'), onError: (failure) => setError(refusalOf(failure)) });
  }

  return (
    <section aria-labelledby="issuer-logo-heading" className="grid gap-3">
      <div>
        <h2 id="issuer-logo-heading" className="text-base font-semibold">
          Logo
        </h2>
        <p className="text-sm text-muted-foreground">
          Shown at the top left of invoices and credit notes issued from now on; those already issued keep theirs.
        </p>
      </div>
      <div className="flex min-h-[50px] items-center gap-4">
        {logo ? (
          <>
            {url ? (
              <img src={url} alt="Current logo" className="max-h-[50px] max-w-[140px] object-contain" />
            ) : (
              <Spinner size="sm" label="Loading the logo" />
            )}
            <p className="text-sm text-muted-foreground">
              {logo.fileName} · {formatBytes(logo.sizeBytes)}
            </p>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">No logo: documents are issued without one.</p>
        )}
      </div>
      <PictureInput
        id="issuer-logo"
        label="Upload logo"
        contentTypes={LOGO_CONTENT_TYPES}
        maxBytes={LOGO_MAX_BYTES}
        pending={upload.isPending}
        error={error}
        onRefused={setError}
        onChoose={choose}
      />
      {upload.isPending && <Spinner size="sm" label="Uploading the logo" />}
      {logo && (
        <div>
          <Button variant="outline" onClick={() => setConfirming(true)} disabled={remove.isPending}>
            Remove
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove the logo?"
        description="Invoices and credit notes issued from now on show no logo. Those already issued keep theirs."
        confirmLabel="Remove logo"
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              setError(undefined);
              toast.success('Logo removed');
            },
            onError: (failure) => {
              setConfirming(false);
              setError(refusalOf(failure));
            },
          })
        }
      />
    </section>
  );
}
