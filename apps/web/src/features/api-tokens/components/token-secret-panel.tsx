import { CheckIcon, CopyIcon, TriangleAlertIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';

/**
 * A new token's secret, shown this once: the portal keeps only its hash, so closing the dialog
 * loses it for good. The clipboard may be out of reach, so the text is selectable too.
 */
export function TokenSecretPanel({ token }: { token: string }) {
  const [copied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(token);
      setCopied(true);
      toast.success('Token copied');
    } catch {
      input.current?.select();
      toast.info('Press Ctrl+C or ⌘C to copy the selected token');
    }
  }

  return (
    <div className="grid gap-4">
      <div
        role="alert"
        className="flex items-start gap-2 rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm text-foreground"
      >
        <TriangleAlertIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
        <span>
          Copy this token now: it is shown only this once. Keep it secret, like a password: whoever holds it acts as you
          with the permissions you chose, until it expires or you revoke it.
        </span>
      </div>
      <div className="grid gap-1.5">
        <label htmlFor="api-token-secret" className="text-sm font-medium">
          Your new token
        </label>
        <div className="flex gap-2">
          <Input
            ref={input}
            id="api-token-secret"
            readOnly
            value={token}
            onFocus={(event) => event.currentTarget.select()}
            className="font-mono text-xs"
          />
          <Button type="button" variant="outline" onClick={copy} aria-label="Copy token">
            {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
            <span className="hidden sm:inline">{copied ? 'Copied' : 'Copy'}</span>
          </Button>
        </div>
      </div>
      <p className="text-sm text-muted-foreground">
        Send it in the <code className="font-mono text-xs">Authorization: Bearer …</code> header of each request to the
        API.
      </p>
      <DialogFooter>
        <DialogClose asChild>
          <Button>I have copied it</Button>
        </DialogClose>
      </DialogFooter>
    </div>
  );
}
