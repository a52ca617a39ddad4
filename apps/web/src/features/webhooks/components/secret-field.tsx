import { CheckIcon, CopyIcon, EyeIcon, EyeOffIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

/** The signing secret, hidden until asked for, with a copy button (the text stays selectable without clipboard access). */
export function SecretField({ id, secret }: { id: string; secret: string }) {
  const [shown, setShown] = useState(false);
  const [copied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
      toast.success('Secret copied');
    } catch {
      setShown(true);
      input.current?.select();
      toast.info('Press Ctrl+C or ⌘C to copy the selected secret');
    }
  }

  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        Signing secret
      </label>
      <div className="flex gap-2">
        <Input
          ref={input}
          id={id}
          readOnly
          type={shown ? 'text' : 'password'}
          value={secret}
          onFocus={(event) => event.currentTarget.select()}
          className="font-mono text-xs"
          aria-describedby={`${id}-hint`}
        />
        <Button
          type="button"
          variant="outline"
          size="icon"
          onClick={() => setShown(!shown)}
          aria-label={shown ? 'Hide secret' : 'Show secret'}
        >
          {shown ? <EyeOffIcon aria-hidden /> : <EyeIcon aria-hidden />}
        </Button>
        <Button type="button" variant="outline" onClick={copy} aria-label="Copy secret">
          {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
          <span className="hidden sm:inline">{copied ? 'Copied' : 'Copy'}</span>
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        Your receiver checks each message’s <code>webhook-signature</code> with it (Standard Webhooks). Keep it secret.
      </p>
    </div>
  );
}
