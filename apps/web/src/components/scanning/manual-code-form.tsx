import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

/** The code typed by hand, for a badge whose QR code will not read. */
export function ManualCodeForm({
  onCode,
  submitLabel = 'Check',
}: {
  onCode: (code: string) => void;
  submitLabel?: string;
}) {
  const [code, setCode] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return;
    onCode(code.trim());
    setCode('');
  }
  return (
    <form onSubmit={submit} className="flex items-end gap-2">
      <div className="grid flex-1 gap-1">
        <label htmlFor="typed-code" className="text-sm font-medium">
          Badge code
        </label>
        <Input
          id="typed-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="h-11 font-mono text-lg uppercase"
        />
      </div>
      <Button type="submit" className="h-11">
        {submitLabel}
      </Button>
    </form>
  );
}
