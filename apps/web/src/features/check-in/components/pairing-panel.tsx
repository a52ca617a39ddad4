import type { Pairing } from '@portal/shared/check-in';
import { CopyLinkField } from '@/components/copy-link-field';
import { QrCode } from '@/components/qr-code';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/**
 * A device's pairing, shown once: the phone scans the QR code (or opens the link), or its user types
 * the code. Shown in the organiser's own time, as it is read off this screen now.
 */
export function PairingPanel({ pairing }: { pairing: Pairing }) {
  return (
    <div className="grid gap-4">
      <ol className="list-decimal pl-5 text-sm text-muted-foreground">
        <li>On the phone or tablet, scan this code with the camera, or open the link.</li>
        <li>Or open the check-in app on it and type the pairing code.</li>
      </ol>
      <div className="flex flex-col items-center gap-3">
        <QrCode
          value={pairing.url}
          label={`Pairing QR code for ${pairing.device.name}`}
          className="size-64 max-w-full rounded-lg border"
        />
        <p className="text-center">
          <span className="block text-xs text-muted-foreground">Pairing code</span>
          <span className="font-mono text-3xl font-semibold tracking-widest" data-testid="pairing-code">
            {pairing.code}
          </span>
        </p>
        <p className="text-sm text-muted-foreground">
          Valid until {timeFormat.format(new Date(pairing.expiresAt))}, for one device only.
        </p>
      </div>
      <CopyLinkField id="check-in-pairing-link" label="Pairing link" url={pairing.url} />
      <DialogFooter>
        <DialogClose asChild>
          <Button>Done</Button>
        </DialogClose>
      </DialogFooter>
    </div>
  );
}
