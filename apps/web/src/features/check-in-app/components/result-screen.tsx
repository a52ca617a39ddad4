import { CheckCircle2Icon, CircleAlertIcon, XCircleIcon } from 'lucide-react';
import { useEffect } from 'react';
import { cn } from '@/lib/utils';
import { beep } from '@/lib/scanning/beep';
import { resultText } from '../lib/result-text';
import type { ScanOutcome } from '../lib/station';

/** How long an answer stays before the door is ready for the next badge. */
export const RESULT_SHOWN_MS = 2500;

// Fixed colours, the same in both themes: white on deep green and red, near-black on amber, each
// well above 4.5:1, and the three tell apart by icon and words too, not by colour alone.
const TONES = {
  admitted: { className: 'bg-emerald-800 text-white', Icon: CheckCircle2Icon },
  warning: { className: 'bg-amber-400 text-neutral-950', Icon: CircleAlertIcon },
  refused: { className: 'bg-red-800 text-white', Icon: XCircleIcon },
} as const;

/** The answer to a scan over the whole screen, with its sound; a tap, Enter or 2.5 s brings the scanner back. */
export function ResultScreen({
  outcome,
  timeZone,
  onDone,
}: {
  outcome: ScanOutcome;
  timeZone: string;
  onDone: () => void;
}) {
  const text = resultText(outcome.result, outcome.direction, outcome.code, timeZone);
  const { className, Icon } = TONES[text.tone];

  useEffect(() => {
    beep(text.tone === 'admitted' ? 'success' : 'failure');
    const timer = setTimeout(onDone, RESULT_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [outcome, text.tone, onDone]);

  return (
    <button
      type="button"
      onClick={onDone}
      className={cn(
        'fixed inset-0 z-50 flex w-full flex-col items-center justify-center gap-4 p-6 text-center',
        className,
      )}
      data-result={outcome.result}
    >
      <div role={text.tone === 'admitted' ? 'status' : 'alert'} className="flex flex-col items-center gap-3">
        <Icon aria-hidden className="size-24 sm:size-32" strokeWidth={2.5} />
        <p className="text-5xl font-extrabold tracking-tight sm:text-7xl">{text.title}</p>
        {text.name && <p className="text-3xl font-bold break-words sm:text-5xl">{text.name}</p>}
        {text.lines.map((line) => (
          <p key={line} className="max-w-2xl text-xl font-medium sm:text-3xl">
            {line}
          </p>
        ))}
        {outcome.local && (
          <p className="mt-4 text-base font-medium opacity-90">
            Decided on this device: sent to the server once the connection is back
          </p>
        )}
      </div>
      <span className="sr-only">Tap or press Enter to scan the next badge</span>
    </button>
  );
}
