import { CheckIcon, CopyIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

/** A link to hand on, with a copy button; the clipboard may be out of reach, so the text is selectable too. */
export function CopyLinkField({ id, label, url }: { id: string; label: string; url: string }) {
  const [copied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast.success('Link copied');
    } catch {
      // Without clipboard access (an insecure origin), select it for the user to copy.
      input.current?.select();
      toast.info('Press Ctrl+C or ⌘C to copy the selected link');
    }
  }

  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        <Input
          ref={input}
          id={id}
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="font-mono text-xs"
        />
        <Button type="button" variant="outline" onClick={copy} aria-label="Copy link">
          {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
          <span className="hidden sm:inline">{copied ? 'Copied' : 'Copy'}</span>
        </Button>
      </div>
    </div>
  );
}
