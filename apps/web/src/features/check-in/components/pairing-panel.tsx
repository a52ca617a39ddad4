import type { Pairing } from '@portal/shared/check-in';
import { CheckIcon, CopyIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { QrCode } from '@/components/qr-code';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { formatPairingCode } from '../lib/device-labels';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/**
 * A device's pairing, shown once: the phone scans the QR code (or opens the link), or its user types
 * the code. Shown in the organiser's own time, as it is read off this screen now.
 */
export function PairingPanel({ pairing }: { pairing: Pairing }) {
  const [copied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const code = formatPairingCode(pairing.code);

  async function copy() {
    try {
      await navigator.clipboard.writeText(pairing.url);
      setCopied(true);
      toast.success('Link copied');
    } catch {
      // Without clipboard access (an insecure origin), select it for the user to copy.
      input.current?.select();
      toast.info('Press Ctrl+C or ⌘C to copy the selected link');
    }
  }

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
            {code}
          </span>
        </p>
        <p className="text-sm text-muted-foreground">
          Valid until {timeFormat.format(new Date(pairing.expiresAt))}, for one device only.
        </p>
      </div>
      <div className="grid gap-1.5">
        <label htmlFor="check-in-pairing-link" className="text-sm font-medium">
          Pairing link
        </label>
        <div className="flex gap-2">
          <Input
            ref={input}
            id="check-in-pairing-link"
            readOnly
            value={pairing.url}
            onFocus={(event) => event.currentTarget.select()}
            className="font-mono text-xs"
          />
          <Button type="button" variant="outline" onClick={copy}>
            {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
            {copied ? 'Copied' : 'Copy link'}
          </Button>
        </div>
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button>Done</Button>
        </DialogClose>
      </DialogFooter>
    </div>
  );
}
