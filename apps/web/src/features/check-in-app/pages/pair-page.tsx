import { pairBodySchema } from '@portal/shared/check-in';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { pairDevice } from '../lib/device-api';
import { savePairedDevice } from '../lib/device-db';
import { installDoorApp } from '../lib/pwa';

/** The code the organiser's pairing link carries after `#code=`: kept out of the server's logs. */
function codeFromHash(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('code') ?? '';
}

/** `/check-in/pair`: turns a pairing code into this device's token, then opens the scanner. */
export function PairPage() {
  const navigate = useNavigate();
  const [code, setCode] = useState(() => codeFromHash(window.location.hash));
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const tried = useRef(false);

  async function pair(value: string) {
    const parsed = pairBodySchema.safeParse({ code: value });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Give the 8-character pairing code');
    setError(null);
    setPending(true);
    try {
      const { token, device } = await pairDevice(parsed.data.code);
      await savePairedDevice({ token, info: device, pairedAt: new Date().toISOString() });
      navigate(paths.checkIn.href(), { replace: true });
    } catch (cause) {
      setError((cause as Error).message);
      setPending(false);
    }
  }

  useEffect(() => {
    document.title = 'Pair this device · Check-in';
    installDoorApp();
    // The code is single use: it leaves the address bar and the history at once.
    if (window.location.hash) window.history.replaceState(null, '', window.location.pathname);
    if (code && !tried.current) {
      tried.current = true;
      void pair(code);
    }
    // Pairs once, with the code the link carried.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    void pair(code);
  }

  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-4 p-6">
      <h1 className="text-2xl font-bold">Pair this device for check-in</h1>
      <p className="text-muted-foreground">
        Type the pairing code the organiser gave you, or open the pairing link on this device.
      </p>
      <form onSubmit={submit} className="grid gap-3" noValidate>
        <label htmlFor="pairing-code" className="text-sm font-medium">
          Pairing code
        </label>
        <Input
          id="pairing-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          placeholder="XXXX-XXXX"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          className="h-12 font-mono text-xl tracking-widest uppercase"
          aria-invalid={Boolean(error)}
          aria-describedby={error ? 'pairing-error' : undefined}
        />
        {error && (
          <p id="pairing-error" role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        )}
        <Button type="submit" size="lg" disabled={pending}>
          {pending ? 'Pairing…' : 'Pair'}
        </Button>
      </form>
    </main>
  );
}
